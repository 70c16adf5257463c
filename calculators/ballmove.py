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

Two numberings of the D8 are in use (:data:`D8_NUMBERINGS`, :func:`direction_template`):
``"template"``, the printed template above, in every edition (LRB6/classic: botbowl's
``Scatter.step`` and ``Bounce.step``; BB2020: BBBase ``blood_bowl_stadia.md`` "THE RANDOM
DIRECTION TEMPLATE" and Jervis ``RandomDirectionTemplate.kt``, "1-2-3 at the top";
BB2025: BBBase ``game_essentials.md`` "RANDOM DIRECTION TEMPLATE"), and ``"fumbbl"``,
FUMBBL's engine, clockwise from straight up in every ruleset: 1 up, 2 up-right, 3 right,
4 down-right, 5 down, 6 down-left, 7 left, 8 up-left (FFB ``DirectionFactory.forRoll``,
``Rules.COMMON``, with ``UtilServerCatchScatterThrowIn.findScatterCoordinate``).  The
odds are the same; a rolled number names a different square.

Mechanics (rules-facts §1, §4a):

* **Deviate** (kick-off, BB2020 wildly inaccurate pass): D8 direction, then D6 squares.
  *Kick* skill: classic and BB2020 halve the D6, rounding down (0, 1, 1, 2, 2, 3);
  BB2025 deviates D3 squares.  Here Kick is always used when ``kick`` is true (the
  BB2025 choice-timing dispute, rules-facts §9, is not modelled).
* **Scatter (N)**: N separate one-square D8 moves; **Bounce** = Scatter (1).  Once the
  ball is off the pitch it stays ``"out"``.
* **Kick-off**: the ball is placed on a square of the receiving half and deviates; it
  is a *touchback* if it ends off the pitch or in the kicking half.  A ball that
  deviates into the kicking half or off the pitch is a touchback at once and never
  bounces back into play; one that lands in the receiving half may bounce (the optional
  bounce from an empty landing square; all squares are assumed empty), and a bounce into
  the kicking half or off the pitch is a touchback too.  Sources: FUMBBL FFB
  ``server/step/bb2016/StepKickoffScatterRoll.java``, ``bb2020/StepKickoffScatterRoll.java``
  and ``bb2025/kickoff/StepKickoffScatterRoll.java`` (commit ac2f6d3) set ``TOUCHBACK``
  as soon as the deviated ball is outside the receiving half (``fTouchback = (fKickoffBounds
  == null)``); BBBase ``docs/bb2020/core_rules/the_rules_of_blood_bowl.md`` "TOUCHBACKS"
  and ``docs/bb2025/core_rules/the_game_of_blood_bowl.md`` "TOUCHBACKS" (commit 87cb594):
  deviating or bouncing off the pitch or into the kicking half causes a touchback.
* **Throw-in** (rules-facts §4c; :func:`throw_in`): the Throw-in Template is laid on the
  last square the ball was in before leaving the pitch (an edge square), facing into
  the pitch.  D6: 1–2 one diagonal, 3–4 straight in, 5–6 the other diagonal (1/3
  each); then the ball flies 2D6 squares in that direction.  Counting, per edition:
  classic and BB2025 count the square under the template as square 1, so the ball
  ends 2D6 − 1 squares away (BB2025 rule text, rules-facts §4c; FUMBBL ``ThrowInMechanic``
  for BB2016 and BB2025); BB2020 does not, so it ends 2D6 squares away (FUMBBL's
  BB2020 ``ThrowInMechanic`` adds 1 to the 2D6 count).  Corner squares: BB2020 and
  BB2025 rotate the Random Direction Template so that only 3 directions face the pitch
  and roll a D3 (rules-facts §4b, BBB20/BBB25/Jervis; FUMBBL applies this in BB2025
  only); classic treats a corner square as an end-zone square (template facing along
  the pitch, FUMBBL BB2016).  If the ball goes off the pitch again, it is thrown in
  again from the last on-pitch square of its flight, until it lands on the pitch: the
  landing distribution is solved exactly (a linear system over the edge squares
  reached).  The landing square is where the ball comes down (a catch or a bounce
  follows; not modelled).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from .editions import EDITIONS, Edition, resolve
from .errors import CalcError

__all__ = ["DIRECTIONS", "D8_NUMBERINGS", "HEIGHT", "WIDTH", "KickOff", "ThrowIn", "deviate", "direction_template",
           "in_receiving_half", "kick_distance", "kick_off", "landing_map", "on_pitch", "scatter", "throw_in", "throw_in_directions", "throw_in_once"]

WIDTH = 26   # x 0..25
HEIGHT = 15  # y 0..14
DIRECTIONS: dict[int, tuple[int, int]] = {
    1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0), 6: (-1, 1), 7: (0, 1), 8: (1, 1)}

Square = tuple[int, int]

#: reading -> {D8 face: (dx, dy)}: the printed template (every edition's rulebook) and FUMBBL's clockwise numbering
D8_NUMBERINGS: dict[str, dict[int, tuple[int, int]]] = {
    "template": DIRECTIONS,
    "fumbbl": {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (1, 1), 5: (0, 1), 6: (-1, 1), 7: (-1, 0), 8: (-1, -1)},
}

_BOTBOWL = {"repo": "njustesen/botbowl", "path": "botbowl/core/procedure.py", "symbol": "Scatter.step, Bounce.step",
            "commit": "3e550bda3666c39efe478fb9465646af24576665"}
_BBBASE = "BBBase-EHeresy-PPPub/BBBase"
_BBBASE_COMMIT = "87cb594"
#: (numbering, edition family) -> where that numbering is read
_NUMBERING_SOURCES: dict[tuple[str, str], tuple[dict[str, str], ...]] = {
    ("template", "classic"): (_BOTBOWL,),
    ("template", "bb2020"): (
        {"repo": _BBBASE, "path": "docs/bb2020/core_rules/blood_bowl_stadia.md",
         "symbol": "THE RANDOM DIRECTION TEMPLATE (diagram)", "commit": _BBBASE_COMMIT},
        {"repo": "cmelchior/jervis-ffb", "symbol": "RandomDirectionTemplate.results",
         "path": "modules/jervis-engine/src/commonMain/kotlin/com/jervisffb/engine/rules/common/tables/"
                 "RandomDirectionTemplate.kt", "commit": "64b4b144db5b55f0938a8c2f32bedefd143ec3af"}),
    ("template", "bb2025"): (
        {"repo": _BBBASE, "path": "docs/bb2025/core_rules/game_essentials.md",
         "symbol": "RANDOM DIRECTION TEMPLATE (diagram)", "commit": _BBBASE_COMMIT},),
}
_FFB_DIRECTIONS = ({"repo": "christerk/ffb", "path": "ffb-common/src/main/java/com/fumbbl/ffb/factory/DirectionFactory.java",
                    "symbol": "DirectionFactory.forRoll (Rules.COMMON)", "commit": "ac2f6d302ce3b4d36023f0b5ff76653741ecb7b2"},)


def direction_template(numbering: str = "template") -> dict:
    """Return the D8 numbering ``numbering`` of the Random Direction Template, as data, with its source per edition.

    Returns ``{"numbering", "faces": {face: (dx, dy)}, "layout": 3 rows of 3 faces (None in the centre; the
    first row is "up", towards y = 0), "sources": {edition: [{"repo", "path", "symbol", "commit"}]}}``, one
    entry per edition of :data:`calculators.editions.EDITIONS` (the numbering is the same in all of them).

    Raises:
        CalcError: on a numbering not in :data:`D8_NUMBERINGS` (field ``d8_numbering``).
    """
    if numbering not in D8_NUMBERINGS:
        raise CalcError("d8_numbering", f"d8_numbering must be one of {', '.join(D8_NUMBERINGS)}",
                        list(D8_NUMBERINGS), reason="choice")
    faces = D8_NUMBERINGS[numbering]
    at = {d: f for f, d in faces.items()}
    layout = [[at.get((dx, dy)) for dx in (-1, 0, 1)] for dy in (-1, 0, 1)]
    sources = {ed: [dict(s) for s in (_FFB_DIRECTIONS if numbering == "fumbbl" else
                                      _NUMBERING_SOURCES[(numbering, resolve(ed).family)])] for ed in EDITIONS}
    return {"numbering": numbering, "faces": dict(faces), "layout": layout, "sources": sources}


def on_pitch(sq: object) -> bool:
    """Return True if ``sq`` is a square ``(x, y)`` with 0 <= x <= 25 and 0 <= y <= 14."""
    return isinstance(sq, tuple) and len(sq) == 2 and 0 <= sq[0] < WIDTH and 0 <= sq[1] < HEIGHT


def _check(sq: object, field: str) -> Square:
    if not on_pitch(sq):
        raise CalcError(field, f"{field} must be a square (x, y) with x 0..25 and y 0..14, got {sq!r}", [[0, 0], [25, 14]], reason="square")
    return sq  # type: ignore[return-value]


def kick_distance(edition: str | Edition, kick: bool, roll: int | None = None) -> int:
    """Return the faces of a deviation's distance die (``roll`` None), or the squares a rolled ``roll`` moves.

    Without Kick: a D6, ``roll`` squares.  With Kick: classic and BB2020 halve the D6,
    rounding down (``roll // 2``); BB2025 rolls a D3 (``roll`` squares).

    Raises:
        CalcError: on an unknown edition, or a ``roll`` outside the die's faces (field ``distance_roll``).
    """
    d3 = kick and resolve(edition).mechanics.kick_distance == "d3"
    faces = 3 if d3 else 6
    if roll is None:
        return faces
    if not (isinstance(roll, int) and not isinstance(roll, bool) and 1 <= roll <= faces):
        raise CalcError("distance_roll", f"distance_roll must be a D{faces} result, 1 to {faces}", [1, faces],
                        reason="range")
    return roll // 2 if kick and not d3 else roll


def _distance(edition: str | Edition, kick: bool) -> dict[int, Fraction]:
    faces = kick_distance(edition, kick)
    out: dict[int, Fraction] = {}
    for roll in range(1, faces + 1):
        n = kick_distance(edition, kick, roll)
        out[n] = out.get(n, Fraction(0)) + Fraction(1, faces)
    return out


def deviate(start: Square, edition: str | Edition = "classic", kick: bool = False) -> dict[Square | str, Fraction]:
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
        raise CalcError("n", f"n must be 0..10, got {n!r}", [0, 10], reason="range")
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


def in_receiving_half(sq: Square, receiving: str) -> bool:
    """Return True if square ``sq`` is in the receiving half: x 13..25 for ``"right"``, x 0..12 for ``"left"``."""
    return sq[0] >= 13 if receiving == "right" else sq[0] <= 12


_receiving = in_receiving_half


def kick_off(target: Square, edition: str | Edition = "classic", kick: bool = False, receiving: str = "right",
             bounce: bool = False) -> KickOff:
    """Return where a kick aimed at ``target`` ends, and P(touchback).

    Args:
        target: the square the ball is placed on, in the receiving half.
        receiving: ``"right"`` (receiving half x 13..25) or ``"left"`` (x 0..12).
        bounce: also bounce once from the landing square (an empty square) when it is in the
            receiving half; a ball that deviated out or into the kicking half is a touchback
            and stays where it came down (``"out"`` or its square).

    Raises:
        CalcError: when ``target`` is off the pitch or not in the receiving half, or ``receiving`` is unknown.
    """
    if receiving not in ("right", "left"):
        raise CalcError("receiving", "receiving must be 'right' or 'left'", ["right", "left"], reason="choice")
    _check(target, "target")
    if not _receiving(target, receiving):
        raise CalcError("target", f"the kick must be placed in the receiving half ({receiving})", reason="receiving-half")
    land = deviate(target, edition, kick)
    if bounce:
        after: dict[Square | str, Fraction] = {}
        for sq, p in land.items():
            if sq == "out" or not _receiving(sq, receiving):  # a touchback already: no bounce
                after[sq] = after.get(sq, Fraction(0)) + p
                continue
            for k, q in scatter(sq, 1).items():
                after[k] = after.get(k, Fraction(0)) + p * q
        land = after
    tb = sum((p for sq, p in land.items() if sq == "out" or not _receiving(sq, receiving)), Fraction(0))
    return KickOff(land, tb)


def landing_map(edition: str | Edition = "classic", kick: bool = False, receiving: str = "right",
                bounce: bool = False) -> dict[Square, Fraction]:
    """Return ``{target square: P(touchback)}`` for every square of the receiving half.

    The same values as :func:`kick_off` square by square, counted at once: every deviation
    (D8 direction, distance) and bounce (D8) is equally likely, so P(touchback) is a count of
    outcomes over a common denominator.  A landing square's bounce is counted once for the whole
    map.  A few milliseconds on CPython, where 195 calls of :func:`kick_off` with a bounce took
    about a second.

    Raises:
        CalcError: when ``receiving`` is unknown or the edition is unknown.
    """
    if receiving not in ("right", "left"):
        raise CalcError("receiving", "receiving must be 'right' or 'left'", ["right", "left"], reason="choice")
    distance = _distance(edition, kick)
    # each distance as a whole number of equally likely outcomes out of `faces`
    faces = lcm(*(p.denominator for p in distance.values()))
    weights = [(n, int(p * faces)) for n, p in distance.items()]
    directions = list(DIRECTIONS.values())

    def lost(sq: Square) -> bool:
        return not on_pitch(sq) or not _receiving(sq, receiving)

    # the touchback outcomes out of `per_square` once the ball comes down on a square (or off the pitch)
    per_square = len(directions) if bounce else 1
    after: dict[Square, int] = {}
    for x in range(WIDTH):
        for y in range(HEIGHT):
            if bounce and not lost((x, y)):
                after[(x, y)] = sum(lost((x + dx, y + dy)) for dx, dy in directions)
            elif bounce:
                after[(x, y)] = per_square  # a ball that comes down in the kicking half never bounces
            else:
                after[(x, y)] = int(lost((x, y)))
    denominator = faces * len(directions) * per_square
    xs = range(13, WIDTH) if receiving == "right" else range(0, 13)
    out: dict[Square, Fraction] = {}
    for x in xs:
        for y in range(HEIGHT):
            count = 0
            for n, w in weights:
                for dx, dy in directions:
                    count += w * after.get((x + dx * n, y + dy * n), per_square)
            out[(x, y)] = Fraction(count, denominator)
    return out


# ---------------------------------------------------------------- throw-in

#: edition family -> (the square under the template counts as square 1, corner throw-in with a D3)
_THROW_IN_RULES: dict[str, tuple[bool, bool]] = {"classic": (True, False), "bb2020": (False, True), "bb2025": (True, True)}


def _edge_square(sq: object, field: str) -> Square:
    _check(sq, field)
    x, y = sq  # type: ignore[misc]
    if x not in (0, WIDTH - 1) and y not in (0, HEIGHT - 1):
        raise CalcError(field, f"{field} must be an edge square (x 0 or 25, or y 0 or 14): the last square the ball "
                               f"was in before leaving the pitch, got {sq!r}", [[0, 0], [25, 14]], reason="edge-square")
    return sq  # type: ignore[return-value]


def throw_in_directions(square: Square, edition: str | Edition = "classic") -> dict[tuple[int, int], Fraction]:
    """Return the throw-in directions from edge ``square``: ``{(dx, dy): probability}``.

    A side square: straight in and the two diagonals, 1/3 each (D6 1–2, 3–4, 5–6).  A
    corner square with the corner rule (BB2020, BB2025): the two edges' inward
    directions and the inward diagonal, 1/3 each (D3).

    Raises:
        CalcError: when ``square`` is not an edge square (field ``square``).
    """
    x, y = _edge_square(square, "square")
    _, corner_rule = _THROW_IN_RULES[resolve(edition).family]
    ix = 1 if x == 0 else -1 if x == WIDTH - 1 else 0
    iy = 1 if y == 0 else -1 if y == HEIGHT - 1 else 0
    third = Fraction(1, 3)
    if ix and iy and corner_rule:
        return {(ix, 0): third, (ix, iy): third, (0, iy): third}
    if ix:  # an end-zone edge (classic corners too, as FUMBBL does)
        return {(ix, -1): third, (ix, 0): third, (ix, 1): third}
    return {(-1, iy): third, (0, iy): third, (1, iy): third}


def _throw_distances(edition: str | Edition) -> dict[int, Fraction]:
    counts_start, _ = _THROW_IN_RULES[resolve(edition).family]
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            k = a + b - 1 if counts_start else a + b
            out[k] = out.get(k, Fraction(0)) + Fraction(1, 36)
    return out


def throw_in_once(square: Square,
                  edition: str | Edition = "classic") -> tuple[dict[Square, Fraction], dict[Square, Fraction]]:
    """Return one throw-in from edge ``square``: (``{landing square: p}``, ``{edge square thrown in from again: p}``).

    The second dict holds, for a ball that flies off the pitch again, the last on-pitch
    square of its flight; the two dicts together sum to 1.
    """
    lands: dict[Square, Fraction] = {}
    again: dict[Square, Fraction] = {}
    x, y = square
    for (dx, dy), pd in throw_in_directions(square, edition).items():
        for k, pk in _throw_distances(edition).items():
            end = (x + dx * k, y + dy * k)
            if on_pitch(end):
                lands[end] = lands.get(end, Fraction(0)) + pd * pk
            else:
                j = max(j for j in range(k) if on_pitch((x + dx * j, y + dy * j)))
                last = (x + dx * j, y + dy * j)
                again[last] = again.get(last, Fraction(0)) + pd * pk
    return lands, again


@dataclass(frozen=True)
class ThrowIn:
    """A throw-in result: ``landing`` (``{square: p}``, sums to 1), ``out_again`` (P the first throw leaves the pitch), ``rethrows`` (expected further throw-ins)."""

    landing: dict
    out_again: Fraction
    rethrows: Fraction


def _solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Solve ``matrix · x = rhs`` exactly (Gauss–Jordan; the matrix is non-singular here)."""
    n = len(rhs)
    a = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        piv = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        inv = 1 / a[col][col]
        a[col] = [v * inv for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [a[i][n] for i in range(n)]


def throw_in(square: Square, edition: str | Edition = "classic") -> ThrowIn:
    """Return where a ball thrown in from edge ``square`` lands, repeating throw-ins until it lands on the pitch.

    Exact: with Q the edge-to-edge re-throw probabilities and R the landing
    probabilities of one throw, the expected visits ``v`` of each edge square solve
    ``(I - Q)^T v = e_square``, and the landing distribution is ``v · R``.

    Raises:
        CalcError: when ``square`` is not an edge square (field ``square``) or the edition is unknown.
    """
    _edge_square(square, "square")
    edition = resolve(edition)  # an unknown edition fails here, before any work
    states: list[Square] = [square]
    steps: dict[Square, tuple[dict[Square, Fraction], dict[Square, Fraction]]] = {}
    i = 0
    while i < len(states):
        s = states[i]
        steps[s] = throw_in_once(s, edition)
        for t in steps[s][1]:
            if t not in steps and t not in states:
                states.append(t)
        i += 1
    index = {s: k for k, s in enumerate(states)}
    n = len(states)
    # (I - Q)^T: row j, column i holds [i == j] - Q[i][j]
    m = [[Fraction(int(i == j)) for i in range(n)] for j in range(n)]
    for s, (_, again) in steps.items():
        for t, p in again.items():
            m[index[t]][index[s]] -= p
    visits = _solve(m, [Fraction(int(k == 0)) for k in range(n)])
    landing: dict[Square, Fraction] = {}
    for s, v in zip(states, visits):
        for sq, p in steps[s][0].items():
            landing[sq] = landing.get(sq, Fraction(0)) + v * p
    return ThrowIn(landing, sum(steps[square][1].values(), Fraction(0)), sum(visits, Fraction(0)) - 1)
