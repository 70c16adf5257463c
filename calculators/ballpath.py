"""Ball movement with the dice given: the path of one deviation, scatter or bounce, as an engine's test rolls it.

:mod:`calculators.ballmove` gives where the ball ends over every roll of the dice; here the D8 (and the
deviation's distance die) are fixed, and the answer is the path, the end square, and what the rules do next.
Squares and the D8 numbering are those of :mod:`calculators.ballmove` (``"template"``: the printed Random
Direction Template; ``"fumbbl"``: FUMBBL's clockwise numbering; :data:`~calculators.ballmove.D8_NUMBERINGS`).

The moves:

* **deviate**: one D8 for the direction and one distance die (:func:`calculators.ballmove.kick_distance`:
  a D6, halved rounding down with Kick in classic and BB2020, a D3 with Kick in BB2025); the ball flies over
  the squares in between (listed in ``path``) and comes down on the last one.
* **scatter** (Scatter (N), one D8 per move) and **bounce** (one D8): one square per D8, in order.

Leaving the pitch, per context:

* ``"in-play"`` (a pass, a bounce, a wildly inaccurate pass): the ball stops at the first square off the pitch
  (any D8 left is not rolled) and the crowd throws it in from the last square it was in on the pitch.  FFB
  ``server/step/bb2020/pass/StepMissedPass.executeStep`` (the deviated ball's ``lastValidCoordinate``, the
  scatter loop stopping once out of bounds) and botbowl ``Scatter.step`` / ``Bounce.step`` (``ThrowIn`` from
  the square before) do so; BBBase ``bb2025/core_rules/the_game_of_blood_bowl.md`` "THROW-INS": thrown in from
  the point it left the pitch.
* ``"kick-off"`` (a deviation from the kick's target square, or the bounce after it): a ball that ends off the
  pitch or in the kicking team's half is a touchback (FFB ``StepKickoffScatterRoll`` in each ruleset; BBBase
  bb2020 and bb2025 "TOUCHBACKS": it deviates or bounces off the pitch or into the kicking half); the start
  square must be in the receiving half.  A Scatter (N) has no kick-off rule here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ballmove import D8_NUMBERINGS, HEIGHT, WIDTH, in_receiving_half, kick_distance, on_pitch
from .editions import Edition
from .errors import CalcError

__all__ = ["BallPath", "CONTEXTS", "MOVES", "ball_path", "parse_d8"]

Square = tuple[int, int]

MOVES: tuple[str, ...] = ("deviate", "scatter", "bounce")
CONTEXTS: tuple[str, ...] = ("in-play", "kick-off")
#: the most D8 rolls of one Scatter (N), as the ``scatter`` request kind allows
MAX_SCATTERS = 6


@dataclass(frozen=True)
class BallPath:
    """One walk of the ball with the dice given.

    Attributes:
        path: the squares the ball is over, in order, after the start; the last may be off the pitch.
        end: where it ends, or None off the pitch.
        last_on_pitch: the last square of the walk on the pitch (the start when it never stays on).
        then: ``"lands"`` (it comes down on ``end``: a catch or a bounce follows, as the calling rule says),
            ``"throw-in"`` (from ``last_on_pitch``) or ``"touchback"`` (kick-off context).
        directions: the ``(dx, dy)`` of each D8 rolled, in order.
        d8_used: how many of the D8 results were rolled (a scatter stops once off the pitch).
        squares_moved: a deviation's distance in squares (None for a scatter or bounce).
    """

    path: tuple[Square, ...]
    end: Square | None
    last_on_pitch: Square
    then: str
    directions: tuple[tuple[int, int], ...]
    d8_used: int
    squares_moved: int | None = None


def parse_d8(text: object, move: str) -> tuple[int, ...]:
    """Return the D8 results written in ``text`` (faces 1..8, separated by commas or spaces).

    A deviation and a bounce take exactly one; a scatter 1 to :data:`MAX_SCATTERS`.

    Raises:
        CalcError: field ``d8`` (reason ``text`` when it is not a list of faces, ``range`` for a face or a count
            out of range).
    """
    parts = str(text).replace(",", " ").split() if isinstance(text, str) else None
    if not parts or not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise CalcError("d8", "d8 must list the D8 results, faces 1 to 8 separated by commas, e.g. \"3\" or \"3,5,1\"",
                        reason="text")
    faces = tuple(int(p) for p in parts)
    if any(not 1 <= f <= 8 for f in faces):
        raise CalcError("d8", "each D8 result must be 1 to 8", [1, 8], reason="range")
    most = MAX_SCATTERS if move == "scatter" else 1
    if len(faces) > most:
        raise CalcError("d8", f"a {move} takes {'1 to ' + str(most) if most > 1 else 'one'} D8 result"
                        f"{'s' if most > 1 else ''}, got {len(faces)}", [1, most], reason="range")
    return faces


def _then(end: Square | None, context: str, receiving: str) -> str:
    if context == "kick-off":
        return "touchback" if end is None or not in_receiving_half(end, receiving) else "lands"
    return "throw-in" if end is None else "lands"


def ball_path(start: Square, move: str, d8: tuple[int, ...], *, edition: str | Edition = "classic",
              distance_roll: int | None = None, kick: bool = False, numbering: str = "template",
              context: str = "in-play", receiving: str = "right") -> BallPath:
    """Return the :class:`BallPath` of one ``move`` from ``start`` with the D8 results ``d8``.

    Args:
        start: the square the ball moves from, on the pitch (``(x, y)``, x 0..25, y 0..14).
        move: ``"deviate"``, ``"scatter"`` or ``"bounce"`` (:data:`MOVES`).
        d8: the D8 results in order (one for a deviation or a bounce, 1..6 for a scatter).
        distance_roll: a deviation's distance die (D6; D3 with Kick in BB2025).  Required for a deviation.
        kick: a deviation of a kick by a player with Kick (the distance as :func:`~calculators.ballmove.kick_distance`).
        numbering: ``"template"`` or ``"fumbbl"`` (:data:`~calculators.ballmove.D8_NUMBERINGS`).
        context: ``"in-play"`` or ``"kick-off"`` (:data:`CONTEXTS`; see the module docstring).
        receiving: the receiving half in a kick-off, ``"right"`` (x 13..25) or ``"left"`` (x 0..12).

    Raises:
        CalcError: on a start off the pitch (``square``), an unknown move, numbering or context, a kick-off
            start outside the receiving half (``square``, reason ``receiving-half``), a Scatter (N) in a
            kick-off (``context``), the wrong number of D8 results or a bad distance roll.
    """
    if not on_pitch(start):
        raise CalcError("square", f"square must be on the pitch (x 0..{WIDTH - 1}, y 0..{HEIGHT - 1})",
                        [[0, 0], [WIDTH - 1, HEIGHT - 1]], reason="square")
    for name, value, allowed in (("move", move, MOVES), ("d8_numbering", numbering, tuple(D8_NUMBERINGS)),
                                 ("context", context, CONTEXTS), ("receiving", receiving, ("right", "left"))):
        if value not in allowed:
            raise CalcError(name, f"{name} must be one of {', '.join(allowed)}", list(allowed), reason="choice")
    if context == "kick-off" and move == "scatter":
        raise CalcError("context", "a kick-off deviates and bounces; a Scatter (N) is counted in play",
                        ["in-play"], reason="choice")
    if context == "kick-off" and not in_receiving_half(start, receiving):
        raise CalcError("square", f"in a kick-off the ball starts in the receiving half ({receiving})",
                        reason="receiving-half")
    if not d8 or len(d8) > (MAX_SCATTERS if move == "scatter" else 1):
        raise CalcError("d8", f"wrong number of D8 results for a {move}", reason="range")
    faces = D8_NUMBERINGS[numbering]
    if move == "deviate":
        if distance_roll is None:
            raise CalcError("distance_roll", "a deviation needs its distance roll", reason="required")
        n = kick_distance(edition, kick, distance_roll)
        dx, dy = faces[d8[0]]
        steps = [(dx, dy)] * n
        directions = ((dx, dy),)
    else:
        n = None
        directions = tuple(faces[f] for f in d8)
        steps = list(directions)
    path: list[Square] = []
    here = start
    used = len(directions)
    for i, (dx, dy) in enumerate(steps):
        here = (here[0] + dx, here[1] + dy)
        path.append(here)
        if not on_pitch(here):
            if move != "deviate":
                used = i + 1  # the scatter stops: the D8 left are not rolled
            break
    on = [sq for sq in path if on_pitch(sq)]
    end = here if on_pitch(here) else None
    last = on[-1] if on else start
    return BallPath(tuple(path), end, last, _then(end, context, receiving), directions[:used], used, n)
