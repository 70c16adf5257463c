"""Block: block dice, skills, Frenzy and re-rolls, with optimal choices by both coaches (exact).

Block dice (the same six faces in every edition; rules-facts §8, LRB6, BB2020, BB2025)::

    1 Attacker Down (BB2025 "Player Down")   2 Both Down   3, 4 Push (Push Back)
    5 Defender Stumbles (BB2025 "Stumble")   6 Defender Down (BB2020/BB2025 "POW")

Number of dice (every edition): compare the attacker's ST plus offensive assists with the
defender's ST plus defensive assists.  Equal: 1 die.  One side stronger: 2 dice, and
that side's coach chooses the result.  One side *more than* twice as strong: 3 dice.
(:func:`dice_for_strength`.)  A request may instead give the dice directly: ``1``,
``2``, ``3`` (the attacker chooses) or ``-2``, ``-3`` (the defender chooses).

What a chosen face does (``Skills`` names the skills modelled):

* Attacker Down: the attacker is Knocked Down (a turnover).
* Both Down: each player without Block is Knocked Down (a turnover if the attacker
  falls).  A player with **Wrestle** (either side) may instead have both players Placed
  Prone (no armour roll, no turnover).  **Juggernaut** on a Blitz: the attacker may
  treat Both Down as a Push, and the defender may not use Wrestle (LRB6, BB2020,
  BB2025 Juggernaut).
* Push: the defender is pushed back and stays standing.
* Defender Stumbles: the defender is pushed and Knocked Down, unless it has **Dodge**
  and the attacker lacks **Tackle**: then it is only pushed (every edition; rules-facts
  §8 "Stumble: Push Back if the target has Dodge, otherwise POW").
* Defender Down / POW: the defender is pushed and Knocked Down.

Re-rolls of the block dice (the attacker's coach decides, after seeing the dice, with
an optimal policy; at most one re-roll per block roll, as no die is re-rolled twice):

* **team re-roll**: re-roll all the dice.  Classic allows one per team turn (so one in
  a Frenzy pair of blocks); BB2020/BB2025 one per roll (rules-facts §8).
* **Pro**: classic 4+ on a D6, then re-roll the whole block roll (LRB6 Pro: "any one
  dice roll"); BB2020/BB2025 3+, then re-roll a single die of the attacker's choice
  (BB2020/BB2025 Pro: one die).  Once per turn / activation: once over a Frenzy pair.
  A failed Pro roll leaves the dice as they are (no other re-roll).
* **Brawler** (BB2020, BB2025 only): on a Block action (not a Blitz) re-roll one die
  showing Both Down.

**Frenzy**: if the first block leaves the defender pushed back and standing (and the
attacker standing), the attacker blocks it a second time, with the same number of
dice (assists are assumed unchanged; a Blitz's extra Rush for the second block is not
modelled).  A Both Down with Juggernaut treated as a Push counts as a push.

Final outcomes (mutually exclusive, :data:`OUTCOMES`): ``defender_down`` (defender
Knocked Down, attacker standing), ``both_down`` (both Knocked Down), ``both_prone``
(Wrestle), ``push`` (the defender pushed at least once and standing, attacker
standing), ``nothing`` (Both Down with Block on both sides), ``attacker_down``.

Optimal play: a ``goal`` is a list of criteria (:data:`GOAL_CRITERIA`), each a linear
function of the outcome distribution; distributions are compared lexicographically on
those values.  The criteria determine the whole distribution, so two distributions tie
only when they are equal and the result never depends on how ties are broken.  The
attacker maximises (re-rolls, its choice of face, Juggernaut, its Wrestle); the
defender minimises (its choice of face with more dice, its Wrestle).  Goals:

* ``knock_down`` (default): 1. P(defender Knocked Down) = defender_down + both_down;
  2. P(attacker not Knocked Down); 3. P(both_prone); 4. P(push); 5. P(nothing).
* ``safe``: 1. P(defender_down) (Knocked Down while the attacker stays standing);
  2. P(attacker not Knocked Down); 3. P(both_prone); 4. P(push); 5. P(nothing);
  6. P(not attacker_down) (so Both Down is preferred to Attacker Down).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from .editions import family, mechanics
from .errors import CalcError

__all__ = [
    "FACES",
    "GOALS",
    "GOAL_CRITERIA",
    "OUTCOMES",
    "Block",
    "dice_for_strength",
    "face_of",
    "preference_key",
    "resolve_block",
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

_F0 = Fraction(0)
_F1 = Fraction(1)
Dist = dict[str, Fraction]


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
        edition: edition id.
        dice: 1, 2, 3 (attacker chooses) or -2, -3 (defender chooses).
        blitz: the block is part of a Blitz (Juggernaut works, Brawler does not).
        attacker: the attacker's skills, a frozenset of ``block``, ``wrestle``,
            ``tackle``, ``juggernaut``, ``frenzy``, ``brawler``, ``pro``.
        defender: the defender's skills: ``block``, ``dodge``, ``wrestle``.
        team_rerolls: team re-rolls available (0..8).
        goal: ``knock_down`` or ``safe`` (see the module docstring).
    """

    edition: str = "classic"
    dice: int = 1
    blitz: bool = False
    attacker: frozenset = frozenset()
    defender: frozenset = frozenset()
    team_rerolls: int = 0
    goal: str = "knock_down"

    def validate(self) -> Block:
        """Return self if consistent.

        Raises:
            CalcError: naming the field (``dice``, ``attacker``, ``defender``, ``team_rerolls``, ``goal``).
        """
        if self.dice not in (-3, -2, 1, 2, 3):
            raise CalcError("dice", f"dice must be one of -3, -2, 1, 2, 3, got {self.dice!r}", [-3, -2, 1, 2, 3])
        att_ok = ["block", "wrestle", "tackle", "juggernaut", "frenzy", "pro"]
        if family(self.edition) != "classic":
            att_ok.append("brawler")
        for name, skills, ok in (("attacker", self.attacker, att_ok), ("defender", self.defender, ["block", "dodge", "wrestle"])):
            bad = sorted(set(skills) - set(ok))
            if bad:
                raise CalcError(name, f"{name}: unknown skill {bad[0]!r} for {self.edition}; allowed: {', '.join(ok)}", ok)
        if not (isinstance(self.team_rerolls, int) and 0 <= self.team_rerolls <= 8):
            raise CalcError("team_rerolls", f"team_rerolls must be an integer from 0 to 8, got {self.team_rerolls!r}", [0, 8])
        if self.goal not in GOAL_CRITERIA:
            raise CalcError("goal", f"goal must be one of {', '.join(GOALS)}, got {self.goal!r}", list(GOALS))
        return self


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
    b = block.validate()
    m = mechanics(b.edition)
    n = abs(b.dice)
    attacker_chooses = b.dice > 0
    att, dfd = b.attacker, b.defender
    goal = b.goal
    pro_p = Fraction(7 - m.pro_target, 6)
    pro_single_die = family(b.edition) != "classic"
    brawler = "brawler" in att and not b.blitz
    juggernaut = "juggernaut" in att and b.blitz
    frenzy = "frenzy" in att
    team_start = b.team_rerolls if m.team_rerolls_per_turn is None else min(b.team_rerolls, m.team_rerolls_per_turn)
    rolls = _multisets(n)

    def best(options: list[Dist], attacker_decides: bool) -> Dist:
        pick = max if attacker_decides else min
        return pick(options, key=lambda d: preference_key(d, goal))

    @lru_cache(maxsize=None)
    def block_from(second: bool, team: int, pro: bool) -> Dist:
        """Roll the dice of a block (``second``: the Frenzy one) with ``team`` re-rolls and Pro left."""
        return _mix([(p, after_roll(faces, second, team, pro)) for faces, p in rolls])

    @lru_cache(maxsize=None)
    def push(second: bool, team: int, pro: bool) -> Dist:
        if frenzy and not second:
            d = block_from(True, team, pro)
            d = dict(d)
            d["push"] = d.get("push", _F0) + d.pop("nothing", _F0)
            return d
        return {"push": _F1}

    def face_value(face: str, second: bool, team: int, pro: bool) -> Dist:
        if face == "attacker_down":
            return {"attacker_down": _F1}
        if face == "pow":
            return {"defender_down": _F1}
        if face == "stumble":
            if "dodge" in dfd and "tackle" not in att:
                return push(second, team, pro)
            return {"defender_down": _F1}
        if face == "push":
            return push(second, team, pro)
        # Both Down
        a_falls, d_falls = "block" not in att, "block" not in dfd
        base = {(True, True): "both_down", (True, False): "attacker_down",
                (False, True): "defender_down", (False, False): "nothing"}[(a_falls, d_falls)]
        v: Dist = {base: _F1}
        prone: Dist = {"both_prone": _F1}
        if "wrestle" in dfd and not juggernaut:
            v = best([v, prone], attacker_decides=False)
        if "wrestle" in att:
            v = best([prone, v], attacker_decides=True)
        if juggernaut:
            v = best([push(second, team, pro), v], attacker_decides=True)
        return v

    @lru_cache(maxsize=None)
    def choose(faces: tuple[int, ...], second: bool, team: int, pro: bool) -> Dist:
        """The choosing coach picks one of the final dice."""
        options = [face_value(f, second, team, pro) for f in sorted({FACES[x] for x in faces})]
        return best(options, attacker_chooses)

    def reroll_one(faces: tuple[int, ...], index: int, second: bool, team: int, pro: bool) -> Dist:
        rest = faces[:index] + faces[index + 1:]
        return _mix([(Fraction(1, 6), choose(tuple(sorted(rest + (f,))), second, team, pro)) for f in range(1, 7)])

    @lru_cache(maxsize=None)
    def after_roll(faces: tuple[int, ...], second: bool, team: int, pro: bool) -> Dist:
        options = [choose(faces, second, team, pro)]
        if brawler and 2 in faces:
            options.append(reroll_one(faces, faces.index(2), second, team, pro))
        if pro:
            if pro_single_die:
                again = best([reroll_one(faces, i, second, team, False) for i in sorted({faces.index(f) for f in faces})],
                             attacker_decides=True)
            else:
                again = _mix([(p, choose(f2, second, team, False)) for f2, p in rolls])
            options.append(_mix([(pro_p, again), (1 - pro_p, choose(faces, second, team, False))]))
        if team > 0:
            options.append(_mix([(p, choose(f2, second, team - 1, pro)) for f2, p in rolls]))
        return best(options, attacker_decides=True)

    d = block_from(False, team_start, "pro" in att)
    return {o: d.get(o, _F0) for o in OUTCOMES}


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
