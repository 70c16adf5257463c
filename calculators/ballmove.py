"""Ball movement on the 26 × 15 pitch: deviate, scatter, bounce, and the kick-off landing map.

Coordinates: a square is ``(x, y)`` with ``x`` 0..25 along the length of the pitch
(the end zones are x = 0 and x = 25; the half-way line lies between x = 12 and
x = 13) and ``y`` 0..14 across (the sidelines are y = 0 and y = 14).  ``"out"`` stands
for any position off the pitch (where a throw-in or touchback follows; not modelled).

Random Direction Template (D8), as printed (rules-facts §4b)::

     1  2  3          1 = (-1, -1)  2 = (0, -1)  3 = (+1, -1)
     4  ·  5          4 = (-1,  0)               5 = (+1,  0)
     6  7  8          6 = (-1, +1)  7 = (0, +1)  8 = (+1, +1)

"Up" is towards y = 0 and "left" towards x = 0 (the template laid along the y = 0
sideline).  The D8 is uniform over 8 symmetric directions, so the distributions do not
depend on that choice; it matters only for naming a rolled number.

Mechanics (rules-facts §1, §4a):

* **Deviate** (kick-off, BB2020 wildly inaccurate pass): D8 direction, then D6 squares.
  *Kick* skill: classic and BB2020 halve the D6, rounding down (0, 1, 1, 2, 2, 3);
  BB2025 deviates D3 squares.  Here Kick is always used when ``kick`` is true (the
  BB2025 choice-timing dispute, rules-facts §9, is not modelled).
* **Scatter (N)**: N separate one-square D8 moves; **Bounce** = Scatter (1).  Once the
  ball is off the pitch it stays ``"out"``.
* **Kick-off**: the ball is placed on a square of the receiving half and deviates; it
  is a *touchback* if it ends off the pitch or in the kicking half (after the optional
  bounce from an empty landing square; all squares are assumed empty).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .editions import mechanics
from .errors import CalcError

__all__ = ["DIRECTIONS", "HEIGHT", "WIDTH", "KickOff", "deviate", "kick_off", "landing_map", "on_pitch", "scatter"]

WIDTH = 26   # x 0..25
HEIGHT = 15  # y 0..14
DIRECTIONS: dict[int, tuple[int, int]] = {
    1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0), 6: (-1, 1), 7: (0, 1), 8: (1, 1)}

Square = tuple[int, int]


def on_pitch(sq: object) -> bool:
    """Return True if ``sq`` is a square ``(x, y)`` with 0 <= x <= 25 and 0 <= y <= 14."""
    return isinstance(sq, tuple) and len(sq) == 2 and 0 <= sq[0] < WIDTH and 0 <= sq[1] < HEIGHT


def _check(sq: object, field: str) -> Square:
    if not on_pitch(sq):
        raise CalcError(field, f"{field} must be a square (x, y) with x 0..25 and y 0..14, got {sq!r}", [[0, 0], [25, 14]])
    return sq  # type: ignore[return-value]


def _distance(edition: str, kick: bool) -> dict[int, Fraction]:
    if not kick:
        return {d: Fraction(1, 6) for d in range(1, 7)}
    if mechanics(edition).kick_distance == "d3":
        return {d: Fraction(1, 3) for d in range(1, 4)}
    out: dict[int, Fraction] = {}
    for d in range(1, 7):
        out[d // 2] = out.get(d // 2, Fraction(0)) + Fraction(1, 6)
    return out


def deviate(start: Square, edition: str = "classic", kick: bool = False) -> dict[Square | str, Fraction]:
    """Return where a deviating ball ends: ``{square or "out": probability}`` (sums to 1).

    Raises:
        CalcError: on a square off the pitch (field ``start``) or an unknown edition.
    """
    x, y = _check(start, "start")
    out: dict[Square | str, Fraction] = {}
    for n, pn in _distance(edition, kick).items():
        for dx, dy in DIRECTIONS.values():
            sq = (x + dx * n, y + dy * n)
            key: Square | str = sq if on_pitch(sq) else "out"
            out[key] = out.get(key, Fraction(0)) + pn / 8
    return out


def scatter(start: Square | str, n: int = 1) -> dict[Square | str, Fraction]:
    """Return the distribution after ``n`` one-square D8 moves (Scatter (n); Bounce is n = 1).

    Raises:
        CalcError: on a square off the pitch or ``n`` outside 0..10.
    """
    if not (isinstance(n, int) and 0 <= n <= 10):
        raise CalcError("n", f"n must be 0..10, got {n!r}", [0, 10])
    dist: dict[Square | str, Fraction] = {start if start == "out" else _check(start, "start"): Fraction(1)}
    for _ in range(n):
        nxt: dict[Square | str, Fraction] = {}
        for sq, p in dist.items():
            if sq == "out":
                nxt["out"] = nxt.get("out", Fraction(0)) + p
                continue
            for dx, dy in DIRECTIONS.values():
                t = (sq[0] + dx, sq[1] + dy)  # type: ignore[index]
                key: Square | str = t if on_pitch(t) else "out"
                nxt[key] = nxt.get(key, Fraction(0)) + p / 8
        dist = nxt
    return dist


@dataclass(frozen=True)
class KickOff:
    """A kick-off result: ``landing`` (``{square or "out": p}``) and ``touchback`` (Fraction)."""

    landing: dict
    touchback: Fraction


def _receiving(sq: Square, receiving: str) -> bool:
    return sq[0] >= 13 if receiving == "right" else sq[0] <= 12


def kick_off(target: Square, edition: str = "classic", kick: bool = False, receiving: str = "right",
             bounce: bool = False) -> KickOff:
    """Return where a kick aimed at ``target`` ends, and P(touchback).

    Args:
        target: the square the ball is placed on, in the receiving half.
        receiving: ``"right"`` (receiving half x 13..25) or ``"left"`` (x 0..12).
        bounce: also bounce once from the landing square (an empty square).

    Raises:
        CalcError: when ``target`` is off the pitch or not in the receiving half, or ``receiving`` is unknown.
    """
    if receiving not in ("right", "left"):
        raise CalcError("receiving", "receiving must be 'right' or 'left'", ["right", "left"])
    _check(target, "target")
    if not _receiving(target, receiving):
        raise CalcError("target", f"the kick must be placed in the receiving half ({receiving})")
    land = deviate(target, edition, kick)
    if bounce:
        after: dict[Square | str, Fraction] = {}
        for sq, p in land.items():
            for k, q in scatter(sq, 1).items():
                after[k] = after.get(k, Fraction(0)) + p * q
        land = after
    tb = sum((p for sq, p in land.items() if sq == "out" or not _receiving(sq, receiving)), Fraction(0))
    return KickOff(land, tb)


def landing_map(edition: str = "classic", kick: bool = False, receiving: str = "right",
                bounce: bool = False) -> dict[Square, Fraction]:
    """Return ``{target square: P(touchback)}`` for every square of the receiving half."""
    xs = range(13, WIDTH) if receiving == "right" else range(0, 13)
    return {(x, y): kick_off((x, y), edition, kick, receiving, bounce).touchback for x in xs for y in range(HEIGHT)}
