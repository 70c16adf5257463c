"""Blast It! (Barik Farblast): a Hail Mary Pass whose scatter dice may each be re-rolled, and where the ball ends.

BB2020 (once per game) and BB2025 (every Hail Mary Pass): when Barik makes a Hail Mary Pass he may re-roll any of the
scatter results that decide where the ball lands, and a team-mate catching it adds +1 (BBBase
``docs/bb2020/starplayers/Barik_Farblast.md`` and ``docs/bb2025/starplayers/Barik_Farblast.md`` at ``87cb594``).  Each
of the three Scatter (D8, one square) results is seen, then kept or re-rolled once (a die is never re-rolled twice).

:func:`blast_it_weights` gives the chances that the ball then ends where the receiver may catch it, with the scatter
dice re-rolled as well as the coach can: by an exact dynamic programme over the three scatters (each result kept when
that is worth at least a re-roll), for the worth of each landing the caller gives.  The squares are those of
:func:`calculators.compat.scattered.scattered_pass_weights`: far from every edge, nobody else near.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

__all__ = ["blast_it_weights", "catch_worth"]

#: the eight one-square moves of a scatter (the D8 of the Random Direction Template)
_MOVES = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))


def blast_it_weights(bounced_worth: Fraction, diving_catch: bool = False) -> tuple[Fraction, Fraction]:
    """``(direct, bounced)`` after three scatters from the receiver's square, each re-rolled when the coach gains by it.

    Args:
        bounced_worth: how much a catch after a Bounce is worth against one of the ball that landed in the
            receiver's square (a Fraction in [0, 1]: the ratio of the two catches' chances), which decides the re-rolls.
        diving_catch: the receiver has Diving Catch: it catches the ball that lands in its square or Tackle Zone, and
            never after a Bounce (:func:`calculators.compat.scattered.scattered_pass_weights`).

    Returns:
        ``direct``: P(the ball lands in the receiver's square, or with Diving Catch in its Tackle Zone);
        ``bounced``: P(it lands next to it and its Bounce comes into that square), 0 with Diving Catch.
    """
    if not 0 <= bounced_worth <= 1:
        raise ValueError(f"bounced_worth must be in [0, 1], got {bounced_worth}")
    eighth = Fraction(1, 8)

    def landing(square: tuple[int, int]) -> tuple[Fraction, Fraction]:
        """(direct, bounced) chances of a ball that ended its scatters on ``square``."""
        near = max(abs(square[0]), abs(square[1]))
        if diving_catch:
            return (Fraction(1), Fraction(0)) if near <= 1 else (Fraction(0), Fraction(0))
        if near == 0:
            return Fraction(1), Fraction(0)
        return (Fraction(0), eighth) if near == 1 else (Fraction(0), Fraction(0))

    def worth(pair: tuple[Fraction, Fraction]) -> Fraction:
        return pair[0] + bounced_worth * pair[1]

    @lru_cache(maxsize=None)
    def ahead(square: tuple[int, int], left: int) -> tuple[Fraction, Fraction]:
        """(direct, bounced) from ``square`` with ``left`` scatters to come, playing the re-rolls at best."""
        if left == 0:
            return landing(square)
        outcomes = [ahead((square[0] + dx, square[1] + dy), left - 1) for dx, dy in _MOVES]
        rerolled = (sum((o[0] for o in outcomes), Fraction(0)) * eighth,
                    sum((o[1] for o in outcomes), Fraction(0)) * eighth)
        kept = [o if worth(o) >= worth(rerolled) else rerolled for o in outcomes]
        return (sum((k[0] for k in kept), Fraction(0)) * eighth, sum((k[1] for k in kept), Fraction(0)) * eighth)

    return ahead((0, 0), 3)


def catch_worth(direct_face: int, bounced_face: int, catch_skill: bool) -> Fraction:
    """The worth of a catch after a Bounce against one of the ball that landed in the receiver's square: the ratio of
    their chances, each a D6 needing its face (2..6), re-rolled once with the Catch skill.  The chain's other re-rolls
    (a team re-roll, Pro) are not weighed here: the scatter re-rolls are planned on the catch's own chances."""
    def chance(face: int) -> Fraction:
        p = Fraction(7 - max(2, min(6, face)), 6)
        return p + (1 - p) * p if catch_skill else p

    return chance(bounced_face) / chance(direct_face)
