"""The exact dynamic programme over a chain's tree, with the best use of re-rolls.

Re-roll sources and their limits per edition (and, in BB2025, per reading of the Loner
ruling) are those of :mod:`calculators.rerolls`.  On a block:

* a **team re-roll** re-rolls all the block dice (behind the Loner roll; in classic the
  turn's only one);
* **Pro** re-rolls the whole block roll in classic (4+; LRB6 "any one dice roll"; a failed
  Pro roll may be team re-rolled, as for any die) and one block die in BB2020 and BB2025
  (3+; BB2020/BB2025 Pro), as :mod:`calculators.block` models it;
* **Brawler** (BB2020 and BB2025 only) re-rolls one die showing Both Down, on a Block
  action only (BB2025 p. 126; the May 2026 Designer's Commentary and BB2020's answer:
  not in a Blitz; ``data/rulings/brawler-blitz.yml``);
* **Hatred (X)** (BB2025 only; mark ``h``: the block is against a player with the keyword X) re-rolls one
  die showing Player Down, every time (BBBase ``docs/bb2025/core_rules/skills_and_traits.md`` "HATRED (X)";
  FFB ``skill/bb2025/Hatred``; ``data/skills/hatred.yml``);
* **Unstoppable Momentum** (H'thark the Unstoppable, BB2020 and BB2025; mark ``u``, so the block is a Blitz's)
  re-rolls any one block die, every Blitz (BBBase ``docs/bb2020|bb2025/starplayers/H'thark_the_Unstoppable.md``;
  FFB ``skill/mixed/special/UnstoppableMomentum``); not with Brawler (a Block action);
* **Working in Tandem** (Lucien Swift, BB2025; mark ``n``, the block is against a player Valen Swift also Marks)
  re-rolls any one block die, every such block (BBBase ``docs/bb2025/starplayers/Lucien_Swift.md`` at ``87cb594``;
  FFB ``christerk/ffb`` at ``ac2f6d3``, ``skill/bb2025/special/WorkingInTandem``: a single block die re-roll source);
  BB2020's Lucien has Two for One instead, which re-rolls nothing;
* at most one re-roll per block roll, as in :mod:`calculators.block` (a team re-roll
  re-rolls every die, and no die is re-rolled twice), so Brawler, Hatred and Unstoppable Momentum together
  are one free re-roll of the best die any of them may re-roll.  Savage Blow (Anqi Panqi, once per game,
  any number of the dice) is that block roll's re-roll too.

:func:`solve` returns the exact probability that the whole chain succeeds when the
coach uses re-rolls optimally: a dynamic programme over the states (step, team re-rolls
left, team re-rolls used this turn, once-per-turn skills used, Pro used), taking at each
failed die or block roll the best of:

* ``none``: accept the failure (the chain ends);
* ``break-tackle`` (a dodge whose die fell short by no more than the bonus, once per turn): add
  the bonus, and the dodge passes;
* ``skill``: the step's skill re-rolls the die (for a block: Brawler; for a Dauntless roll: Blind Rage);
* ``pro``: the Pro roll, then the die (or block roll, or one block die) is re-rolled if
  it passes;
* ``pro+team`` (classic only): the same, and if the Pro roll fails, a team re-roll
  re-rolls the Pro roll (behind the Loner roll for a Loner player; the turn's only
  team re-roll);
* ``consummate``: BB2020, Consummate Professional re-rolls the die (or one block die), once per game;
  BB2025, its +1 saves an Agility test's die that fell one short (never a natural 1), once per game;
* ``luck``: Halfling Luck or Thinking Man's Troll, the same re-roll as BB2020's Consummate Professional, in BB2020
  and BB2025;
* ``ballista``: The Ballista re-rolls a failed pass or throw (BB2020), a throw of a team-mate (BB2025),
  once per game;
* ``savageblow``: Savage Blow re-rolls the best dice of a Block action's block roll, once per game; on a block
  with a branch (Frenzy) every set of dice is weighed, a Push kept or not (:func:`calculators.chain.tree._savage_dists`);
* ``strong``: Strong Passing Game's +3 saves a pass's die that fell 3 short or less (never a natural 1), once per game;
* ``swift``: Swift as the Breeze passes a failed dodge, jump or rush whose die shows 2 or more, once per game;
* ``leap``: Bounding Leap re-rolls her failed jump or leap, once per game;
* ``woodland``: Woodland Fury re-rolls one die of a block roll that would knock the attacker down, once per game;
* ``team``: a team re-roll, behind the Loner roll for a Loner player;
* ``team+team`` (BB2025, reading ``"rulebook"``, a Loner player, a second team
  re-roll usable): the same, and if the Loner roll fails, a second team re-roll
  re-rolls the Loner die (no Loner roll of its own; see :mod:`calculators.rerolls`);
* ``team+consummate`` (BB2020, Griff with Loner and Consummate Professional unused): the team re-roll, and if the
  Loner roll fails, Consummate Professional re-rolls the Loner die.

After a failed Pro or Loner roll, accepting is worth 0 (the chain ends), so the
follow-up team re-roll is always taken when the rules allow it and one is left: the
``+team`` choices are the whole plan at that die.

**Block dice, exactly.**  Which faces let the step succeed depends only on the skills and
the goal (:meth:`BlockStep.good_faces`): the attacker picks a succeeding face if it has
one, the defender a failing one; so a roll succeeds when any die (attacker's choice) or
every die (defender's choice) shows a succeeding face.  A failed roll's re-roll options
depend only on whether re-rolling *one* die can save it (the attacker's choice, or the
defender's with a single failing die) and whether such a die shows Both Down (Brawler):
three cases, :data:`BLOCK_CASES`.  Every face of every die is enumerated to weigh the
cases; which failing die Pro or Brawler re-rolls makes no further difference, since no
other re-roll may follow on that block.

**Send-offs.**  A chain with a foul also reports the probability that a fouler is sent
off (:func:`sent_off_by_rerolls`).  The coach plays for the greatest chance of success
and, among equally good choices, for the smallest chance of a send-off; both are exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, partial

from ..oldpro import old_pro_rescue
from ..rerolls import (BALLISTA_KINDS, NOT_REROLLED_KINDS, STAR_2D6_REROLLS, ONCE_PER_TURN, SKILL_FOR_KIND,
                       STAR_REROLL_KINDS, d6_at_least, reroll_rules)
from .appeals import appeal_chances, appeal_group
from .bonuses import PAIR_NAMES, PairBonuses, add_save_nodes
from .footing import add_defender_footing, add_footing
from .foulpro import FoulOldPro, foul_options
from .kinds import ONE_DIE_SKILLS
from .model import Chain, Player
from .outcomes import _linked_pairs, mauling_rescues, rolls_2d6, star_reroll_gain
from .steps import AnyStep, ArmourStep, BlockStep, Dauntless, Step, _places, walk
from .tree import BONUS_CASES, _N, _Node, _fill, _lord_of_chaos, _savage, _savage_dist, _savage_dists, _scale, _tree

_ZERO = Fraction(0)
_ONE = Fraction(1)


class _Solver(FoulOldPro, PairBonuses):
    """The memoised solver of one chain (internal; :func:`_solver` hands out its functions).

    A *state* is ``(j, tr, team_used, skills_used, pro_used)``: before node ``j`` of :func:`_tree` (a straight
    chain's step j).  An option after a failure is a tuple of *terms* ``(coefficient, node, (tr, team_used,
    skills_used, pro_used))``: the chance that the chain reaches that node in that state.  ``main``: the node
    of each main-line step.  The memos live on the instance: nothing is kept between chains.

    Raises:
        CalcError: from :meth:`Chain.validate`, on an invalid chain.
    """

    def __init__(self, chain: Chain) -> None:
        chain.validate()
        self.chain = chain
        self.rr = rr = reroll_rules(chain.edition, chain.reading)
        self.players = chain.players
        self.nodes, self.main = _tree(chain)
        self.end = len(self.nodes) - 1
        # Steady Footing (BB2025): the defender's roll after a block that knocks them down, then a fall's node -> its
        # 6+ roll's node, both appended after the end node (chain.footing)
        add_defender_footing(self.nodes, _Node)
        self.falls = add_footing(chain, self.nodes, _Node, _fill)
        self.saves = add_save_nodes(self.nodes, _Node)  # Break Tackle and the +1 on one dodge (chain.bonuses)
        self.cap = rr.team_rerolls_per_turn
        self.pro_q = d6_at_least(rr.pro_target)
        self.ed = ed = chain.ed
        self.pro_whole_roll = ed.classic  # classic Pro re-rolls the whole block roll
        # a 2D6 node's outcomes (node j is the j-th step in pre-order); an armour roll with its injury roll is one
        # joint roll, and its send-off counts as the chain's success when that injury roll is the last step
        self.armour = rolls_2d6(chain)
        linked = {j for j, step, other in _linked_pairs(chain) if isinstance(step, ArmourStep) and other is not None}
        beyond, end = self._beyond, self.end
        self.last = {j for j, nd in enumerate(self.nodes)
                     if nd.kind == "armour" and (beyond(nd.succ) == end
                                                 or (j in linked and beyond(self.nodes[nd.succ].succ) == end))}
        # a foul's send-off group: (P(a Bribe lets the chain go on), P(Argue the Call keeps the fouler, turnover))
        self.appeals = {j: appeal_chances(chain.edition, group, chain.appeal_ejects)
                        for j, (_, seq, i) in enumerate(_places(chain.steps)) if (group := appeal_group(seq, i))}
        self.fouls = any(s.kind == "foul" for _, s in walk(chain.steps))
        # Old Pro (calculators/rerolls.py): an armour roll after a block of a player with it may be saved by one die
        self.rescue = {j: old_pro_rescue(chain.edition, s.av, s.total_modifier(), bonus=s.bonus(), claws=s.claws,
                                         iron_hard_skin=s.iron_hard_skin, injury_modifier=inj.modifier if inj else 0,
                                         need=inj.need if inj else None, table=inj.table() if inj else None,
                                         bonus_on_injury=not s.chainsaw, **s.star_bonuses())
                       for j, s, inj in _linked_pairs(chain)
                       if isinstance(s, ArmourStep) and not s.foul and not s.piling_on and self.players[s.player].oldpro}
        # Old Pro on a foul (calculators/oldpro.py): per pair of armour dice, the outcomes if kept and, when FFB offers
        # it (the armour held, or a double that sends the fouler off), if either die is re-rolled
        self.foul_pro = {j: foul_options(chain.edition, s, inj) for j, s, inj in _linked_pairs(chain)
                         if isinstance(s, ArmourStep) and s.foul and not s.lone_fouler and self.players[s.player].oldpro}
        self._foul_old_pro = lru_cache(maxsize=None)(self._foul_old_pro_at)
        self._savage_dists = lru_cache(maxsize=None)(_savage_dists)  # per block and case, for this chain only
        # Master Assassin, Krump and Smash: node j -> (the rule, P(the roll fails the chain and its re-roll succeeds))
        self.star_2d6 = {j: (name, star_reroll_gain(s, inj, chain.edition, what[ed.family]))
                         for j, s, inj in _linked_pairs(chain) if isinstance(s, ArmourStep) and not s.foul
                         and not s.piling_on and not s.chainsaw
                         for name, (after, what) in STAR_2D6_REROLLS.items()
                         if getattr(self.players[s.player], name) and ed.family in what
                         and after == ("stab" if s.stab else "block")}
        # Savage Mauling: an injury roll that missed its need may be re-rolled once (outcomes.mauling_rescues)
        self.mauling = mauling_rescues(chain)
        self.keep_skills, self.keep_pro = self._what_is_kept()
        self._options = lru_cache(maxsize=None)(self._options_at)
        self._choose = lru_cache(maxsize=None)(self._choose_at)
        self._value = lru_cache(maxsize=None)(self._value_at)
        self._sent_off = lru_cache(maxsize=None)(self._sent_off_at)

    def _beyond(self, k: int) -> int:
        """The first node from k on that is not a Bribe or Argue the Call (those pass straight on)."""
        while self.nodes[k].kind == "appeal":
            k = self.nodes[k].succ
        return k

    def _what_is_kept(self) -> tuple[list[frozenset], list[frozenset]]:
        """``(keep_skills, keep_pro)`` per node: what a later step can use, from node j on.

        The memo keeps nothing else, so its size stays linear in the nodes: a once-per-turn skill of a player who
        still has a step that skill re-rolls, the Pro of a player who still has a step Pro may re-roll, each over
        the node's descendants (its branches included).
        """
        nodes, players = self.nodes, self.players
        n = len(nodes)
        keep_skills: list[frozenset] = [frozenset()] * n
        keep_pro: list[frozenset] = [frozenset()] * n
        for j in range(self.end - 1, -1, -1):  # every successor comes later in pre-order (Steady Footing's: below)
            nd = nodes[j]
            ks, kp = frozenset(), frozenset()
            fall = self.falls.get(j)
            for k in (nd.succ, nd.nc, *(e for _, e in nd.alts), fall, self.saves.get(j)):
                if k is not None and k > self.end:  # a Steady Footing roll (chain.footing)
                    self._keep_appended(k, keep_skills, keep_pro)
                if k is not None:
                    ks, kp = ks | keep_skills[k], kp | keep_pro[k]
            s = nd.step
            if j in self.rescue or j in self.foul_pro:  # Old Pro on this armour roll uses Pro and itself
                ks, kp = ks | {(s.player, "oldpro")}, kp | {s.player}
            if j in self.star_2d6:
                ks = ks | {(s.player, self.star_2d6[j][0])}
            if j in self.mauling:
                ks = ks | {(s.player, "savagemauling")}
            if nd.kind == "roll" and (nd.bonus or nd.pair is not None):  # not a re-roll: "!" leaves it
                ks = ks | ({(s.player, nd.bonus[1])} if nd.bonus else {(s.player, n) for n in PAIR_NAMES})
            if nd.kind == "roll" and not s.no_reroll and s.kind not in NOT_REROLLED_KINDS:
                if isinstance(s, Step) and s.skill and SKILL_FOR_KIND[s.kind] in ONCE_PER_TURN:
                    ks = ks | {(s.player, SKILL_FOR_KIND[s.kind])}
                ks = ks | frozenset((s.player, name) for name in self.star_rerolls(s))
                if players[s.player].pro:
                    kp = kp | {s.player}
            keep_skills[j], keep_pro[j] = ks, kp
        return keep_skills, keep_pro

    def _keep_appended(self, k: int, keep_skills: list, keep_pro: list) -> None:
        """Fill what node ``k``, appended after the end node (a Steady Footing roll, :mod:`calculators.chain.footing`),
        keeps: what its next nodes use, and the roller's Pro when the roll is ours (the defender's is not)."""
        f = self.nodes[k]
        nexts = [x for x in (f.succ, f.nc) if x is not None]
        for x in nexts:
            if x > self.end:
                self._keep_appended(x, keep_skills, keep_pro)
        keep_skills[k] = frozenset().union(*(keep_skills[x] for x in nexts)) | (
            {(f.step.player, n) for n in PAIR_NAMES} if f.kind == "save" else set())
        pro = f.kind == "roll" and self.players[f.step.player].pro
        keep_pro[k] = frozenset().union(*(keep_pro[x] for x in nexts)) | ({f.step.player} if pro else set())

    def old_pro(self, j: int, skills_used: frozenset, pro_used: frozenset) -> tuple | None:
        """(skills_used, pro_used) after Old Pro at armour node j, or None when it cannot be used there."""
        if j not in self.rescue and j not in self.foul_pro:
            return None
        p = self.nodes[j].step.player
        if p in pro_used or (p, "oldpro") in skills_used:
            return None
        return skills_used | {(p, "oldpro")}, pro_used | {p}

    def star_2d6_used(self, j: int, skills_used: frozenset) -> frozenset | None:
        """skills_used after Master Assassin or Krump and Smash at armour node j, or None when it cannot be used."""
        if j not in self.star_2d6:
            return None
        mark = (self.nodes[j].step.player, self.star_2d6[j][0])
        return None if mark in skills_used else skills_used | {mark}

    def mauled(self, j: int, skills_used: frozenset) -> frozenset | None:
        """skills_used after Savage Mauling at node j, or None when it cannot be used there."""
        if j not in self.mauling:
            return None
        key = (self.nodes[j].step.player, "savagemauling")
        return None if key in skills_used else skills_used | {key}

    def star_rerolls(self, s: AnyStep) -> tuple[str, ...]:
        """The star rules that may re-roll a failed roll of step ``s`` (a roll node's): BB2020 Consummate
        Professional and Halfling Luck / Thinking Man's Troll (any die of the player), The Ballista
        (:data:`calculators.rerolls.BALLISTA_KINDS`), Savage Blow and Lord of Chaos (a block read as a Block action's,
        :func:`calculators.chain.tree._read_as_block_action`), Bounding
        Leap, Woodland Fury, Mesmerising Dance (:data:`calculators.rerolls.STAR_REROLL_KINDS`)."""
        pl = self.players[s.player]
        out: tuple[str, ...] = ()
        if pl.consummate and self.ed.bb2020:
            out += ("consummate",)
        if pl.luck:  # Halfling Luck, Thinking Man's Troll: BB2020 Consummate Professional's re-roll, every edition
            out += ("luck",)
        if pl.ballista and isinstance(s, Step) and s.kind in BALLISTA_KINDS.get(self.ed.family, ()):
            out += ("ballista",)
        if _savage(self.chain, s):
            out += ("savageblow",)
        if pl.leap and isinstance(s, Step) and s.kind == "jump":  # Bounding Leap: her leap's re-roll
            out += ("leap",)
        if pl.woodland and isinstance(s, BlockStep):  # on a roll that knocks her down only: _free_rerolls
            out += ("woodland",)
        if _lord_of_chaos(self.chain, s):
            out += ("lordofchaos",)
        out += tuple(name for name, kinds in STAR_REROLL_KINDS.items()
                     if getattr(pl, name) and isinstance(s, Step) and s.kind in kinds)
        return out

    def team_left(self, tr: int, team_used: int) -> bool:
        """May a team re-roll be used: one left, and (classic) the turn's cap not reached."""
        return tr > 0 and (self.cap is None or team_used < self.cap)

    def loner_reroll(self, pl: Player, tr: int, team_used: int) -> bool:
        """After a failed Loner roll (its team re-roll spent): may a second team re-roll re-roll that die?"""
        return pl.loner is not None and self.rr.team_reroll_on_loner_roll and self.team_left(tr, team_used)

    def via_team(self, pl: Player, tr: int, team_used: int, then, stands, second: bool) -> tuple:
        """Terms of spending a team re-roll on some roll of player ``pl`` (``team_left`` must hold).

        ``then(tr', used')`` gives the terms once the team re-roll goes ahead, ``stands(tr', used')`` those
        of keeping the roll as it is, with the resources left.  A Loner player rolls first; a failed Loner
        roll loses the team re-roll (it counts as used) and the roll stands, or (``second``, when
        :meth:`loner_reroll` allows) a second team re-roll re-rolls the Loner die (no Loner roll of its own,
        never re-rolled again).
        """
        if pl.loner is None:
            return then(tr - 1, team_used + 1)
        q = d6_at_least(pl.loner)
        terms = _scale(q, then(tr - 1, team_used + 1))
        if second:
            terms += _scale((_ONE - q) * q, then(tr - 2, team_used + 2))
            terms += _scale((_ONE - q) * (_ONE - q), stands(tr - 2, team_used + 2))
        else:
            terms += _scale(_ONE - q, stands(tr - 1, team_used + 1))
        return terms

    def bounded(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> tuple:
        """The state before node j with what no step from j on can use forgotten (same values).

        Of the team re-rolls left and used this turn only how many may still be used is kept (with a per-turn
        cap, classic: the fewer of those left and the cap's rest; every use takes one from both, so that number
        alone decides).
        """
        cap = self.cap
        return (tr if cap is None else max(0, min(tr, cap - team_used)), 0,
                skills_used & self.keep_skills[j] if skills_used else skills_used,
                pro_used & self.keep_pro[j] if pro_used else pro_used)

    @staticmethod
    def dist_terms(nd: _Node, dist: tuple, st: tuple) -> tuple:
        """Terms of a roll giving ``dist`` ((P(S), P(N))) from node ``nd`` in state ``st``."""
        out = ()
        if dist[0]:
            out += ((dist[0], nd.succ, st),)
        if dist[1]:
            out += ((dist[1], nd.nc, st),)
        return out

    def options(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        """Return ((name, terms), ...): the choices after node j's roll fails so (``case``)."""
        return self._options(j, *self.bounded(j, tr, team_used, skills_used, pro_used), case)

    def _options_at(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        nd = self.nodes[j]
        if nd.pair is not None:  # Break Tackle and the +1 on one dodge (chain.bonuses)
            return self._pair_options(j, tr, team_used, skills_used, pro_used, case)
        s = nd.step
        _, res, rerollable, one, brawl = nd.cases[case]

        within, bonus_name = nd.bonus if nd.bonus else (_ZERO, "break-tackle")
        bt_key = (s.player, bonus_name)  # Break Tackle's or (BB2025) Consummate Professional's bonus
        bt_free = bool(within) and bt_key not in skills_used
        fall = self.falls.get(j)  # Steady Footing's roll after a fall that stands, or None

        def stands(tr2: int, u2: int, sk: frozenset = skills_used, pr: frozenset = pro_used) -> tuple:
            """Terms of keeping the failed roll (after a failed Pro or Loner roll too): a non-critical failure goes
            on by the branch; a die within Break Tackle's bonus is saved by it if still unused; a fall goes to
            Steady Footing's roll."""
            if res == _N:
                return ((_ONE, nd.nc, (tr2, u2, sk, pr)),)
            if bt_free and case in BONUS_CASES and bt_key not in sk:
                return ((_ONE, nd.succ, (tr2, u2, sk | {bt_key}, pr)),)
            return ((_ONE, fall, (tr2, u2, sk, pr)),) if fall is not None else ()

        # keeping the roll is worth something (a branch, Break Tackle, Steady Footing): then a failed Pro or Loner
        # roll may be left standing rather than followed by a further team re-roll
        keeps = res == _N or (bt_free and case in BONUS_CASES) or fall is not None
        opts: list[tuple[str, tuple]] = [("none", ((_ONE, fall, (tr, team_used, skills_used, pro_used)),)
                                          if fall is not None else ())]
        if res == _N:
            opts[0] = ("none", stands(tr, team_used))
        elif bt_free and case in BONUS_CASES:  # the bonus turns this die into a pass
            opts.append((bonus_name, stands(tr, team_used)))
        if s.no_reroll or not rerollable:
            return tuple(opts)

        def landed(dist: tuple, st: tuple) -> tuple:
            """Terms of a re-roll giving ``dist``; a still unused Break Tackle also saves a die within its bonus."""
            terms = self.dist_terms(nd, dist, st)
            rest = _ONE - dist[0] - dist[1]
            if bt_free and bt_key not in st[2]:
                terms += ((within, nd.succ, (st[0], st[1], st[2] | {bt_key}, st[3])),)
                rest -= within
            return terms + ((rest, fall, st),) if fall is not None and rest else terms

        state = (tr, team_used, skills_used, pro_used)
        opts += self._free_rerolls(nd, case, one, brawl, state, landed)
        opts += self._paid_rerolls(nd, one, state, keeps, landed, stands)
        return tuple(opts)

    def _free_rerolls(self, nd: _Node, case, one, brawl, state: tuple, landed) -> list[tuple[str, tuple]]:
        """The skill's re-roll (for a block: Brawler, Hatred, Unstoppable Momentum on one die) and the star rules'
        once-per-game re-rolls of node ``nd``'s failed roll, as ``(name, terms)``."""
        s = nd.step
        tr, team_used, skills_used, pro_used = state
        again = nd.again
        opts: list[tuple[str, tuple]] = []
        skill, skill_after = None, skills_used
        if isinstance(s, BlockStep):
            if s.attacker & set(ONE_DIE_SKILLS):  # Brawler, Hatred, Unstoppable Momentum: one die, free
                skill = brawl
        elif isinstance(s, Dauntless) and self.players[s.player].blindrage:  # Blind Rage: free, every time
            skill = again
        elif isinstance(s, Step) and s.skill:
            name = SKILL_FOR_KIND[s.kind]
            key = (s.player, name)
            if name not in ONCE_PER_TURN:
                skill = again
            elif key not in skills_used:
                skill, skill_after = again, skills_used | {key}
        if skill and any(skill):
            opts.append(("skill", landed(skill, (tr, team_used, skill_after, pro_used))))
        for name in self.star_rerolls(s):  # free, once per game: the die (or one block die) is re-rolled
            if name == "woodland" and not str(case).endswith("/down"):  # Woodland Fury: she would be Knocked Down
                continue
            if (s.player, name) not in skills_used:
                if name == "savageblow":  # any dice: with a branch, each set of dice is an option of its own
                    dists = self._savage_dists(s, case) if s.branch is not None else (_savage_dist(s, case),)
                else:
                    dists = (one if isinstance(s, BlockStep) else again,)
                for dist in dists:
                    if dist and any(dist):
                        opts.append((name, landed(dist, (tr, team_used, skills_used | {(s.player, name)}, pro_used))))
        return opts

    def _paid_rerolls(self, nd: _Node, one, state: tuple, keeps: bool, landed, stands) -> list[tuple[str, tuple]]:
        """Pro (with classic's team re-roll on a failed Pro roll) and the team re-roll (with BB2025's second one
        on a failed Loner roll) on node ``nd``'s failed roll, as ``(name, terms)``."""
        s = nd.step
        pl = self.players[s.player]
        tr, team_used, skills_used, pro_used = state
        again = nd.again
        pro = one if isinstance(s, BlockStep) and not self.pro_whole_roll else again
        pro_q = self.pro_q
        opts: list[tuple[str, tuple]] = []
        if pl.pro and s.player not in pro_used and pro and any(pro):
            after = pro_used | {s.player}

            def rerolled(tr2: int, u2: int) -> tuple:  # the Pro roll: if it passes the roll is re-rolled
                return (_scale(pro_q, landed(pro, (tr2, u2, skills_used, after)))
                        + _scale(_ONE - pro_q, stands(tr2, u2, pr=after)))

            if self.rr.team_reroll_on_pro_roll and self.team_left(tr, team_used) and not s.no_team_reroll:
                # classic: a team re-roll may re-roll the failed Pro roll (or the coach keeps the roll)
                if keeps:
                    opts.append(("pro", rerolled(tr, team_used)))
                again_pro = self.via_team(pl, tr, team_used, rerolled, lambda t2, u2: stands(t2, u2, pr=after), False)
                opts.append(("pro+team", _scale(pro_q, landed(pro, (tr, team_used, skills_used, after)))
                             + _scale(_ONE - pro_q, again_pro)))
            else:
                opts.append(("pro", rerolled(tr, team_used)))
        if self.team_left(tr, team_used) and not s.no_team_reroll:  # the mark ': no team re-roll on this roll
            def then(tr2: int, u2: int) -> tuple:
                return landed(again, (tr2, u2, skills_used, pro_used))

            if self.loner_reroll(pl, tr - 1, team_used + 1):
                if keeps:
                    opts.append(("team", self.via_team(pl, tr, team_used, then, stands, False)))
                opts.append(("team+team", self.via_team(pl, tr, team_used, then, stands, True)))
            else:
                opts.append(("team", self.via_team(pl, tr, team_used, then, stands, False)))
            cp = (s.player, "consummate")
            if pl.loner is not None and pl.consummate and self.ed.bb2020 and cp not in skills_used:
                # BB2020 Consummate Professional re-rolls any one die of Griff's: a failed Loner roll's too, and the
                # team re-roll then goes ahead if the Loner die passes (calculators.rerolls)
                q, t2, u2, sk = d6_at_least(pl.loner), tr - 1, team_used + 1, skills_used | {cp}
                opts.append(("team+consummate", _scale(q, then(t2, u2))
                             + _scale((_ONE - q) * q, landed(again, (t2, u2, sk, pro_used)))
                             + _scale((_ONE - q) * (_ONE - q), stands(t2, u2, sk=sk))))
        return opts

    @staticmethod
    def ev(fn, terms: tuple) -> Fraction:
        """Sum of coefficient x fn(node, state) over the terms."""
        total = _ZERO
        for c, k, st in terms:
            total += c * fn(k, *st)
        return total

    def choose(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        """Return (name, terms, value) of the best choice after node j's roll fails so (``case``).

        The greatest chance of success; among equals (chains with a foul) the smallest
        chance of a send-off; then the cheapest source, in the order of :meth:`options`.
        """
        return self._choose(j, *self.bounded(j, tr, team_used, skills_used, pro_used), case)

    def _choose_at(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        opts = self.options(j, tr, team_used, skills_used, pro_used, case)
        values = [self.ev(self.value, terms) for _, terms in opts]
        best = max(values)
        tied = [k for k, v in enumerate(values) if v == best]
        if self.fouls and len(tied) > 1:
            sent = {k: self.ev(self.sent_off, opts[k][1]) for k in tied}
            low = min(sent.values())
            tied = [k for k in tied if sent[k] == low]
        name, terms = opts[tied[0]]
        return name, terms, best

    def fail_cases(self, j: int):
        """((P(the first roll fails so), case), ...) of node j (a roll node; a plain D6 test: one case, None)."""
        return tuple((c[0], case) for case, c in self.nodes[j].cases.items() if c[0])

    def value(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        """P(the chain succeeds from node j on) from this state, with optimal play."""
        return self._value(j, *self.bounded(j, tr, team_used, skills_used, pro_used))

    def _value_at(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        nd = self.nodes[j]
        state = (tr, team_used, skills_used, pro_used)
        value = self.value
        if nd.kind == "end":
            return _ONE
        if nd.kind == "alt":
            return sum((w * value(k, *state) for w, k in nd.alts), _ZERO)
        if nd.kind == "opp":  # the opponent rolls; we go on only if it fails (or by nc: the defender's Steady Footing)
            return nd.p_ok * value(nd.succ, *state) + ((_ONE - nd.p_ok) * value(nd.nc, *state) if nd.nc is not None
                                                       else _ZERO)
        if nd.kind == "appeal":
            return value(nd.succ, *state)
        if nd.kind == "save":
            return self._save_value(j, state)
        if nd.kind == "armour" and j in self.foul_pro and self.old_pro(j, skills_used, pro_used):
            return self._foul_old_pro(j, state)[0]
        if nd.kind == "armour":
            o = self.armour[j]
            go_on = self.appeals[j][0] if j in self.appeals else _ZERO  # a Bribe cancels the send-off and its turnover
            v = (o["break"] + o["break_sent_off"] * go_on) * value(nd.succ, *state)
            after = self.old_pro(j, skills_used, pro_used)
            if after:  # the armour held: Old Pro (the Pro roll, then one die) is always tried
                v += self.pro_q * self.rescue[j] * value(nd.succ, tr, team_used, *after)
            star = self.star_2d6_used(j, skills_used)
            if star:  # the chain would end here: Master Assassin or Krump and Smash is always used
                v += self.star_2d6[j][1] * value(nd.succ, tr, team_used, star, pro_used)
            mauled = self.mauled(j, skills_used)
            if mauled and not star:  # the injury missed: Savage Mauling re-rolls it (failing ends the chain, so always tried)
                v += self.mauling[j] * value(nd.succ, tr, team_used, mauled, pro_used)
            return v + o["break_sent_off"] * (_ONE - go_on) if j in self.last else v
        v = nd.p_ok * value(nd.succ, *state)
        for p, case in self.fail_cases(j):
            best = _ZERO
            for _, terms in self.options(j, tr, team_used, skills_used, pro_used, case):
                if terms:
                    x = self.ev(value, terms)
                    if x > best:
                        best = x
            if best:
                v += p * best
        return v

    def sent_off(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        """P(a fouler is sent off from node j on), playing as :meth:`choose` does."""
        return self._sent_off(j, *self.bounded(j, tr, team_used, skills_used, pro_used))

    def _sent_off_at(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        nd = self.nodes[j]
        state = (tr, team_used, skills_used, pro_used)
        sent_off = self.sent_off
        if nd.kind == "end":
            return _ZERO
        if nd.kind == "alt":
            return sum((w * sent_off(k, *state) for w, k in nd.alts), _ZERO)
        if nd.kind == "opp":
            return nd.p_ok * sent_off(nd.succ, *state) + ((_ONE - nd.p_ok) * sent_off(nd.nc, *state)
                                                          if nd.nc is not None else _ZERO)
        if nd.kind == "appeal":
            return sent_off(nd.succ, *state)
        if nd.kind == "save":
            return self._save_sent_off(j, state)
        if nd.kind == "armour" and j in self.foul_pro and self.old_pro(j, skills_used, pro_used):
            return self._foul_old_pro(j, state)[1]
        if nd.kind == "armour":
            o = self.armour[j]
            go_on, kept = self.appeals.get(j, (_ZERO, _ZERO))
            on = o["break"] + o["break_sent_off"] * go_on
            after = self.old_pro(j, skills_used, pro_used)
            extra = self.pro_q * self.rescue[j] * sent_off(nd.succ, tr, team_used, *after) if after else _ZERO
            star = self.star_2d6_used(j, skills_used)
            if star:
                extra += self.star_2d6[j][1] * sent_off(nd.succ, tr, team_used, star, pro_used)
            mauled = self.mauled(j, skills_used)
            extra += self.mauling[j] * sent_off(nd.succ, tr, team_used, mauled, pro_used) if mauled and not star else _ZERO
            return ((o["break_sent_off"] + o["hold_sent_off"]) * (_ONE - go_on - kept)
                    + on * sent_off(nd.succ, *state) + extra)
        x = nd.p_ok * sent_off(nd.succ, *state)
        for p, case in self.fail_cases(j):
            x += p * self.ev(sent_off, self.choose(j, *state, case)[1])
        return x


def _solver(chain: Chain):
    """Return (value, sent_off, choose, fail_cases, (nodes, main)) functions over states, memoised for this chain
    only (:class:`_Solver`); ``value.cache_info()`` gives the size of its memo, for tests.

    Raises:
        CalcError: on an invalid chain.
    """
    s = _Solver(chain)
    value = partial(s.value)
    value.cache_info = s._value.cache_info  # type: ignore[attr-defined]  # the memo's size, for tests
    return value, s.sent_off, s.choose, s.fail_cases, (s.nodes, s.main)
