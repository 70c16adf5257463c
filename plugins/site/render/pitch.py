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

import html
import json
from collections.abc import Sequence
from fractions import Fraction

from .context import PageContext
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
    esc = html.escape
    peak = max(values.values(), default=Fraction(0)) or Fraction(1)
    read = ctx.t("Square {square}: {value}")
    cells = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            value = values.get((x, y), Fraction(0))
            shade = float(value / peak)
            told = (states[0] if value else states[1]) if states else probability_text(ctx, value)
            tip = read.format(square=square_name(ctx, (x, y)), value=told)
            cells.append(f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                         f'data-square="{x},{y}" data-{field}="{value}" fill-opacity="{shade:.3f}">'
                         f'<title>{esc(tip)}</title></rect>')
    lines = [
        f'<line x1="{13 * CELL}" y1="0" x2="{13 * CELL}" y2="{HEIGHT * CELL}" class="nc-los"/>',
        f'<line x1="{CELL}" y1="0" x2="{CELL}" y2="{HEIGHT * CELL}" class="nc-ez"/>',
        f'<line x1="{25 * CELL}" y1="0" x2="{25 * CELL}" y2="{HEIGHT * CELL}" class="nc-ez"/>',
        f'<line x1="0" y1="{4 * CELL}" x2="{WIDTH * CELL}" y2="{4 * CELL}" class="nc-wz"/>',
        f'<line x1="0" y1="{11 * CELL}" x2="{WIDTH * CELL}" y2="{11 * CELL}" class="nc-wz"/>',
    ]
    rings = []
    if marked:
        rings.append(_ring("target", marked, legacy=True))
    for name, square in (marks or {}).items():
        rings.append(_ring(name, square))
    strings = {"square": ctx.t("x {x}, y {y}"), "read": read,
               "keys": ctx.t("Squares of the pitch: the arrow keys move from one to the next")}
    if states:
        strings.update({"in": states[0], "out": states[1]})
    figure = {"class": "nc-pitch", **(attrs or {}), "data-pitch-field": field,
              "data-pitch-kind": "set" if states else "probability",
              "data-pitch-strings": json.dumps(strings, ensure_ascii=False)}
    buttons = "".join(f'<button type="button" class="nc-pitch-pick" data-pick-field="{esc(name)}" hidden>'
                      f'{esc(ctx.t("Put this square in “{field}”", field=label))}</button>'
                      for name, label in picks)
    box_width, box_height = WIDTH * CELL + 2 * SIDE, HEIGHT * CELL + TOP + 2
    return (f'<figure{"".join(f" {k}={_quoted(v)}" for k, v in figure.items())}>'
            f'<figcaption>{esc(title)}</figcaption>'
            f'<button type="button" class="nc-pitch-zoom" aria-pressed="false" hidden>{esc(ctx.t("Enlarge the pitch"))}'
            f'</button><div class="nc-pitch-view"><svg role="img" aria-label="{esc(title)}" '
            f'viewBox="{-SIDE} {-TOP} {box_width} {box_height}" preserveAspectRatio="xMidYMid meet">'
            f'<rect class="nc-turf" width="{WIDTH * CELL}" height="{HEIGHT * CELL}"/>'
            f'<g class="nc-heat">{chr(10).join(cells)}</g>{"".join(lines)}{_numbers()}{"".join(rings)}</svg></div>\n'
            f'<div class="nc-pitch-read" hidden><p class="nc-pitch-readout" role="status">'
            f'{esc(ctx.t("Tap or click a square, or use the arrow keys on the pitch, to read its value here."))}</p>'
            f'{buttons}</div>\n'
            f'{table_html(ctx, values, title, is_set=states is not None)}</figure>')


def _quoted(value: str) -> str:
    return f'"{html.escape(value)}"'


def _numbers() -> str:
    """The column numbers along the top edge and the row numbers down both sides (odd columns are marked:
    nuffle.css leaves them out while the drawing is too small for every number)."""
    texts = [f'<text x="{x * CELL + CELL / 2}" y="-3" class="nc-coord{" nc-coord-odd" if x % 2 else ""}" '
             f'text-anchor="middle">{x}</text>' for x in range(WIDTH)]
    for y in range(HEIGHT):
        middle = y * CELL + CELL / 2
        texts.append(f'<text x="-3" y="{middle}" class="nc-coord" text-anchor="end" '
                     f'dominant-baseline="central">{y}</text>')
        texts.append(f'<text x="{WIDTH * CELL + 3}" y="{middle}" class="nc-coord" text-anchor="start" '
                     f'dominant-baseline="central">{y}</text>')
    return f'<g class="nc-coords" aria-hidden="true">{"".join(texts)}</g>'


def _ring(name: str, square: tuple[int, int] | None, legacy: bool = False) -> str:
    mx, my = square if square is not None else (0, 0)
    hidden = "" if square is not None else ' visibility="hidden"'
    data = "data-target" if legacy else f'data-mark="{html.escape(name)}"'
    return (f'<circle class="nc-mark nc-mark-{html.escape(name)}" {data} cx="{mx * CELL + CELL / 2}" '
            f'cy="{my * CELL + CELL / 2}" r="{CELL / 2 - 1}"{hidden}/>')
