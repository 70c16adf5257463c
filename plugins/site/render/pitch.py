"""The pitch drawn as SVG from the resolver's output: 26 × 15 squares, one rect per square, numbered on its
edges, with what makes it readable on a phone and without sight (issue 11, defect 10).

Square (x, y): x 0..25 along the length (end zones at x 0 and x 25), y 0..14 across (wide zones y 0..3
and 11..14), the numbering of the forms' square fields: the column numbers run along the top edge, the row
numbers down both sides. Each rect carries `data-square="x,y"` and its value (`data-<field>`, an exact
fraction), so the browser can recolour the same drawing from a live result without building any markup
(nuffle.js: `figure[data-pitch]` inside a calculator).

Around the drawing (pitch.js wires them; without JavaScript they stay hidden, the table still opens):

* `.nc-pitch-zoom`: a toggle (aria-pressed) that enlarges the drawing, which then scrolls sideways inside
  its own box (`.nc-pitch-view`), for squares large enough to tap on a phone;
* `.nc-pitch-read`: the square tapped, clicked or reached with the arrow keys and its value, in text
  (`role="status"`), and on a calculator's pitch one button per square field (`data-pick-field`) that puts
  that square into the field;
* `details.nc-pitch-table`: the squares above zero, highest first (render/pitch_table.py).

The texts pitch.js writes come from the catalogs, in `data-pitch-strings` (templates with `{x}`, `{y}`,
`{square}` and `{value}`).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from .context import PageContext
from .templating import render
from .pitch_table import probability_text, square_name, table_html

WIDTH, HEIGHT, CELL = 26, 15, 12
SIDE, TOP = 13, 11  # room (SVG units) for the row numbers on both sides and the column numbers on top


def heat_map(ctx: PageContext, values: dict[tuple[int, int], Fraction], title: str,
             marked: tuple[int, int] | None = None, field: str = "p", *,
             marks: dict[str, tuple[int, int] | None] | None = None, attrs: dict[str, str] | None = None,
             states: tuple[str, str] | None = None, picks: Sequence[tuple[str, str]] = ()) -> str:
    """An SVG pitch where each square's shade is its value (a probability) relative to the largest one.

    `values` maps (x, y) to a probability in [0, 1] (absent squares are 0); `title` names the picture (its
    caption and accessible name). `marked` rings one square (the kick's target); `marks` rings named
    squares instead, each circle carrying `data-mark="<name>"` (a None square is drawn hidden, for the
    browser to place). `attrs` are extra attributes of the figure (`data-pitch`, …). `states`: the values
    only mark a set of squares (1 in, 0 out), told with these two texts (in, out) instead of a chance.
    `picks`: (field name, field label) of the square fields a chosen square may be put into.
    Returns the <figure> as one HTML block.
    """
    peak = max(values.values(), default=Fraction(0)) or Fraction(1)
    read = ctx.t("Square {square}: {value}")
    cells = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            value = values.get((x, y), Fraction(0))
            told = (states[0] if value else states[1]) if states else probability_text(ctx, value)
            cells.append({"x": x * CELL, "y": y * CELL, "square": f"{x},{y}", "value": value,
                          "shade": f"{float(value / peak):.3f}",
                          "tip": read.format(square=square_name(ctx, (x, y)), value=told)})
    full_x, full_y = WIDTH * CELL, HEIGHT * CELL
    lines = [{"x1": 13 * CELL, "y1": 0, "x2": 13 * CELL, "y2": full_y, "cls": "nc-los"},
             {"x1": CELL, "y1": 0, "x2": CELL, "y2": full_y, "cls": "nc-ez"},
             {"x1": 25 * CELL, "y1": 0, "x2": 25 * CELL, "y2": full_y, "cls": "nc-ez"},
             {"x1": 0, "y1": 4 * CELL, "x2": full_x, "y2": 4 * CELL, "cls": "nc-wz"},
             {"x1": 0, "y1": 11 * CELL, "x2": full_x, "y2": 11 * CELL, "cls": "nc-wz"}]
    rings = [_ring("target", marked, legacy=True)] if marked else []
    rings += [_ring(name, square) for name, square in (marks or {}).items()]
    strings = {"square": ctx.t("x {x}, y {y}"), "read": read,
               "keys": ctx.t("Squares of the pitch: the arrow keys move from one to the next")}
    if states:
        strings.update({"in": states[0], "out": states[1]})
    figure = {"class": "nc-pitch", **(attrs or {}), "data-pitch-field": field,
              "data-pitch-kind": "set" if states else "probability",
              "data-pitch-strings": json.dumps(strings, ensure_ascii=False)}
    return render("calc/pitch.html", t=ctx.t, figure=figure, title=title, cells=cells, cell=CELL, field=field,
                  view_box=f"{-SIDE} {-TOP} {full_x + 2 * SIDE} {full_y + TOP + 2}", turf=(full_x, full_y),
                  lines=lines, numbers=_numbers(), rings=rings, picks=list(picks),
                  table=table_html(ctx, values, title, is_set=states is not None))


def _numbers() -> list[dict]:
    """The column numbers along the top edge and the row numbers down both sides (odd columns are marked:
    nuffle.css leaves them out while the drawing is too small for every number)."""
    texts = [{"text": x, "attrs": {"x": x * CELL + CELL / 2, "y": -3,
                                   "class": f"nc-coord{' nc-coord-odd' if x % 2 else ''}", "text-anchor": "middle"}}
             for x in range(WIDTH)]
    for y in range(HEIGHT):
        middle = y * CELL + CELL / 2
        texts.append({"text": y, "attrs": {"x": -3, "y": middle, "class": "nc-coord", "text-anchor": "end",
                                           "dominant-baseline": "central"}})
        texts.append({"text": y, "attrs": {"x": WIDTH * CELL + 3, "y": middle, "class": "nc-coord",
                                           "text-anchor": "start", "dominant-baseline": "central"}})
    return texts


def _ring(name: str, square: tuple[int, int] | None, legacy: bool = False) -> dict:
    """A circle's attributes ringing `square` (hidden at 0, 0 when None, for the browser to place)."""
    mx, my = square if square is not None else (0, 0)
    return {"class": f"nc-mark nc-mark-{name}", "data-target": True if legacy else None,
            "data-mark": None if legacy else name, "cx": mx * CELL + CELL / 2, "cy": my * CELL + CELL / 2,
            "r": CELL / 2 - 1, "visibility": None if square is not None else "hidden"}
