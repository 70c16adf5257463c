"""The pitch drawn as SVG from the resolver's output: 26 × 15 squares, one rect per square.

Square (x, y): x 0..25 along the length (end zones at x 0 and x 25), y 0..14 across (wide zones y 0..3
and 11..14). Each rect carries `data-square="x,y"` so the browser can recolour the same drawing from a
live result without building any markup (nuffle.js: `figure[data-pitch]` inside a calculator).
"""
from __future__ import annotations

import html
from fractions import Fraction

from .context import PageContext

WIDTH, HEIGHT, CELL = 26, 15, 12


def heat_map(ctx: PageContext, values: dict[tuple[int, int], Fraction], title: str,
             marked: tuple[int, int] | None = None, field: str = "p", *,
             marks: dict[str, tuple[int, int] | None] | None = None, attrs: dict[str, str] | None = None,
             percent: bool = True) -> str:
    """An SVG pitch where each square's shade is its value (a probability) relative to the largest one.

    `marked` rings one square (the kick's target); `marks` rings named squares instead, each circle
    carrying `data-mark="<name>"` (a None square is drawn hidden, for the browser to place). `attrs` are
    extra attributes of the figure (`data-pitch`, …). `percent`: the tooltips show each square's value.
    """
    peak = max(values.values(), default=Fraction(0)) or Fraction(1)
    cells = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            value = values.get((x, y), Fraction(0))
            shade = float(value / peak)
            tip = f"({x}, {y}) {ctx.t.percent(value)}" if percent else f"({x}, {y})"
            cells.append(f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                         f'data-square="{x},{y}" data-{field}="{value}" fill-opacity="{shade:.3f}">'
                         f'<title>{html.escape(tip)}</title></rect>')
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
    label = html.escape(title)
    extra = "".join(f' {k}="{html.escape(v)}"' for k, v in (attrs or {}).items())
    return (f'<figure class="nc-pitch"{extra}><svg role="img" aria-label="{label}" viewBox="0 0 {WIDTH * CELL} '
            f'{HEIGHT * CELL}" preserveAspectRatio="xMidYMid meet"><rect class="nc-turf" width="{WIDTH * CELL}" '
            f'height="{HEIGHT * CELL}"/><g class="nc-heat">{chr(10).join(cells)}</g>{"".join(lines)}{"".join(rings)}</svg>\n'
            f'<figcaption>{label}</figcaption></figure>')


def _ring(name: str, square: tuple[int, int] | None, legacy: bool = False) -> str:
    mx, my = square if square is not None else (0, 0)
    hidden = "" if square is not None else ' visibility="hidden"'
    data = "data-target" if legacy else f'data-mark="{html.escape(name)}"'
    return (f'<circle class="nc-mark nc-mark-{html.escape(name)}" {data} cx="{mx * CELL + CELL / 2}" '
            f'cy="{my * CELL + CELL / 2}" r="{CELL / 2 - 1}"{hidden}/>')
