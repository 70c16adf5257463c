"""Pitch geometry: the Range Ruler's pass bands and the squares under the ruler (interceptions).

Squares are ``(x, y)`` on the 26 × 15 pitch, x 0..25 and y 0..14 (see
:mod:`calculators.ballmove`).  A square is the unit cell centred on its integer
coordinates: ``[x - 1/2, x + 1/2] × [y - 1/2, y + 1/2]``.

Pass range bands
----------------
The band depends only on ``dx = |x2 - x1|`` and ``dy = |y2 - y1|`` (the ruler chart is
symmetric in dx and dy).  :data:`BAND_LIMITS` gives, for each ``dy`` 0..13, the
largest ``dx`` of each band (Quick, Short, Long, Long Bomb); a larger ``dx`` (or
``dy`` > 13) is out of range.  Facts from the FUMBBL client/server's range chart
(``christerk/ffb``, ``ffb-common/.../mechanics/{bb2016,bb2020,bb2025}/PassMechanic.java``,
``throwingRangeTable``, read 2026), written here as band limits per row:

* BB2020 and BB2025 use one chart.
* The classic (LRB6 / CRP; FFB's ``bb2016``) chart is the same except for the two
  mirror cells (dx, dy) = (13, 2) and (2, 13): Long Bomb in BB2020/BB2025, out of
  range in classic.  The Jervis engine (``cmelchior/jervis-ffb``,
  ``BB2025RangeRuler.kt``) draws its BB2025 ruler like FFB's classic chart; FFB is
  followed here, edition by edition (:func:`band_limits`).

Along a straight line the bands are Quick 1–3 squares, Short 4–6, Long 7–10 and Long
Bomb 11–13 (rules-facts §6a).

The thrower's own square (dx = dy = 0) is under the circle at the ruler's end, in no band:
:func:`pass_band` answers ``"thrower"`` there, in every edition.  It is no pass target: FFB's
chart marks that cell ``T``, which names no passing distance (``PassMechanic`` with
``PassingDistanceFactory.forShortcut``), Jervis reads it as ``Range.PASSING_PLAYER``
(``BB2020RangeRuler.kt``, ``BB2025RangeRuler.kt``), and BB2020's Pass action aims at a square
other than the thrower's (BBBase ``docs/bb2020/core_rules/the_rules_of_blood_bowl.md``, PASS
ACTIONS, commit 87cb594).

The band's pass modifier is a rule number: :data:`BAND_MODIFIERS` holds the defaults
(classic +1 / 0 / −1 / −2; BB2020 and BB2025 0 / −1 / −2 / −3, rules-facts §6a); the
API takes them from the rules data's pass roll when it has a ``range`` group.

Squares under the ruler (who may intercept)
-------------------------------------------
The ruler is laid from the centre ``A`` of the thrower's square to the centre ``B`` of
the other end square: the target square in classic (the interception is attempted
before the pass roll), the square where the ball lands in BB2020 and BB2025 (it is
the target square for an accurate pass).  With ``d = B - A``, a square with centre
``C`` and corners ``K`` is *under the ruler* when all of these hold:

1. it is neither the thrower's square nor the end square, and it is on the pitch;
2. it lies between the two ends: ``0 < (C - A) · d < d · d`` (its centre is strictly
   between the lines through A and B perpendicular to the ruler);
3. the ruler, a strip of width ``w`` centred on the line AB, overlaps the square's
   interior: the signed distances ``cross(d, K - A) / |d|`` of the four corners span an
   interval that meets the open interval ``(-w/2, w/2)``.

``w`` is :data:`RULER_WIDTH` = 87/50 = 1.74 squares, the width FUMBBL uses for the
ruler (``UtilPassing.RULER_WIDTH``; Jervis: a 59 mm ruler over 34 mm squares).  All
tests are exact: ``q < (w/2)·|d|`` is decided as ``q < 0 or q² < (w/2)²·(d·d)``.

Consequences (tested): a pass to an adjacent square has no square under the ruler; a
straight pass of n squares has the 3 × (n − 1) squares of the three rows it crosses;
a diagonal pass also reaches the squares touching the diagonal's corners.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .editions import Edition, resolve
from .errors import CalcError

__all__ = [
    "BANDS",
    "BAND_LIMITS",
    "BAND_MODIFIERS",
    "RULER_WIDTH",
    "THROWER",
    "band_limits",
    "band_modifiers",
    "interception_squares",
    "pass_band",
    "range_map",
    "under_ruler",
]

Square = tuple[int, int]

#: band ids, shortest first; ``out_of_range`` is returned beyond the last, ``thrower`` on the thrower's own square
BANDS: tuple[str, ...] = ("quick", "short", "long", "long-bomb")
#: what :func:`pass_band` answers for the thrower's own square (the circle at the ruler's end, no band)
THROWER = "thrower"

#: dy -> the largest dx of Quick, Short, Long and Long Bomb (-1: the band does not reach this row);
#: BB2020/BB2025 chart.  Row dy = 0 starts at dx = 1 (dx = 0 is the thrower's own square).
BAND_LIMITS: tuple[tuple[int, int, int, int], ...] = (
    (3, 6, 10, 13),     # dy 0
    (3, 6, 10, 13),     # dy 1
    (2, 6, 10, 13),     # dy 2   (classic: Long Bomb to dx 12 only)
    (1, 6, 9, 12),      # dy 3
    (-1, 5, 9, 12),     # dy 4
    (-1, 4, 8, 11),     # dy 5
    (-1, 3, 8, 11),     # dy 6
    (-1, -1, 7, 10),    # dy 7
    (-1, -1, 6, 10),    # dy 8
    (-1, -1, 4, 9),     # dy 9
    (-1, -1, 2, 8),     # dy 10
    (-1, -1, -1, 6),    # dy 11
    (-1, -1, -1, 4),    # dy 12
    (-1, -1, -1, 2),    # dy 13  (classic: Long Bomb to dx 1 only)
)

#: the classic chart's differences from :data:`BAND_LIMITS`
_CLASSIC_ROWS: dict[int, tuple[int, int, int, int]] = {2: (2, 6, 10, 12), 13: (-1, -1, -1, 1)}

#: default pass modifier per band, by edition family (rules-facts §6a)
BAND_MODIFIERS: dict[str, dict[str, int]] = {
    "classic": {"quick": 1, "short": 0, "long": -1, "long-bomb": -2},
    "bb2020": {"quick": 0, "short": -1, "long": -2, "long-bomb": -3},
    "bb2025": {"quick": 0, "short": -1, "long": -2, "long-bomb": -3},
}

#: ruler width in squares (FUMBBL's value, see the module docstring)
RULER_WIDTH = Fraction(87, 50)


def band_limits(edition: str | Edition) -> tuple[tuple[int, int, int, int], ...]:
    """Return the chart rows (:data:`BAND_LIMITS` layout) of ``edition``.

    Raises:
        CalcError: on an unknown edition.
    """
    if resolve(edition).classic:
        return tuple(_CLASSIC_ROWS.get(dy, row) for dy, row in enumerate(BAND_LIMITS))
    return BAND_LIMITS


def _check(sq: object, field: str) -> Square:
    ok = isinstance(sq, tuple) and len(sq) == 2 and all(isinstance(c, int) and not isinstance(c, bool) for c in sq)
    if not ok or not (0 <= sq[0] <= 25 and 0 <= sq[1] <= 14):  # type: ignore[index]
        raise CalcError(field, f"{field} must be a square (x, y) with x 0..25 and y 0..14, got {sq!r}", [[0, 0], [25, 14]], reason="square")
    return sq  # type: ignore[return-value]


def pass_band(thrower: Square, target: Square, edition: str | Edition = "classic") -> str:
    """Return the band of a pass: ``quick``, ``short``, ``long``, ``long-bomb`` or ``out_of_range``, and
    :data:`THROWER` when ``target`` is the thrower's own square (no band, no pass target; module docstring).

    >>> pass_band((0, 7), (3, 7)), pass_band((0, 7), (4, 7)), pass_band((0, 0), (13, 0)), pass_band((0, 0), (14, 0))
    ('quick', 'short', 'long-bomb', 'out_of_range')
    >>> pass_band((5, 5), (5, 5), "bb2025")
    'thrower'

    Raises:
        CalcError: on a square off the pitch (field ``thrower`` or ``target``) or an unknown edition.
    """
    (x1, y1), (x2, y2) = _check(thrower, "thrower"), _check(target, "target")
    dx, dy = abs(x2 - x1), abs(y2 - y1)
    rows = band_limits(edition)
    if dx == dy == 0:
        return THROWER
    if dx > dy:  # the chart is symmetric; read it with the smaller offset as the row
        dx, dy = dy, dx
    if dy >= len(rows):
        return "out_of_range"
    for band, limit in zip(BANDS, rows[dx]):
        if dy <= limit:
            return band
    return "out_of_range"


def _less_than_half_width(q: Fraction, dd: int, width: Fraction) -> bool:
    """Return q < (width/2)·sqrt(dd), exactly."""
    return q < 0 or q * q < (width / 2) ** 2 * dd


def under_ruler(square: Square, start: Square, end: Square, width: Fraction = RULER_WIDTH) -> bool:
    """Return True if ``square`` is under the ruler from ``start`` to ``end`` (conditions 2 and 3 of the module docstring).

    ``start`` and ``end`` themselves are never under it.
    """
    if square in (start, end):
        return False
    ax, ay = start
    dx, dy = end[0] - ax, end[1] - ay
    dd = dx * dx + dy * dy
    cx, cy = square[0] - ax, square[1] - ay
    along = cx * dx + cy * dy
    if not 0 < along < dd:
        return False
    half = Fraction(1, 2)
    cross = [dx * (cy + sy) - dy * (cx + sx) for sx in (-half, half) for sy in (-half, half)]
    lo, hi = min(cross), max(cross)
    # the corner interval [lo, hi] meets (-h|d|, h|d|): lo < h|d| and -hi < h|d|
    return _less_than_half_width(lo, dd, width) and _less_than_half_width(-hi, dd, width)


def interception_squares(thrower: Square, end: Square, width: Fraction = RULER_WIDTH) -> list[Square]:
    """Return the on-pitch squares under the ruler from ``thrower`` to ``end``, sorted by (x, y).

    ``end`` is the target square (classic) or the square where the ball lands (BB2020,
    BB2025).

    Raises:
        CalcError: on a square off the pitch (fields ``thrower``, ``end``).
    """
    a, b = _check(thrower, "thrower"), _check(end, "end")
    xs = range(max(0, min(a[0], b[0]) - 2), min(25, max(a[0], b[0]) + 2) + 1)
    ys = range(max(0, min(a[1], b[1]) - 2), min(14, max(a[1], b[1]) + 2) + 1)
    return [(x, y) for x in xs for y in ys if under_ruler((x, y), a, b, width)]


def range_map(thrower: Square, edition: str | Edition = "classic") -> dict[Square, str]:
    """Return ``{square: band}`` for every on-pitch square in range of ``thrower`` (out-of-range squares are left out)."""
    _check(thrower, "thrower")
    out: dict[Square, str] = {}
    for x in range(26):
        for y in range(15):
            if (x, y) != thrower:
                band = pass_band(thrower, (x, y), edition)
                if band != "out_of_range":
                    out[(x, y)] = band
    return out


def band_modifiers(edition: str | Edition, rules_modifiers: Mapping[str, int] | None = None) -> dict[str, int]:
    """Return ``{band: modifier}``: ``rules_modifiers`` where given, else the :data:`BAND_MODIFIERS` default."""
    out = dict(BAND_MODIFIERS[resolve(edition).family])
    if rules_modifiers:
        out.update({k: v for k, v in rules_modifiers.items() if k in out})
    return out

