"""SVG pictures drawn from rule facts: the random direction template and the throw-in template.

Our own markup (never data text), inlined into the glossary page.
"""
from __future__ import annotations

from .context import PageContext

# D8 random direction template: the ball's square in the middle, 1 2 3 above, 4 and 5 beside, 6 7 8 below.
DIRECTION_LAYOUT = ((1, 2, 3), (4, None, 5), (6, 7, 8))


def template_svg(ctx: PageContext, name: str) -> str:
    if name == "direction":
        return _direction(ctx)
    return _throw_in(ctx)


def _direction(ctx: PageContext) -> str:
    size, cells = 48, []
    for row, values in enumerate(DIRECTION_LAYOUT):
        for col, value in enumerate(values):
            x, y = col * size + 1, row * size + 1
            fill = "var(--nc-ball)" if value is None else "var(--md-default-bg-color)"
            cells.append(f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" fill="{fill}" '
                         f'stroke="currentColor" stroke-width="2"/>')
            label = "●" if value is None else str(value)
            cells.append(f'<text x="{x + size / 2 - 1}" y="{y + size / 2 + 6}" text-anchor="middle" '
                         f'font-size="18" fill="currentColor">{label}</text>')
    title = ctx.t("Random direction template (D8)")
    return (f'<figure class="nc-template"><svg role="img" aria-label="{title}" viewBox="0 0 {3 * size} {3 * size}" '
            f'width="{3 * size}" height="{3 * size}">{"".join(cells)}</svg><figcaption>{title}</figcaption></figure>')


def _throw_in(ctx: PageContext) -> str:
    # The throw-in template: a D6 picks one of three directions (1-2, 3-4, 5-6) pointing back into the
    # pitch from the square where the ball left it; then 2D6 squares in that direction.
    title = ctx.t("Throw-in template (D6)")
    arrows = []
    for i, (label, dx) in enumerate((("1–2", -60), ("3–4", 0), ("5–6", 60))):
        arrows.append(f'<line x1="90" y1="110" x2="{90 + dx}" y2="30" stroke="currentColor" stroke-width="3" '
                      f'marker-end="url(#nc-arrow)"/>')
        arrows.append(f'<text x="{90 + dx * 1.2}" y="20" text-anchor="middle" font-size="16" '
                      f'fill="currentColor">{label}</text>')
    sideline = ctx.t("sideline")
    return (f'<figure class="nc-template"><svg role="img" aria-label="{title}" viewBox="0 0 180 140" width="180" '
            f'height="140"><defs><marker id="nc-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" '
            f'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="currentColor"/>'
            f'</marker></defs>{"".join(arrows)}<line x1="0" y1="120" x2="180" y2="120" stroke="currentColor" '
            f'stroke-width="4"/><text x="90" y="137" text-anchor="middle" font-size="12" fill="currentColor">'
            f'{sideline}</text></svg><figcaption>{title}</figcaption></figure>')
