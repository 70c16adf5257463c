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
    "DICE_EXPRESSIONS",
    "check_distribution",
    "combine",
    "d68",
    "die",
    "dice_total",
    "map_outcomes",
    "normalise_dice",
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


#: the dice expressions :func:`dice_total` accepts: ``NdM`` with N 1..4 and M 3, 6, 8 or 16
#: (written ``dM`` when N is 1), e.g. ``"d6"``, ``"2d6"``, ``"d16"``, ``"3d6"``
DICE_EXPRESSIONS: tuple[str, ...] = tuple(
    (f"{n}d{m}" if n > 1 else f"d{m}") for n in range(1, 5) for m in (3, 6, 8, 16))


def normalise_dice(text: str) -> str:
    """Return the canonical form of a dice expression: lower case, no spaces, ``1dM`` written ``dM``.

    ``"2D6"`` -> ``"2d6"``, ``" 1d8 "`` -> ``"d8"``.  The result is not checked against
    :data:`DICE_EXPRESSIONS`.
    """
    t = text.strip().lower().replace(" ", "")
    return t[1:] if t.startswith("1d") else t


def dice_total(expression: str) -> dict[int, Fraction]:
    """Return the distribution of the total of a dice expression from :data:`DICE_EXPRESSIONS`.

    >>> dice_total("2d6")[7]
    Fraction(1, 6)

    Raises:
        ValueError: if ``expression`` (after :func:`normalise_dice`) is not one of them.
    """
    canon = normalise_dice(expression)
    if canon not in DICE_EXPRESSIONS:
        raise ValueError(f"unknown dice expression {expression!r}; expected one of {', '.join(DICE_EXPRESSIONS)}")
    n_text, m_text = canon.split("d")
    return sum_of([die(int(m_text))] * (int(n_text) if n_text else 1))


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
