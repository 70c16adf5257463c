"""The pitch drawn as SVG from the resolver's output: 26 × 15 squares, one rect per square.

Square (x, y): x 0..25 along the length (end zones at x 0 and x 25), y 0..14 across (wide zones y 0..3
and 11..14). Each rect carries `data-square="x,y"` so the browser can recolour the same drawing from a
live result without building any markup.
"""
from __future__ import annotations

import html
from fractions import Fraction

from .context import PageContext

WIDTH, HEIGHT, CELL = 26, 15, 12


def heat_map(ctx: PageContext, values: dict[tuple[int, int], Fraction], title: str,
             marked: tuple[int, int] | None = None, field: str = "p") -> str:
    """An SVG pitch where each square's shade is its value (a probability) relative to the largest one."""
    peak = max(values.values(), default=Fraction(0)) or Fraction(1)
    cells = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            value = values.get((x, y), Fraction(0))
            shade = float(value / peak)
            tip = f"({x}, {y}) {ctx.t.percent(value)}"
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
    mark = ""
    if marked:
        mx, my = marked
        mark = (f'<circle class="nc-target" data-target cx="{mx * CELL + CELL / 2}" cy="{my * CELL + CELL / 2}" '
                f'r="{CELL / 2 - 1}"/>')
    label = html.escape(title)
    return (f'<figure class="nc-pitch"><svg role="img" aria-label="{label}" viewBox="0 0 {WIDTH * CELL} '
            f'{HEIGHT * CELL}" preserveAspectRatio="xMidYMid meet"><rect class="nc-turf" width="{WIDTH * CELL}" '
            f'height="{HEIGHT * CELL}"/><g class="nc-heat">{"".join(cells)}</g>{"".join(lines)}{mark}</svg>'
            f'<figcaption>{label}</figcaption></figure>')
