"""The solver's tree: every step and branch of a chain as a node with its next nodes and numbers.

**Branches.**  A chain need not be a straight line (issue 9):

* a D6 test may have a band of **non-critical failures** (:attr:`Step.partial`: faces
  ``partial..target-1``, e.g. a pass that is inaccurate but not fumbled; a natural 1 and lower
  faces are critical).  After any failure the coach may re-roll as usual; a *final* non-critical
  failure goes on with the step's :attr:`Step.branch`, then the main line; a critical one ends
  the chain.  A block may likewise have non-critical results (:attr:`BlockStep.branch`, goal
  ``down``): the faces that leave the attacker standing but the defender up (a Push, a Stumble
  against Dodge, Both Down when both have Block), e.g. Frenzy's second block.  With a branch,
  accepting a failed roll is no longer worth 0, so a failed Pro or Loner roll leaves the roll
  as it was (the coach then weighs a further team re-roll against keeping it: the options
  ``pro``/``pro+team`` and ``team``/``team+team`` are both offered);
* a :class:`Dauntless` roll splits the chain: its success and failure branches (typically the
  block with different dice), then the main line; the roll may be re-rolled as any own D6;
* :class:`Alternatives`: exact weights, each alternative's steps then the main line, the rest
  of the probability a failure; they may be a player's first item (:attr:`Alternatives.player`, e.g.
  an opponent's roll against that player decides which steps it takes): the solver needs no change
  for it, since every step names its player, so that player's Pro, Loner and once-per-turn skills are
  the same in every alternative;
* a failed **Hypnotic Gaze** ends only the gazer's activation, with no turnover, whatever the face (BBBase
  ``docs/bb2020/core_rules/skills_and_traits.md`` and ``docs/bb2025/core_rules/skills_and_traits.md``
  HYPNOTIC GAZE: on a failure nothing happens and the activation ends; FFB
  ``step/bb2016|bb2020|bb2025/move/StepHypnoticGaze.java``: a failed roll, once no re-roll is taken, ends the
  player's action and publishes no turnover): so its band may start at 1 (:data:`LOWEST_BAND_ONE`, ``G3~1``),
  every failure then going on by the branch once the re-rolls are decided;
* a **Diving Tackle** on a dodge (:attr:`Step.diving_tackle`; in BB2020 and BB2025 on a jump or leap too, at
  the same moment, :data:`DIVING_TACKLE_KINDS`), an opponent's choice made to lower our chance: the
  diver takes 2 off a dodge it can turn from a pass into a failure (a natural 6 still passes).  When it
  is decided, per edition (sources: FUMBBL ``christerk/ffb``
  ``skill/bb2016/DivingTackle.java`` and ``skill/mixed/DivingTackle.java`` (BB2020, BB2025) with their
  ``skillbehaviour/bb20xx/DivingTackleBehaviour.java``; BBBase ``docs/bb2020/core_rules/faq_290525.md``,
  ``docs/bb2020/core_rules/skills_and_traits.md``, ``docs/bb2025/core_rules/skills_and_traits.md`` and
  ``latest_faq.md``; ``data/skills/diving-tackle.yml``; rules-facts "Diving Tackle / Timing"):

  - BB2025: once the test is rolled and every re-roll and modifier applied (skill text; the
    FAQ's dodge order: roll and re-rolls, then Diving Tackle).  A roll it fails is never
    re-rolled: the dodge passes only on ``target + 2`` (or a 6), and a failure below ``target``
    may still be re-rolled (needing ``target + 2``).
  - BB2020: declared once our test has passed (skill text), before our re-roll decision; the
    May 2025 FAQ lets it come on a re-rolled dodge too, and lets a dive on the first roll be
    re-rolled, the -2 still applying.  So every roll of that dodge needs ``target + 2``: the
    dodge is played as a dodge at ``min(target + 2, 6)``.
  - classic (LRB6/CRP as the FFB BB2016 class quotes it, ``data/skills/diving-tackle.yml``): the
    skill is used "after" the dodge roll, with no condition that the roll passed; if not used on
    the first roll it may be used on the re-roll, and once used its -2 stays for the re-roll.
    FFB offers it only when it turns a pass into a failure; ``njustesen/botbowl``
    (``core/procedure.py`` ``Dodge``) has the diver decide *before* the roll, which can only be
    worse for the diver.  Either way a re-rolled dodge needs ``target + 2``, so classic plays as
    BB2020.  The diver's own fate (Placed Prone, its tackle zone) is not part of the chain.

  The opponent dives whenever that lowers our chance (it never raises it).  With the dodger's Break Tackle
  on the same dodge, the bonus may still save the dived die (:func:`_dive_and_break`);
* a **"do not re-roll" mark** (``no_reroll`` on :class:`Step`, :class:`BlockStep`, :class:`Dauntless`):
  no team re-roll, Pro or skill on that roll; a **"no team re-roll" mark** (``no_team_reroll``, ``'``): no team
  re-roll on that roll (nor, in classic, on its failed Pro roll), Pro, a skill or a star rule still may.


The solver keeps one implementation: the steps and their branches become nodes in pre-order
(:func:`_tree`), each with explicit next nodes (success, non-critical failure, alternatives), so
a straight chain's step i is node i; the states are (node, re-roll resources), and what a state
remembers is cut to what the node's descendants can use.

Values are Fractions; states are memoised per call (no global state).  A state keeps only
what a later step can use: a once-per-turn skill's use while its player still has a step
that skill re-rolls, Pro's while its player still has a step Pro may re-roll (players roll
in turn, so that is the current player's alone), and of the team re-rolls left and used this
turn only how many may still be used.  So the number of states grows linearly with the steps, not
exponentially with the players.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from ..block import FACES
from ..editions import resolve
from ..rerolls import AGILITY_KINDS, NOT_REROLLED_KINDS, OPPONENT_KINDS, STRONG_PASS_BONUS, SWIFT_KINDS
from ..rolls import face_chance
from .kinds import APPEAL_KINDS, BLOCK_CASES, DIVING_TACKLE_AFTER_REROLLS, ONE_DIE_SKILLS
from .bonuses import pair_cases
from .footing import block_fall_faces
from .model import Chain
from .steps import AnyStep, Alternatives, ArmourStep, BlockStep, Dauntless, InjuryStep, Step, children, walk

_ZERO = Fraction(0)
_ONE = Fraction(1)


def _scale(c: Fraction, terms: tuple) -> tuple:
    return tuple((c * k, j, st) for k, j, st in terms)


#: a roll's outcome classes: a success, a non-critical failure (the chain goes on by the step's branch),
#: a critical failure (the chain ends)
_S, _N, _C = 2, 1, 0


def _one_die(att: bool, others: str, q: tuple) -> tuple:
    """(P(S), P(N)) of a block roll once one die is re-rolled (``q``: that die's (P(S), P(N))), the others
    standing for ``others``: ``new`` (they cannot help: the new die decides), ``push`` (their best, or for the
    defender's choice their worst, is a non-critical face) or ``none`` (the defender keeps a critical one)."""
    if others == "new":
        return q
    if others == "none":
        return (_ZERO, _ZERO)
    return (q[0], _ONE - q[0]) if att else (_ZERO, q[0] + q[1])


def _knocks_attacker_down(s: BlockStep, faces: tuple) -> bool:
    """Whether a block roll showing ``faces`` (block face numbers) leaves the attacker Knocked Down, as FFB's
    ``UtilPlayer.blockWouldKnockDownAttacker`` reads it: a die knocks the attacker down on Player Down, or on Both
    Down without Block (nor Juggernaut, which turns it into a Push on a Blitz); every die must when the attacker
    chooses, any die may when the defender does."""
    safe = bool(s.attacker & {"block", "juggernaut"})
    down = [FACES[f] == "attacker_down" or (FACES[f] == "both_down" and not safe) for f in faces]
    return all(down) if s.dice > 0 else any(down)


def _block_cases(s: BlockStep, with_nc: bool, split: bool = False, woodland: bool = False,
                 falls: frozenset = frozenset()) -> tuple:
    """Return ``(P(S), P(N), {case: (P, accept class, one-die others, Brawler others or None)})`` of a block roll.

    Every ordered roll is enumerated; a die's class is S (a face of :meth:`BlockStep.good_faces`), N (with
    ``with_nc``: a face where the attacker stays standing but the step is not a success: the ``standing``
    goal's good faces minus these) or C.  The attacker keeps the best die, the defender gives the worst.
    A failed roll's case says what accepting it gives and what re-rolling one die (Pro in BB2020/BB2025,
    or Brawler on a Both Down die) can give; ``split`` (Savage Blow) names the defender's ``all_dice`` rolls by
    their number of failing dice, ``all_dice/2``, ``all_dice/3``: the best die to re-roll is always one of the lowest class, so
    the others' class does not depend on values; ``woodland`` (Woodland Fury) adds ``/down`` to the name of a roll
    that knocks the attacker down (:func:`_knocks_attacker_down`); ``falls``: the faces Steady Footing may turn into
    a success (:func:`calculators.chain.footing.block_fall_faces`), then the non-critical class.  Without ``with_nc``
    the cases are :data:`BLOCK_CASES`.
    """
    good = s.good_faces()
    nc = falls or ((replace(s, goal="standing", branch=None).good_faces() - good) if with_nc else frozenset())
    cls = {f: (_S if f in good else _N if f in nc else _C) for f in FACES}
    n, att = abs(s.dice), s.dice > 0
    w = Fraction(1, 6 ** n)
    p_s = p_n = _ZERO
    cases: dict = {}

    def others(rest: list) -> str:
        if not rest:
            return "new"
        o = max(rest) if att else min(rest)
        if att:
            return "push" if o == _N else "new"
        return "new" if o == _S else "push" if o == _N else "none"

    # the die to re-roll is the one whose others leave the best fallback: for the attacker a kept non-critical die
    # ("push") beats none ("new": the new die alone decides); for the defender others all succeeding ("new") is best
    rank = {"push": 2, "new": 1, "none": 0} if att else {"new": 2, "push": 1, "none": 0}
    # the dice a free one-die skill may re-roll: Brawler's Both Down (always weighed, used only with Brawler), or
    # with Hatred, Unstoppable Momentum or Working in Tandem the faces of every one-die skill the attacker has (ONE_DIE_SKILLS)
    special = bool(s.attacker & {"hatred", "unstoppable-momentum", "working-in-tandem"})

    def eligible(face: str) -> bool:
        if not special:
            return face == "both_down"
        return any(k in s.attacker and (f is None or face in f) for k, f in ONE_DIE_SKILLS.items())

    for faces in product(FACES, repeat=n):
        c = [cls[f] for f in faces]
        res = max(c) if att else min(c)
        if res == _S:
            p_s += w
            continue
        if res == _N:
            p_n += w
        outs = [others(c[:j] + c[j + 1:]) for j in range(n)]
        pro = max(outs, key=rank.__getitem__)
        bd = [outs[j] for j in range(n) if eligible(FACES[faces[j]])]
        brawl = max(bd, key=rank.__getitem__) if bd else None
        skill_case = "skill_die" if special else "both_down"
        if with_nc:
            name = (f"{'non_critical' if res == _N else 'critical'}/{pro}"
                    + (f"/{'skill' if special else 'brawler'}-{brawl}" if brawl else ""))
            if split:  # Savage Blow on a block with a branch: its dice by class, S N C (_savage_dists)
                name += f"/sb{c.count(_S)}{c.count(_N)}{c.count(_C)}"
        else:
            name = "all_dice" if pro == "none" else skill_case if bd else "one_die"
            if split and name == "all_dice":
                name += f"/{sum(1 for x in c if x != _S)}"
        if woodland and _knocks_attacker_down(s, faces):
            name += "/down"
        old = cases.get(name)
        cases[name] = ((old[0] if old else _ZERO) + w, res, pro, brawl)
    order = list(BLOCK_CASES) + sorted(k for k in cases if k not in BLOCK_CASES)
    return p_s, p_n, {k: cases[k] for k in order if k in cases}


class _Node:
    """One node of the solver's tree (internal): a step, where each outcome leads, and its numbers.

    ``kind``: ``roll`` (ours to re-roll: a D6 test, a block, a Dauntless roll), ``opp`` (an opponent's
    roll), ``armour``, ``alt`` (weighted alternatives) or ``end``.  ``succ``: the next node on a success
    (or the only next node); ``nc``: the next node on a non-critical failure (None: there is none);
    ``alts``: ``((weight, node), ...)``.  A roll node has ``p_ok`` (P(first roll succeeds)), ``cases``
    ``{case: (P(the first roll fails so), accepted class, may be re-rolled, one-die dist, Brawler dist)}``
    and ``again`` ((P(S), P(N)) of a re-roll of the whole roll); ``bonus``: None, or for a D6 test with a bonus
    added after the roll (Break Tackle, BB2025 Consummate Professional) ``(P(one die fails within it), the
    resource's name)``; ``pair``: None, or on a BB2025 dodge with both Break Tackle and Consummate Professional's +1
    (:mod:`calculators.chain.bonuses`) the Break Tackle bonus, ``bonus`` then None.
    """

    __slots__ = ("kind", "step", "succ", "nc", "alts", "p_ok", "cases", "again", "bonus", "pair")

    def __init__(self, kind: str, step: object = None) -> None:
        self.kind, self.step = kind, step
        self.succ, self.nc, self.alts = 0, None, ()
        self.p_ok, self.cases, self.again = _ZERO, {}, (_ZERO, _ZERO)
        self.bonus: tuple | None = None
        self.pair: int | None = None


def _tree(chain: Chain) -> tuple[list, list]:
    """Return ``(nodes, main)``: the steps of ``chain`` and of every branch as nodes in pre-order (a straight
    chain's step i is node i; the last node is ``end``), and the node index of each main-line step."""
    nodes: list[_Node] = []
    kids: dict[int, list] = {}

    def number(seq: tuple) -> list[int]:
        out = []
        for s in seq:
            j = len(nodes)
            nodes.append(_Node("", s))
            out.append(j)
            kids[j] = [number(branch) for _, branch in children(s)]
        return out

    def entry(idxs: list, cont: int) -> int:
        return idxs[0] if idxs else cont

    def link(seq: tuple, idxs: list, cont: int) -> None:
        for k, (s, j) in enumerate(zip(seq, idxs)):
            nxt = idxs[k + 1] if k + 1 < len(idxs) else cont
            node = nodes[j]
            node.succ = nxt
            for (_, branch), b in zip(children(s), kids[j]):
                link(branch, b, nxt)
            _fill(chain.edition, node, s, [entry(b, nxt) for b in kids[j]], _after_roll(chain, s),
                  _savage(chain, s), isinstance(s, BlockStep) and chain.players[s.player].woodland,
                  block_fall_faces(chain, s))

    main = number(chain.steps)
    nodes.append(_Node("end"))
    link(chain.steps, main, len(nodes) - 1)
    return nodes, main


def _plus_one(chain: Chain, s: AnyStep) -> bool:
    """True when BB2025 Consummate Professional's +1 may save a die of step ``s``: an Agility test
    (:data:`calculators.rerolls.AGILITY_KINDS`) of a player with the rule, without a non-critical band or Diving
    Tackle (not modelled there; :mod:`calculators.rerolls`)."""
    return (chain.ed.bb2025 and isinstance(s, Step) and s.kind in AGILITY_KINDS
            and chain.players[s.player].consummate and s.partial is None and not s.diving_tackle)


def _after_roll(chain: Chain, s: AnyStep) -> tuple[int, str] | None:
    """``(bonus, star rule)`` of a once-per-game bonus a player adds to step ``s``'s die after seeing it, or None
    (:mod:`calculators.rerolls`): BB2025 Consummate Professional's +1 (:func:`_plus_one`; on a dodge with Break
    Tackle too, the two bonuses then weighed together, :mod:`calculators.chain.bonuses`), Strong Passing Game's +3
    on a pass without an inaccurate band, Swift as the Breeze on a dodge, jump or rush (any die from 2 passes: the
    bonus is the target less 2); none on a step with a non-critical band or Diving Tackle, and with Break Tackle only
    the +1."""
    if not isinstance(s, Step) or s.partial is not None or s.diving_tackle:
        return None
    pl = chain.players[s.player]
    if _plus_one(chain, s):
        return (1, "consummate")
    if s.break_tackle:
        return None
    if pl.strong and s.kind == "pass":
        return (STRONG_PASS_BONUS, "strong")
    if pl.swift and s.kind in SWIFT_KINDS and s.target > 2:
        return (s.target - 2, "swift")
    return None


def _block_action(s: AnyStep) -> bool:
    """True when ``s`` is a Block action's block: no Juggernaut, no Unstoppable Momentum (those say a Blitz)."""
    return isinstance(s, BlockStep) and not s.attacker & {"juggernaut", "unstoppable-momentum"}


def _read_as_block_action(chain: Chain, s: AnyStep) -> bool:
    """True when block ``s`` counts as a Block action's for the star rules that say "Block Action" (BB2020/BB2025
    Savage Blow, BB2025 Lord of Chaos), under the chain's reading (:data:`calculators.rerolls.SAVAGE_BLOW_READINGS`):
    ``rulebook`` (the default) a Block action's block (:func:`_block_action`, and no step of that player but blocks,
    Dauntless rolls, armour and injury rolls: a move makes it a Blitz), ``fumbbl`` any block (FFB's StepBlockRoll
    does not check the action for either rule); with or without a non-critical branch (Frenzy's second block is
    still the same action's)."""
    if not isinstance(s, BlockStep):
        return False
    if chain.savage_reading == "fumbbl":
        return True
    moves = any(not isinstance(t, (BlockStep, Dauntless, ArmourStep, InjuryStep, Alternatives)) and t.player == s.player
                for _, t in walk(chain.steps))
    return _block_action(s) and not moves


def _savage(chain: Chain, s: AnyStep) -> bool:
    """True when Savage Blow may re-roll the dice of block ``s``: a player with the rule, on a block read as a
    Block action's (:func:`_read_as_block_action`; :mod:`calculators.rerolls`)."""
    return isinstance(s, BlockStep) and chain.players[s.player].savageblow and _read_as_block_action(chain, s)


def _lord_of_chaos(chain: Chain, s: AnyStep) -> bool:
    """True when Lord of Chaos (BB2025) may re-roll one die of block ``s``: a player with the rule, on a block read
    as a Block action's, as for Savage Blow (:func:`_read_as_block_action`; :mod:`calculators.rerolls`)."""
    return isinstance(s, BlockStep) and chain.players[s.player].lordofchaos and _read_as_block_action(chain, s)


def _savage_dists(s: BlockStep, case: str) -> tuple:
    """Every ``(P(S), P(N))`` Savage Blow can give a failed roll of block ``s`` with a branch: the case names its dice
    by class (``…/sbXYZ``: X succeeding, Y non-critical, Z critical), and each non-empty set of dice to re-roll gives
    one; the attacker then keeps the best die, the defender gives the worst.  The solver takes the best by value,
    since with a branch a non-critical result may be worth keeping."""
    have = [int(x) for x in case.rsplit("/sb", 1)[1]]
    good = s.good_faces()
    standing = replace(s, goal="standing", branch=None).good_faces()
    q_s, q_n = Fraction(len(good), 6), Fraction(len(standing - good), 6)
    att = s.dice > 0
    out = set()
    for rs in range(have[0] + 1):
        for rn in range(have[1] + 1):
            for rc in range(have[2] + 1):
                m = rs + rn + rc
                if not m:
                    continue
                kept = (have[0] - rs, have[1] - rn, have[2] - rc)
                if att:  # the best die: S if any, else N if any
                    p_s = _ONE if kept[0] else 1 - (1 - q_s) ** m
                    p_up = _ONE if kept[0] or kept[1] else 1 - (1 - q_s - q_n) ** m
                else:  # the worst die
                    p_s = _ZERO if kept[1] or kept[2] else q_s ** m
                    p_up = _ZERO if kept[2] else (q_s + q_n) ** m
                out.add((p_s, p_up - p_s))
    # a non-critical result is worth no more than a success (its branch's steps come before the same main line), so
    # a set of dice is useless when another gives as much success and as much success or non-critical result
    return tuple(sorted(d for d in out if not any(e != d and e[0] >= d[0] and sum(e) >= sum(d) for e in out)))


def _savage_dist(s: BlockStep, case: str) -> tuple:
    """(P(S), P(N)) of Savage Blow's best re-roll of a failed block roll of ``case`` (no branch, so P(N) is 0): every
    die when the attacker chooses, the failing dice when the defender does (one in ``one_die``, ``both_down``,
    ``skill_die``; two in ``all_dice`` of two dice; the number after ``all_dice/``)."""
    q = Fraction(len(s.good_faces()), 6)
    if s.dice > 0:
        return (1 - (1 - q) ** s.dice, _ZERO)
    k = 1 if not case.startswith("all_dice") else int(case.split("/")[1]) if "/" in case else 2
    return (q ** k, _ZERO)


def _within(target: int, bonus: int) -> Fraction:
    """P(one die fails a ``target``+ test but passes with ``bonus`` added): faces ``target - bonus`` to
    ``target - 1``, never a natural 1."""
    return Fraction(len([f for f in range(2, 6) if target - bonus <= f < target]), 6)


#: the failed-roll cases of a dodge that Break Tackle's bonus turns into a pass (against Diving Tackle in BB2025,
#: ``dived_within``: a die the dive failed after every re-roll, which the bonus still saves)
BONUS_CASES: frozenset[str] = frozenset({"within_bonus", "dived_within"})


def _dive_and_break(edition: str, node: _Node, s: Step) -> None:
    """A dodge with Break Tackle (bonus ``b``) against an opponent's Diving Tackle (-2): a node's numbers.

    Classic has no Break Tackle bonus (:data:`calculators.rerolls.BREAK_TACKLE_BONUSES`).  BB2020 (the dive
    comes before the coach's re-roll and its -2 stays for it; :data:`DIVING_TACKLE_AFTER_REROLLS`): every roll
    of the dodge needs ``target + 2``, and Break Tackle saves a die from ``target + 2 - b`` up, so the step is a
    dodge at ``target + 2`` with the bonus.  BB2025 (the dive once every re-roll and modifier is applied): a die
    of ``target + 2`` or a 6 passes; a die from ``target`` up has passed, so it is not re-rolled, and the dive
    fails it unless the bonus reaches ``target + 2`` (``dived_within``; else ``dived``); a die below ``target``
    failed and may be re-rolled, or saved by the bonus when that still reaches ``target + 2`` after the dive
    (``within_bonus``; else ``beyond_bonus``).  The diver always dives on a die it can fail: a die the bonus
    saves costs the dodger its once-per-turn Break Tackle.  Sources: BBBase
    ``docs/bb2020|bb2025/core_rules/skills_and_traits.md`` BREAK TACKLE and DIVING TACKLE, the BB2025 FAQ's
    dodge order (``latest_faq.md``); FFB ``skill/mixed/DivingTackle``, ``skill/bb2020|bb2025/BreakTackle``.
    """
    b, top = s.break_tackle, s.target + 2
    q = face_chance(top)
    node.p_ok, node.again = q, (q, _ZERO)
    node.bonus = (_within(top, b), "break-tackle")
    if not DIVING_TACKLE_AFTER_REROLLS[resolve(edition).family]:
        classes = {"within_bonus": _within(top, b), "beyond_bonus": _ONE - q - _within(top, b)}
        node.cases = {k: (p, _C, True, None, None) for k, p in classes.items() if p}
        return
    cases: dict[str, list] = {}
    for face in range(1, 6):  # a 6 always passes; the other faces below top fail, each in its case
        if face >= top:
            continue
        saved = face != 1 and face + b >= top
        if face >= s.target:
            name, rerollable = ("dived_within" if saved else "dived"), False
        else:
            name, rerollable = ("within_bonus" if saved else "beyond_bonus"), True
        cases.setdefault(name, [_ZERO, rerollable])[0] += Fraction(1, 6)
    node.cases = {k: (p, _C, rerollable, None, None) for k, (p, rerollable) in cases.items()}


def _fill_block(node: _Node, s: BlockStep, entries: list[int], savage: bool, woodland: bool, falls: frozenset) -> None:
    """A block node's branch and numbers (:func:`_fill`'s arguments): its cases from :func:`_block_cases`, each with
    what one re-rolled die (Pro, or Brawler and the other one-die skills) can give."""
    with_nc = s.branch is not None or bool(falls)
    if s.branch is not None:
        node.nc = entries[0] if s.branch else node.succ
    p_s, p_n, cases = _block_cases(s, with_nc, savage, woodland, falls)  # Savage Blow: cases by failing dice
    q = (Fraction(len(s.good_faces()), 6), _ZERO)
    if with_nc:
        standing = replace(s, goal="standing", branch=None).good_faces()
        q = (q[0], Fraction(len(falls or standing - s.good_faces()), 6))
    att = s.dice > 0
    node.p_ok, node.again = p_s, (p_s, p_n)
    node.cases = {k: (p, res, True, _one_die(att, pro, q), _one_die(att, brawl, q) if brawl else None)
                  for k, (p, res, pro, brawl) in cases.items()}


def _fill(edition: str, node: _Node, s: AnyStep, entries: list[int], after: tuple[int, str] | None = None,
          savage: bool = False, woodland: bool = False, falls: frozenset = frozenset()) -> None:
    """Set a node's kind, branches and numbers (``entries``: each branch's first node, as :func:`children`;
    ``after``: a star rule's bonus after the roll, :func:`_after_roll`; ``woodland``: Woodland Fury's
    block cases, :func:`_block_cases`; ``falls``: a block's faces Steady Footing may save, its non-critical class,
    whose node :func:`calculators.chain.footing.add_footing` adds)."""
    if isinstance(s, Alternatives):
        node.kind = "alt"
        node.alts = tuple((Fraction(w), e) for (w, _), e in zip(s.options, entries))
        return
    if isinstance(s, (ArmourStep, InjuryStep)):  # 2D6 rolls nothing of the chain re-rolls
        node.kind = "armour"
        return
    if s.kind in APPEAL_KINDS:  # rolled only after its foul's send-off: folded into that foul's node
        node.kind = "appeal"
        return
    if s.kind in OPPONENT_KINDS:
        node.kind = "opp"
        # Cloud Burster (an interception's skill mark, BB2020): a successful interception is re-rolled
        node.p_ok = _ONE - (s.p() * s.p() if s.skill else s.p())
        return
    node.kind = "roll"
    if isinstance(s, Dauntless):
        # a success leads to one branch, any failure to the other: every failure is "non-critical"
        p = s.p()
        node.succ, node.nc = entries
        node.p_ok, node.again = p, (p, _ONE - p)
        node.cases = {None: (_ONE - p, _N, True, None, None)}
        return
    if isinstance(s, BlockStep):
        _fill_block(node, s, entries, savage, woodland, falls)
        return
    p = s.p()
    if s.diving_tackle and s.break_tackle:
        _dive_and_break(edition, node, s)
        return
    if s.diving_tackle:
        # the dodger needs 2 more when the diver acts (a natural 6 still passes: face_chance caps at 6)
        q = face_chance(s.target + 2)
        node.p_ok, node.again = q, (q, _ZERO)
        if DIVING_TACKLE_AFTER_REROLLS[resolve(edition).family]:
            # BB2025: the dive comes once every re-roll is done: a roll it fails is not re-rolled
            node.cases = {None: (_ONE - p, _C, True, None, None), "dived": (p - q, _C, False, None, None)}
        else:
            # classic, BB2020: the dive comes before the coach's re-roll, and its -2 stays for the re-roll
            node.cases = {None: (_ONE - q, _C, True, None, None)}
        return
    node.p_ok = p
    rerollable = s.kind not in NOT_REROLLED_KINDS  # a Bribe, Argue the Call: the coach's roll, never re-rolled
    if s.partial is not None:
        node.nc = entries[-1] if s.branch else node.succ
        if s.success:  # a success goes on by its own branch (entries: the success branch's first)
            node.succ = entries[0]
        p_n = Fraction(s.target - s.partial, 6)
        node.again = (p, p_n)
        node.cases = {"non_critical": (p_n, _N, rerollable, None, None),
                      None: (_ONE - p - p_n, _C, rerollable, None, None)}
        return
    node.again = (p, _ZERO)
    if s.break_tackle and after:  # Break Tackle and BB2025 Consummate Professional's +1 on one dodge
        pair_cases(node, s, rerollable)
        return
    within = s.within_bonus() if s.break_tackle else _within(s.target, after[0]) if after else _ZERO
    if within:  # Break Tackle (once per turn), a star rule's bonus after the roll (once per game): a die short by
        # no more than the bonus may be saved
        node.bonus = (within, "break-tackle" if s.break_tackle else after[1])
        node.cases = {"within_bonus": (within, _C, rerollable, None, None)}
        if _ONE - p - within:
            node.cases["beyond_bonus"] = (_ONE - p - within, _C, rerollable, None, None)
    else:
        node.cases = {None: (_ONE - p, _C, rerollable, None, None)}
