"""Old Pro's dice (Helmut Wulf, BB2020 and BB2025): Pro re-rolls one die of an armour roll, once per game.

The rule: once per game Helmut may use his Pro skill to re-roll a single die of an armour roll (BBBase
``docs/bb2020/starplayers/Helmut_Wulf.md`` and ``docs/bb2025/starplayers/Helmut_Wulf.md``).  The Pro roll (3+) is
still made; a failed one spends Pro, not Old Pro (BB2020 FAQ, :mod:`calculators.rerolls`).  The armour roll itself
is :func:`calculators.armour.armour_roll`'s, the one implementation; this module only enumerates the re-rolled die.

* **After a block** (:func:`old_pro_rescue`): an armour roll that held is re-rolled on the die that gives the better
  chance; failing ends the chain, so it is always tried.
* **On a foul** (:func:`foul_pair_outcomes`, used by :mod:`calculators.chain`): the fouler's own armour roll.  FFB
  (``ffb-server/.../injury/modification/OldProModification``, commit ac2f6d3) offers it on a ``Foul`` injury type
  when the armour held *or* when the roll is a double that would send the fouler off (a "spotted foul"), and
  replaces the die: the new dice decide both the break and the send-off (as Lone Fouler's re-roll,
  :mod:`calculators.armour`).  The rule text does not restrict which armour roll; the chain follows FFB's two cases,
  and the coach, seeing the dice, keeps them or re-rolls the die that serves the rest of the chain best.
"""

from __future__ import annotations

from fractions import Fraction

from .armour import InjuryTable, _injury_reach_counts, armour_pair, armour_roll, injury_reaches

__all__ = ["FOUL_OUTCOMES", "foul_pair_outcomes", "old_pro_rescue", "rerolled_die"]

_F0 = Fraction(0)
_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]

#: a foul's outcomes, as :func:`calculators.armour.armour_break` names them
FOUL_OUTCOMES = ("break", "break_sent_off", "hold", "hold_sent_off")


def foul_pair_outcomes(edition: str, a: int, b: int, av: int, modifier: int = 0, *, bonus: int = 0,
                       sneaky_git: bool = False, iron_hard_skin: bool = False, injury_modifier: int = 0,
                       need: str | int | None = None, table: InjuryTable | None = None) -> dict[str, Fraction]:
    """Return a foul's outcomes (:data:`FOUL_OUTCOMES`, Fractions summing to 1) once its armour dice show ``a`` and
    ``b`` (1..6): broken and nobody sent off, and so on, the injury roll still to come.

    Without ``need`` a break is all the step asks, and a double on the injury roll (1 in 6) still sends the fouler
    off; with ``need`` the injury roll (``injury_modifier`` and the Dirty Player (+X) the armour roll did not use)
    must meet it (:func:`calculators.armour.armour_then_injury` for the whole roll).  ``bonus``: Dirty Player's +X;
    ``sneaky_git``, ``iron_hard_skin`` as :func:`calculators.armour.armour_pair`.  Callers check the arguments.
    """
    broke, spent, sent = armour_pair(edition, a, b, av, modifier, bonus=bonus, foul=True, sneaky_git=sneaky_git,
                                     iron_hard_skin=iron_hard_skin)
    out = dict.fromkeys(FOUL_OUTCOMES, _F0)
    if not broke:
        out["hold_sent_off" if sent else "hold"] = Fraction(1)
        return out
    if need is None:
        out["break_sent_off"] = Fraction(1) if sent else Fraction(1, 6)
        out["break"] = 1 - out["break_sent_off"]
        return out
    for (ok, double), n in _injury_reach_counts(injury_modifier + bonus - spent, need, table):
        out[("break" if ok else "hold") + ("_sent_off" if sent or double else "")] += Fraction(n, 36)
    return out


def rerolled_die(outcomes, a: int, b: int, keep_first: bool) -> dict[str, Fraction]:
    """The mean of ``outcomes(x, y)`` (a dict of Fractions per pair of dice) over the six faces of the re-rolled die,
    the other die kept: ``a`` when ``keep_first``, else ``b``."""
    out = dict.fromkeys(FOUL_OUTCOMES, _F0)
    for c in range(1, 7):
        for k, v in (outcomes(a, c) if keep_first else outcomes(c, b)).items():
            out[k] += v / 6
    return out


def old_pro_rescue(edition: str, av: int, modifier: int = 0, *, bonus: int = 0, claws: bool = False,
                   iron_hard_skin: bool = False, injury_modifier: int = 0, need: str | int | None = None,
                   table: InjuryTable | None = None, bonus_on_injury: bool = True,
                   either: int = 0, armour_only: int = 0) -> Fraction:
    """Return P(an armour roll after a block holds, and re-rolling its better die to re-roll then succeeds).

    Old Pro (Helmut Wulf, BB2020 and BB2025; BBBase ``docs/bb2020|bb2025/starplayers/Helmut_Wulf.md``; FFB
    ``server/injury/modification/OldProModification``): once per game the player may use Pro to re-roll one die of
    an armour roll.  This gives the chance over the first armour dice and the re-rolled die, the Pro roll left to
    the caller: for each pair that holds, the die whose re-roll gives the better chance is re-rolled (the coach
    sees both dice).  Success is the armour breaking (``need`` None) or, with ``need``, the armour breaking and
    the injury roll that follows meeting ``need`` with ``injury_modifier`` and the +X the armour roll did not
    use (:func:`armour_then_injury`); ``bonus``, ``claws``, ``iron_hard_skin``, ``bonus_on_injury``, ``either``,
    ``armour_only`` as there.
    Callers check the arguments (:func:`armour_break`).
    """
    w36 = Fraction(1, 36)

    def success(a: int, b: int) -> Fraction:
        broke, spent = armour_roll(edition, a + b, av, modifier, plus_one=bonus, claws=claws,
                                   iron_hard_skin=iron_hard_skin, either=either, armour_only=armour_only)
        if not broke:
            return _F0
        if need is None:
            return Fraction(1)
        mod = injury_modifier + (bonus + either - spent if bonus_on_injury else 0)
        return sum((w36 for c, d in _PAIRS if injury_reaches(c + d + mod, need, table)), _F0)

    total = _F0
    for a, b in _PAIRS:
        if armour_roll(edition, a + b, av, modifier, plus_one=bonus, claws=claws, iron_hard_skin=iron_hard_skin,
                       either=either, armour_only=armour_only)[0]:
            continue
        keep_b = sum((success(c, b) for c in range(1, 7)), _F0) / 6
        keep_a = sum((success(a, c) for c in range(1, 7)), _F0) / 6
        total += w36 * max(keep_a, keep_b)
    return total
