"""The squares of a pitch picture (render/pitch.py) as text: the table under the picture ("Show as a table",
what a screen reader reads instead of the shades) and the name of one square.

pitch.js rebuilds the same rows in the browser when a calculator recolours the picture, from the same
templates (`data-pitch-strings`), so a row written here and a row written there read alike.
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .context import PageContext
from .templating import render

Square = tuple[int, int]


def ranked_squares(values: Mapping[Square, Fraction]) -> list[tuple[Square, Fraction]]:
    """The squares whose value is above zero, the highest first; equal values in pitch order (x, then y).

    `values` maps (x, y) to a probability (or 1 for a square of a set); squares absent or at 0 are left out.
    """
    return sorted(((sq, v) for sq, v in values.items() if v > 0), key=lambda item: (-item[1], item[0]))


def square_name(ctx: PageContext, square: Square) -> str:
    """A square as the forms ask for it, e.g. "x 19, y 7" (x along the length 0-25, y across 0-14)."""
    return ctx.t("x {x}, y {y}", x=square[0], y=square[1])


def probability_text(ctx: PageContext, value: Fraction) -> str:
    """A probability as every calculator result shows it: "1/36 (2.8%)" (calculator.py, nuffle.js)."""
    return f"{value} ({ctx.t.percent(value)})"


def table_html(ctx: PageContext, values: Mapping[Square, Fraction], title: str, is_set: bool) -> str:
    """The table of the squares above zero, highest first, folded in a <details> under the picture (template
    `calc/pitch_table.html`).

    `is_set`: the values only say which squares belong to a set (the ruler's squares): the table lists them,
    with no chance column. The body carries `data-pitch-rows`, and "No square." (`data-pitch-none`) stands
    in for an empty table: pitch.js refills and shows them from the recoloured picture.
    """
    rows = [(square_name(ctx, square), probability_text(ctx, value)) for square, value in ranked_squares(values)]
    return render("calc/pitch_table.html", t=ctx.t, rows=rows, title=title, is_set=is_set)
