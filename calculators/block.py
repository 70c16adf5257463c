"""Block: block dice, skills, Dauntless, Frenzy and re-rolls, with optimal choices by both coaches (exact).

Block dice (the same six faces in every edition; rules-facts §8, LRB6, BB2020, BB2025)::

    1 Attacker Down (BB2025 "Player Down")   2 Both Down   3, 4 Push (Push Back)
    5 Defender Stumbles (BB2025 "Stumble")   6 Defender Down (BB2020/BB2025 "POW")

Number of dice (every edition): compare the attacker's ST plus offensive assists with the
defender's ST plus defensive assists.  Equal: 1 die.  One side stronger: 2 dice, and
that side's coach chooses the result.  One side *more than* twice as strong: 3 dice.
(:func:`dice_for_strength`.)  A request may instead give the dice directly: ``1``,
``2``, ``3`` (the attacker chooses) or ``-2``, ``-3`` (the defender chooses).

Strength skills (:func:`strength_dice`):

* **Horns**: +1 ST to the attacker for every block of a Blitz, the second Frenzy block
  included (every edition; ``data/rulings/horns-auto-use.yml``).
* **Dauntless**: when the defender is stronger, the attacker rolls a D6 and adds its ST;
  a total *higher* than the defender's ST (strictly: BB2020 "higher than", BB2025
  "higher than", the project's Dauntless entry "beats") raises the attacker's ST to the
  defender's for that block, assists counted afterwards.  What is compared differs:

  - BB2020: ST after other modifiers (Horns included) but before assists
    (``data/skills/dauntless.yml`` BB2020 note; BB2020 rulebook Dauntless).  On a
    success the attacker's ST equals the defender's, Horns already inside it.
  - BB2025: the *unmodified* ST of both; on a success the attacker's unmodified ST is
    raised, then modifiers (Horns) are applied (``data/skills/dauntless.yml``; BB2025
    rulebook p. 127).  So ST 3 + Horns against ST 4 rolls Dauntless in BB2025 (and
    blocks at 5 against 4 on a success) but not in BB2020 (4 against 4).
  - classic (LRB6/CRP): the project's data and ``rules-facts.md`` hold no classic text
    of Dauntless.  This module plays it as BB2020 (Horns counted before the comparison);
    that ordering is an assumption to check against LRB6, and it only matters for a
    Blitz with Horns.

  The number of dice is then a mixture over the D6: ``Block.dauntless_needed`` is the
  face needed (``defender ST − compared ST + 1``; 7 when even a 6 falls short: no
  natural-6 rule is applied to this roll, as none of the sources above states one,
  while FUMBBL's client caps the face needed at 6) and ``Block.dauntless_dice`` the dice
  after a success.  A separate roll is made for each block, the second Frenzy block
  included (Dauntless text, every edition).  The skill is always used when it applies:
  a success never gives the attacker fewer dice (``data/rulings/dauntless-auto-use.yml``).
  **The Dauntless roll may be re-rolled** with a team re-roll or Pro, as any D6 of the
  attacker's own activation (no edition's list of rolls that cannot be re-rolled names
  it, rules-facts §8; FUMBBL offers both): the same limits apply as below (one team
  re-roll per turn in classic, shared with the block dice; Pro once, shared with the
  block dice and the Frenzy block; a failed Pro roll leaves the D6 as it is).

What a chosen face does (``Skills`` names the skills modelled; one implementation,
:func:`face_value`, which the chain's block step calls too):

* Attacker Down: the attacker is Knocked Down (a turnover).
* Both Down: each player without Block is Knocked Down (a turnover if the attacker
  falls).  A player with **Wrestle** (either side) may instead have both players Placed
  Prone (no armour roll, no turnover).  **Juggernaut** on a Blitz: the attacker may
  treat Both Down as a Push, and the defender may not use Wrestle, Stand Firm or Fend
  (LRB6, BB2020, BB2025 Juggernaut).
* Push: the defender is pushed back and stays standing.
* Defender Stumbles: the defender is pushed and Knocked Down, unless it has **Dodge**
  and the attacker lacks **Tackle**: then it is only pushed (every edition; rules-facts
  §8 "Stumble: Push Back if the target has Dodge, otherwise POW").
* Defender Down / POW: the defender is pushed and Knocked Down.

**Stand Firm** (defender) keeps a pushed defender in its square (Knocked Down there on
Stumble or POW) and so prevents the follow-up; it changes no probability, and does not
stop Frenzy's second block (``data/skills/stand-firm.yml``).  **Fend** (defender)
forbids the follow-up (``data/skills/fend.yml``): the pushed target is then no longer
next to a Frenzy attacker, so Fend stops the second Frenzy block (BB2020 Frenzy: a
second block only "if this player was able to follow-up"; classic and BB2025 need the
target adjacent for any block).  Fend is optional: the defender uses it when that suits
it.  :func:`push_effect` says which of these applies, for the page.

Re-rolls of the block dice (the attacker's coach decides, after seeing the dice, with
an optimal policy; at most one re-roll per block roll, as no die is re-rolled twice):

* **team re-roll**: re-roll all the dice.  Classic allows one per team turn (so one in
  a Frenzy pair of blocks); BB2020/BB2025 one per roll (rules-facts §8).
* **Pro**: classic 4+ on a D6, then re-roll the whole block roll (LRB6 Pro: "any one
  dice roll"); BB2020/BB2025 3+, then re-roll a single die of the attacker's choice
  (BB2020/BB2025 Pro: one die).  Once per turn / activation: once over a Frenzy pair.
  A failed Pro roll leaves the dice as they are (no other re-roll).  Classic lets the
  turn's team re-roll re-roll a failed Pro roll (LRB6/CRP Pro; the chain calculator uses
  it): in a block that is never better than spending that team re-roll on the dice (a
  classic Pro re-rolls the whole roll, as the team re-roll does), so it is left out here;
  the tests' oracle offers it and agrees exactly on every classic Pro block it tries.
* **Brawler** (BB2020, BB2025 only): on a Block action (not a Blitz) re-roll one die
  showing Both Down.

**Frenzy**: if the first block leaves the defender pushed back and standing (and the
attacker standing), the attacker blocks it a second time, with the same strengths
(assists are assumed unchanged; a Blitz's extra Rush for the second block is not
modelled), unless Fend stops it.  A Both Down with Juggernaut treated as a Push counts
as a push.

Final outcomes (mutually exclusive, :data:`OUTCOMES`): ``defender_down`` (defender
Knocked Down, attacker standing), ``both_down`` (both Knocked Down), ``both_prone``
(Wrestle), ``push`` (a Push result applied at least once, defender and attacker
standing; with Stand Firm the defender has not moved), ``nothing`` (Both Down with
Block on both sides), ``attacker_down``.

Optimal play: a ``goal`` is a list of criteria (:data:`GOAL_CRITERIA`), each a linear
function of the outcome distribution; distributions are compared lexicographically on
those values.  The criteria determine the whole distribution, so two distributions tie
only when they are equal and the result never depends on how ties are broken.  The
attacker maximises (re-rolls, its choice of face, Juggernaut, its Wrestle); the
defender minimises (its choice of face with more dice, its Wrestle, its Fend).  Goals:

* ``knock_down`` (default): 1. P(defender Knocked Down) = defender_down + both_down;
  2. P(attacker not Knocked Down); 3. P(both_prone); 4. P(push); 5. P(nothing).
* ``safe``: 1. P(defender_down) (Knocked Down while the attacker stays standing);
  2. P(attacker not Knocked Down); 3. P(both_prone); 4. P(push); 5. P(nothing);
  6. P(not attacker_down) (so Both Down is preferred to Attacker Down).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TypeVar

from .editions import Edition, resolve
from .errors import CalcError

__all__ = [
    "DEFENDER_SKILLS",
    "FACES",
    "GOALS",
    "GOAL_CRITERIA",
    "OUTCOMES",
    "PUSH_EFFECTS",
    "Block",
    "DauntlessRoll",
    "Strengths",
    "dice_for_strength",
    "face_of",
    "face_value",
    "preference_key",
    "push_effect",
    "resolve_block",
    "strength_dice",
    "totals",
]

#: block die face number -> face id
FACES: dict[int, str] = {1: "attacker_down", 2: "both_down", 3: "push", 4: "push", 5: "stumble", 6: "pow"}
#: the final outcomes of a block (or of a Frenzy pair of blocks)
OUTCOMES: tuple[str, ...] = ("defender_down", "both_down", "both_prone", "push", "nothing", "attacker_down")
#: goal -> criteria, each ``{outcome: weight}``; compared lexicographically, larger is better for the attacker
GOAL_CRITERIA: dict[str, tuple[dict[str, int], ...]] = {
    "knock_down": ({"defender_down": 1, "both_down": 1}, {"attacker_down": -1, "both_down": -1},
                   {"both_prone": 1}, {"push": 1}, {"nothing": 1}),
    "safe": ({"defender_down": 1}, {"attacker_down": -1, "both_down": -1}, {"both_prone": 1}, {"push": 1},
             {"nothing": 1}, {"attacker_down": -1}),
}
GOALS: tuple[str, ...] = tuple(GOAL_CRITERIA)
#: the defender's skills the resolver knows
DEFENDER_SKILLS: tuple[str, ...] = ("block", "dodge", "wrestle", "stand_firm", "fend")
#: what a Push result does to the defender (:func:`push_effect`)
PUSH_EFFECTS: tuple[str, ...] = ("pushed", "fend", "stand_firm", "stand_firm_or_fend")

_F0 = Fraction(0)
_F1 = Fraction(1)
_DICE = (-3, -2, 1, 2, 3)
Dist = dict[str, Fraction]
T = TypeVar("T")


def face_of(number: int) -> str:
    """Return the face id of block die face ``number`` (1..6)."""
    return FACES[number]


def dice_for_strength(attacker: int, defender: int) -> int:
    """Return the block dice for total strengths (ST + assists): 1, 2, 3 (attacker chooses) or -2, -3 (defender chooses).

    >>> dice_for_strength(3, 3), dice_for_strength(4, 3), dice_for_strength(7, 3), dice_for_strength(3, 6)
    (1, 2, 3, -2)
    """
    if attacker == defender:
        return 1
    strong, weak, sign = (attacker, defender, 1) if attacker > defender else (defender, attacker, -1)
    return sign * (3 if strong > 2 * weak else 2)


@dataclass(frozen=True)
class DauntlessRoll:
    """The Dauntless roll of one block.

    Attributes:
        needed: the D6 face needed, 2..6, or 7 when no face is enough.
        dice: the block dice after a success (as for :func:`dice_for_strength`).
        attacker: the attacker's total (ST + Horns + assists) after a success.
    """

    needed: int
    dice: int
    attacker: int

    @property
    def chance(self) -> Fraction:
        """P(one D6 succeeds), a Fraction in [0, 5/6]."""
        return Fraction(max(0, 7 - self.needed), 6)


@dataclass(frozen=True)
class Strengths:
    """The dice of a block from the players' strengths (:func:`strength_dice`).

    Attributes:
        dice: the dice without Dauntless, or after a failed Dauntless roll.
        attacker, defender: the totals those dice come from (ST, Horns, assists).
        dauntless: the Dauntless roll, or None when it is not rolled (no skill, or
            the defender is not stronger in the comparison of that edition).
    """

    dice: int
    attacker: int
    defender: int
    dauntless: DauntlessRoll | None = None


def strength_dice(edition: str | Edition, attacker_st: int, defender_st: int, attacker_assists: int = 0,
                  defender_assists: int = 0, *, horns: bool = False, dauntless: bool = False) -> Strengths:
    """Return the block dice for the players' ST and assists, with Horns (``horns``: +1, the caller passes
    it only on a Blitz) and Dauntless, per edition (module docstring, "Strength skills").

    Args:
        edition: an :class:`~calculators.editions.Edition`, or its id (BB2016 plays as classic).
        attacker_st, defender_st: the characteristics (positive integers).
        attacker_assists, defender_assists: offensive and defensive assists (0 or more).

    Raises:
        CalcError: on an unknown edition (field ``edition``) or a non-positive ST (fields
            ``attacker_st``, ``defender_st``).
    """
    ed = edition if isinstance(edition, Edition) else resolve(edition)
    for name, st in (("attacker_st", attacker_st), ("defender_st", defender_st)):
        if not (isinstance(st, int) and not isinstance(st, bool) and st >= 1):
            raise CalcError(name, f"{name} must be a positive integer, got {st!r}", [1, None], reason="range")
    bonus = 1 if horns else 0
    attacker = attacker_st + bonus + attacker_assists
    defender = defender_st + defender_assists
    roll = None
    if dauntless:
        # BB2025 compares unmodified ST and applies Horns after; BB2020 (and classic, assumed) after Horns
        compared = attacker_st if ed.bb2025 else attacker_st + bonus
        if compared < defender_st:
            raised = defender_st + (bonus if ed.bb2025 else 0)
            total = raised + attacker_assists
            roll = DauntlessRoll(min(7, defender_st - compared + 1), dice_for_strength(total, defender), total)
    return Strengths(dice_for_strength(attacker, defender), attacker, defender, roll)


def push_effect(attacker: frozenset | set = frozenset(), defender: frozenset | set = frozenset(),
                blitz: bool = False) -> str:
    """Return what a Push result does to the defender, one of :data:`PUSH_EFFECTS`.

    ``pushed`` (pushed back, the attacker may follow up), ``fend`` (pushed back, no
    follow-up), ``stand_firm`` (stays in its square, so no follow-up either),
    ``stand_firm_or_fend`` (the defender picks one of the two).  Juggernaut on a Blitz
    cancels Stand Firm and Fend (every edition's Juggernaut).
    """
    if "juggernaut" in attacker and blitz:
        return "pushed"
    firm, fend = "stand_firm" in defender, "fend" in defender
    return "stand_firm_or_fend" if firm and fend else "stand_firm" if firm else "fend" if fend else "pushed"


def face_value(face: str, attacker: frozenset | set, defender: frozenset | set, blitz: bool,
               value: Callable[[str], T], pick: Callable[[list[T], bool], T]) -> T:
    """Return what block die face ``face`` (a :data:`FACES` id) gives: the one face model of every calculator.

    The block calculator (:func:`resolve_block`) and the chain's block step
    (:meth:`calculators.chain.BlockStep.good_faces`) both call it, so they cannot disagree on a face.

    Args:
        face: ``attacker_down``, ``both_down``, ``push``, ``stumble`` or ``pow``.
        attacker, defender: the players' skills (``block``, ``tackle``, ``wrestle``, ``juggernaut``;
            ``block``, ``dodge``, ``wrestle``).
        blitz: the block is part of a Blitz (Juggernaut works only then).
        value: maps an immediate outcome (an entry of :data:`OUTCOMES` other than ``nothing``
            when Block protects both, and ``push`` for a push, which the caller may continue,
            e.g. into Frenzy's second block) to the caller's value of it.
        pick: ``pick(options, attacker_decides)``: the deciding coach's choice among values.

    The rules (module docstring "What a chosen face does"): Stumble is a push when the defender
    has Dodge and the attacker lacks Tackle; on Both Down each player without Block falls, then
    the defender may use Wrestle (not against Juggernaut on a Blitz), then the attacker its own
    Wrestle, then Juggernaut on a Blitz (Both Down treated as a Push): LRB6/BB2016 (FFB
    ``skill/mixed/Juggernaut``), BB2020, BB2025 (FFB ``skill/bb2025/Juggernaut``, BBBase
    ``docs/bb2025/core_rules/skills_and_traits.md`` "JUGGERNAUT": any Both Down of the Blitz).
    """
    if face == "attacker_down":
        return value("attacker_down")
    if face == "pow":
        return value("defender_down")
    if face == "stumble":
        return value("push") if "dodge" in defender and "tackle" not in attacker else value("defender_down")
    if face == "push":
        return value("push")
    juggernaut = "juggernaut" in attacker and blitz
    a_falls, d_falls = "block" not in attacker, "block" not in defender
    base = {(True, True): "both_down", (True, False): "attacker_down",
            (False, True): "defender_down", (False, False): "nothing"}[(a_falls, d_falls)]
    v = value(base)
    if "wrestle" in defender and not juggernaut:
        v = pick([v, value("both_prone")], False)
    if "wrestle" in attacker:
        v = pick([value("both_prone"), v], True)
    if juggernaut:
        v = pick([value("push"), v], True)
    return v


def preference_key(dist: Mapping[str, Fraction], goal: str = "knock_down") -> tuple[Fraction, ...]:
    """Return the attacker's comparison key of an outcome distribution: the values of ``GOAL_CRITERIA[goal]``.

    A larger key (lexicographically) is better for the attacker; keys are equal only
    for equal distributions.
    """
    return tuple(sum((w * dist.get(o, _F0) for o, w in crit.items()), _F0) for crit in GOAL_CRITERIA[goal])


@dataclass(frozen=True)
class Block:
    """One block (or a Frenzy pair) to resolve.

    Attributes:
        edition: an :class:`~calculators.editions.Edition` (as the API passes it), or its id.
        dice: 1, 2, 3 (attacker chooses) or -2, -3 (defender chooses): without
            Dauntless, or after a failed Dauntless roll.
        blitz: the block is part of a Blitz (Juggernaut works, Brawler does not).
        attacker: the attacker's skills, a frozenset of ``block``, ``wrestle``,
            ``tackle``, ``juggernaut``, ``frenzy``, ``brawler``, ``pro``.
        defender: the defender's skills, of :data:`DEFENDER_SKILLS`.
        team_rerolls: team re-rolls available (0..8).
        goal: ``knock_down`` or ``safe`` (see the module docstring).
        dauntless_needed: the D6 face the Dauntless roll needs before each block (2..6,
            7: cannot succeed), or None for no Dauntless roll (see :func:`strength_dice`).
        dauntless_dice: the dice after a successful Dauntless roll (required with
            ``dauntless_needed``).
        second_dice: with Frenzy, the second block's own dice (-3, -2, 1, 2, 3), or None for the first block's:
            after the Push the assists may have changed (a defender pushed away from its helpers, an attacker's
            assist left behind), so two dice may become one.  It is rolled only after a Push, as the second block
            always is; no Dauntless roll with it (give the dice after the roll).
    """

    edition: str | Edition = "classic"
    dice: int = 1
    blitz: bool = False
    attacker: frozenset = frozenset()
    defender: frozenset = frozenset()
    team_rerolls: int = 0
    goal: str = "knock_down"
    dauntless_needed: int | None = None
    dauntless_dice: int | None = None
    second_dice: int | None = None

    def validate(self) -> Block:
        """Return self if consistent.

        Raises:
            CalcError: naming the field (``dice``, ``attacker``, ``defender``, ``team_rerolls``, ``goal``,
                ``dauntless_needed``, ``dauntless_dice``).
        """
        if self.dice not in _DICE:
            raise CalcError("dice", f"dice must be one of -3, -2, 1, 2, 3, got {self.dice!r}", list(_DICE), reason="choice")
        att_ok = ["block", "wrestle", "tackle", "juggernaut", "frenzy", "pro"]
        ed = self.edition if isinstance(self.edition, Edition) else resolve(self.edition)
        if not ed.classic:
            att_ok.append("brawler")
        for name, skills, ok in (("attacker", self.attacker, att_ok), ("defender", self.defender, list(DEFENDER_SKILLS))):
            bad = sorted(set(skills) - set(ok))
            if bad:
                raise CalcError(name, f"{name}: unknown skill {bad[0]!r} for {ed.name}; allowed: {', '.join(ok)}", ok, reason="skills")
        if not (isinstance(self.team_rerolls, int) and 0 <= self.team_rerolls <= 8):
            raise CalcError("team_rerolls", f"team_rerolls must be an integer from 0 to 8, got {self.team_rerolls!r}", [0, 8], reason="range")
        if self.goal not in GOAL_CRITERIA:
            raise CalcError("goal", f"goal must be one of {', '.join(GOALS)}, got {self.goal!r}", list(GOALS), reason="choice")
        if self.dauntless_needed is not None:
            if self.dauntless_needed not in range(2, 8):
                raise CalcError("dauntless_needed", f"dauntless_needed must be an integer from 2 to 7, got "
                                f"{self.dauntless_needed!r}", [2, 7], reason="range")
            if self.dauntless_dice not in _DICE:
                raise CalcError("dauntless_dice", f"dauntless_dice must be one of -3, -2, 1, 2, 3, got "
                                f"{self.dauntless_dice!r}", list(_DICE), reason="choice")
        elif self.dauntless_dice is not None:
            raise CalcError("dauntless_dice", "dauntless_dice needs dauntless_needed", reason="needs-other")
        if self.second_dice is not None:
            if self.second_dice not in _DICE or isinstance(self.second_dice, bool):
                raise CalcError("second_dice", f"second_dice must be one of -3, -2, 1, 2, 3, got {self.second_dice!r}",
                                list(_DICE), reason="choice")
            if "frenzy" not in self.attacker:
                raise CalcError("second_dice", "second_dice is the dice of Frenzy's second block: the attacker needs "
                                "Frenzy", reason="needs-other")
            if self.dauntless_needed is not None:
                raise CalcError("second_dice", "second_dice gives the second block's dice outright: no Dauntless "
                                "roll with it", reason="needs-other")
        return self


@lru_cache(maxsize=None)
def _multisets(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """All sorted n-tuples of die faces 1..6 with their probabilities (multinomial / 6**n)."""
    out = []
    for combo in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for f in set(combo):
            ways //= factorial(combo.count(f))
        out.append((combo, Fraction(ways, 6 ** n)))
    return tuple(out)


def _mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    out: Dist = {}
    for p, d in parts:
        for k, v in d.items():
            out[k] = out.get(k, _F0) + p * v
    return out


def resolve_block(block: Block) -> Dist:
    """Return the final outcome distribution ``{outcome: Fraction}`` (all of :data:`OUTCOMES`, summing to 1).

    Raises:
        CalcError: on an inconsistent :class:`Block`.
    """
    return _BlockSolver(block.validate()).solve()


class _BlockSolver:
    """The optimal play of one validated :class:`Block`, by exhaustive recursion over its states.

    A state is (``second``: the Frenzy block, ``team``: team re-rolls left, ``pro``: Pro still usable);
    the attacker picks the best option for the block's goal at each choice, the defender the worst.
    The recursive steps are memoised per solver (one solver per block).
    """

    def __init__(self, b: Block) -> None:
        ed = b.edition if isinstance(b.edition, Edition) else resolve(b.edition)
        m = ed.mechanics
        self.b = b
        self.att, self.dfd = b.attacker, b.defender
        self.pro_p = Fraction(7 - m.pro_target, 6)
        self.pro_single_die = not ed.classic
        self.brawler = "brawler" in b.attacker and not b.blitz
        juggernaut = "juggernaut" in b.attacker and b.blitz
        self.frenzy = "frenzy" in b.attacker
        self.fend = "fend" in b.defender and not juggernaut
        # A Dauntless roll that cannot change the dice is never worth a re-roll: leave it out (same result, faster).
        rolled = b.dauntless_needed is not None and b.dauntless_dice != b.dice
        self.dauntless_p = Fraction(max(0, 7 - b.dauntless_needed), 6) if rolled else None
        # Each roll takes at most one team re-roll (no die is re-rolled twice): more than the rolls of the block
        # (or Frenzy pair) can never be used, so they are left out (same result, fewer states).
        rolls = (2 if rolled else 1) * (2 if self.frenzy else 1)
        self.team_start = min(b.team_rerolls, rolls if m.team_rerolls_per_turn is None else m.team_rerolls_per_turn)
        for name in ("block_action", "block_from", "push", "choose", "after_roll"):
            setattr(self, name, lru_cache(maxsize=None)(getattr(self, name)))

    def solve(self) -> Dist:
        d = self.block_action(False, self.team_start, "pro" in self.att)
        return {o: d.get(o, _F0) for o in OUTCOMES}

    def best(self, options: list[Dist], attacker_decides: bool) -> Dist:
        pick = max if attacker_decides else min
        return pick(options, key=lambda d: preference_key(d, self.b.goal))

    def block_action(self, second: bool, team: int, pro: bool) -> Dist:
        """One block (``second``: the Frenzy one): the Dauntless roll and its re-rolls, then the dice."""
        b, dauntless_p, block_from = self.b, self.dauntless_p, self.block_from
        if dauntless_p is None:
            return block_from(b.second_dice if second and b.second_dice is not None else b.dice, second, team, pro)

        def attempt(team_left: int, pro_left: bool) -> Dist:
            return _mix([(dauntless_p, block_from(b.dauntless_dice, second, team_left, pro_left)),
                         (1 - dauntless_p, block_from(b.dice, second, team_left, pro_left))])

        failed = [block_from(b.dice, second, team, pro)]
        if team > 0:
            failed.append(attempt(team - 1, pro))
        if pro:
            failed.append(_mix([(self.pro_p, attempt(team, False)),
                                (1 - self.pro_p, block_from(b.dice, second, team, False))]))
        return _mix([(dauntless_p, block_from(b.dauntless_dice, second, team, pro)),
                     (1 - dauntless_p, self.best(failed, attacker_decides=True))])

    def block_from(self, dice: int, second: bool, team: int, pro: bool) -> Dist:
        """Roll ``dice`` block dice with ``team`` re-rolls and Pro left."""
        return _mix([(p, self.after_roll(faces, dice, second, team, pro)) for faces, p in _multisets(abs(dice))])

    def push(self, second: bool, team: int, pro: bool) -> Dist:
        """A Push: the end of the block, or (Frenzy's first block) the second block, which Fend may prevent."""
        if self.frenzy and not second:
            d = dict(self.block_action(True, team, pro))
            d["push"] = d.get("push", _F0) + d.pop("nothing", _F0)
            if self.fend:  # no follow-up: the target is out of reach, no second block if the defender so chooses
                d = self.best([d, {"push": _F1}], attacker_decides=False)
            return d
        return {"push": _F1}

    def face_value(self, face: str, second: bool, team: int, pro: bool) -> Dist:
        return face_value(face, self.att, self.dfd, self.b.blitz,
                          lambda o: self.push(second, team, pro) if o == "push" else {o: _F1}, self.best)

    def choose(self, faces: tuple[int, ...], attacker_chooses: bool, second: bool, team: int, pro: bool) -> Dist:
        """The choosing coach picks one of the final dice."""
        options = [self.face_value(f, second, team, pro) for f in sorted({FACES[x] for x in faces})]
        return self.best(options, attacker_chooses)

    def reroll_one(self, faces: tuple[int, ...], index: int, dice: int, second: bool, team: int, pro: bool) -> Dist:
        rest = faces[:index] + faces[index + 1:]
        return _mix([(Fraction(1, 6), self.choose(tuple(sorted(rest + (f,))), dice > 0, second, team, pro))
                     for f in range(1, 7)])

    def after_roll(self, faces: tuple[int, ...], dice: int, second: bool, team: int, pro: bool) -> Dist:
        """The attacker's best use of Brawler, Pro or a team re-roll (or none) on the dice just rolled."""
        mine, choose = dice > 0, self.choose
        options = [choose(faces, mine, second, team, pro)]
        if self.brawler and 2 in faces:
            options.append(self.reroll_one(faces, faces.index(2), dice, second, team, pro))
        if pro:
            if self.pro_single_die:
                again = self.best([self.reroll_one(faces, i, dice, second, team, False)
                                   for i in sorted({faces.index(f) for f in faces})], attacker_decides=True)
            else:
                again = _mix([(p, choose(f2, mine, second, team, False)) for f2, p in _multisets(len(faces))])
            options.append(_mix([(self.pro_p, again), (1 - self.pro_p, choose(faces, mine, second, team, False))]))
        if team > 0:
            options.append(_mix([(p, choose(f2, mine, second, team - 1, pro)) for f2, p in _multisets(len(faces))]))
        return self.best(options, attacker_decides=True)


def totals(dist: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Return summary probabilities of an outcome distribution from :func:`resolve_block`.

    ``defender_knocked_down`` (defender_down + both_down), ``attacker_knocked_down``
    (the turnover: attacker_down + both_down; a ball carrier Placed Prone by Wrestle
    is not counted), ``defender_on_ground`` (knocked down or Placed Prone).
    """
    g = lambda k: dist.get(k, _F0)  # noqa: E731
    return {
        "defender_knocked_down": g("defender_down") + g("both_down"),
        "attacker_knocked_down": g("attacker_down") + g("both_down"),
        "defender_on_ground": g("defender_down") + g("both_down") + g("both_prone"),
    }
