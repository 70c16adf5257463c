"""Exact dice distributions.

A *distribution* here is a ``dict`` mapping an outcome (an int face or total, or a
string label) to a :class:`fractions.Fraction` probability in [0, 1]; the values of
a distribution always sum to exactly 1.  Functions return new dicts and never keep
state.  Mechanics only: which face means what is decided by the callers.

Dice used in Blood Bowl: D3, D6, D8 (random direction), D16 (BB2020/BB2025
casualty), D68 (classic casualty: a D6 for tens and a D8 for units, 11..68 with
units 1..8), 2D6 sums (armour, injury, kick-off table) and block dice (a D6 with
faces Attacker Down, Both Down, Push, Push, Defender Stumbles, Defender Down / POW).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction

__all__ = [
    "ONE",
    "ZERO",
    "check_distribution",
    "combine",
    "d68",
    "die",
    "map_outcomes",
    "sum_of",
    "two_d6",
]

ZERO = Fraction(0)
ONE = Fraction(1)


def die(sides: int) -> dict[int, Fraction]:
    """Return the uniform distribution of one die with faces ``1..sides``.

    Raises:
        ValueError: if ``sides`` is not a positive integer.
    """
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise ValueError(f"a die needs a positive number of sides, got {sides!r}")
    p = Fraction(1, sides)
    return {face: p for face in range(1, sides + 1)}


def combine(
    a: Mapping[Hashable, Fraction],
    b: Mapping[Hashable, Fraction],
    how: Callable[[Hashable, Hashable], Hashable],
) -> dict[Hashable, Fraction]:
    """Return the distribution of ``how(x, y)`` for independent ``x ~ a`` and ``y ~ b``."""
    out: dict[Hashable, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            key = how(x, y)
            out[key] = out.get(key, ZERO) + px * py
    return out


def sum_of(dice: Iterable[Mapping[int, Fraction]]) -> dict[int, Fraction]:
    """Return the distribution of the sum of independent dice (e.g. ``2D6``)."""
    total: dict[int, Fraction] = {0: ONE}
    for d in dice:
        total = combine(total, d, lambda x, y: x + y)
    return dict(sorted(total.items()))


def two_d6() -> dict[int, Fraction]:
    """Return the 2D6 sum distribution: totals 2..12, P(7) = 6/36."""
    return sum_of([die(6), die(6)])


def d68() -> dict[int, Fraction]:
    """Return the classic D68 casualty roll: D6 tens and D8 units (11..68), each 1/48."""
    return dict(sorted(combine(die(6), die(8), lambda t, u: 10 * t + u).items()))


def map_outcomes(
    dist: Mapping[Hashable, Fraction], fn: Callable[[Hashable], Hashable]
) -> dict[Hashable, Fraction]:
    """Return the distribution of ``fn(outcome)`` (outcomes mapping to one key are added)."""
    out: dict[Hashable, Fraction] = {}
    for k, p in dist.items():
        key = fn(k)
        out[key] = out.get(key, ZERO) + p
    return out


def check_distribution(dist: Mapping[Hashable, Fraction]) -> None:
    """Check that ``dist`` is a probability distribution: Fractions in [0, 1] summing to 1.

    Raises:
        ValueError: naming the first problem found.
    """
    total = ZERO
    for k, p in dist.items():
        if not isinstance(p, Fraction):
            raise ValueError(f"P({k!r}) is {type(p).__name__}, expected Fraction")
        if p < 0 or p > 1:
            raise ValueError(f"P({k!r}) = {p} is outside [0, 1]")
        total += p
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not 1")
