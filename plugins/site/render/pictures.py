"""SVG pictures drawn from rule facts: the random direction template and the throw-in template.

Our own markup (never data text), inlined into the glossary page: templates/calc/{direction,throw_in}.html.
"""
from __future__ import annotations

from .context import PageContext
from .templating import render

# D8 random direction template: the ball's square in the middle, 1 2 3 above, 4 and 5 beside, 6 7 8 below.
DIRECTION_LAYOUT = ((1, 2, 3), (4, None, 5), (6, 7, 8))
SIZE = 48  # a square of the direction template, in SVG units


def template_svg(ctx: PageContext, name: str) -> str:
    """The SVG figure of a template: `name` "direction" (the D8 random direction template), else the throw-in one."""
    if name == "direction":
        return _direction(ctx)
    return _throw_in(ctx)


def _direction(ctx: PageContext, layout=DIRECTION_LAYOUT, title: str | None = None) -> str:
    cells = [{"x": col * SIZE + 1, "y": row * SIZE + 1, "label": "●" if value is None else str(value),
              "fill": "var(--nc-ball)" if value is None else "var(--md-default-bg-color)"}
             for row, values in enumerate(layout) for col, value in enumerate(values)]
    return render("calc/direction.html", t=ctx.t, size=SIZE, cells=cells, title=title)


def numbering_svg(ctx: PageContext, layout, title: str) -> str:
    """The SVG figure of a D8 numbering: ``layout`` three rows of three faces (None in the centre), ``title`` its
    caption and name (the ball-movement calculator pages draw the printed template and FUMBBL's numbering)."""
    return _direction(ctx, layout, title)


def _throw_in(ctx: PageContext) -> str:
    # The throw-in template: a D6 picks one of three directions (1-2, 3-4, 5-6) pointing back into the
    # pitch from the square where the ball left it; then 2D6 squares in that direction.
    return render("calc/throw_in.html", t=ctx.t, arrows=(("1–2", -60), ("3–4", 0), ("5–6", 60)))
