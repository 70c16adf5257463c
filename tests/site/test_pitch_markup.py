"""Issue 11, defect 10: the pitch pictures as the build writes them (render/pitch.py, pitch_table.py).

The edges are numbered as the forms number squares; the table under the picture lists the squares above
zero, highest first, with the value every calculator result shows; the read-out, the zoom toggle and the
buttons that put a chosen square into a field are there for pitch.js (hidden without it), in the page's
language. The browser side is tests/browser/test_pitch.py.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.ballcalcs import scatter_calculator
from plugins.site.render.passcalcs import range_calculator
from plugins.site.render.calculator import render
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.pitch import heat_map
from plugins.site.render.pitch_table import ranked_squares

VALUES = {(3, 4): Fraction(1, 8), (20, 7): Fraction(1, 2), (0, 0): Fraction(1, 8), (5, 5): Fraction(0),
          (25, 14): Fraction(1, 4)}


def ctx_for(lang: str, repo=None) -> PageContext:
    return PageContext(repo, lang, Messages(lang), "calculators/scatter.md", BackLinks())


def table_rows(markup: str) -> list[list[str]]:
    """The rows of the picture's table: [square, value] (or [square] for a set), as text."""
    body = re.search(r"<tbody data-pitch-rows>(.*?)</tbody>", markup, re.S).group(1)
    return [[unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body)]


def test_squares_are_ranked_highest_first_then_in_pitch_order():
    assert ranked_squares(VALUES) == [((20, 7), Fraction(1, 2)), ((25, 14), Fraction(1, 4)),
                                      ((0, 0), Fraction(1, 8)), ((3, 4), Fraction(1, 8))]


@pytest.mark.parametrize("lang, rows, read", [
    ("en", [["x 20, y 7", "1/2 (50.0%)"], ["x 25, y 14", "1/4 (25.0%)"], ["x 0, y 0", "1/8 (12.5%)"],
            ["x 3, y 4", "1/8 (12.5%)"]], "Square {square}: {value}"),
    ("fr", [["x 20, y 7", "1/2 (50,0\u00a0%)"], ["x 25, y 14", "1/4 (25,0\u00a0%)"], ["x 0, y 0", "1/8 (12,5\u00a0%)"],
            ["x 3, y 4", "1/8 (12,5\u00a0%)"]], "Case {square}\u00a0: {value}"),
    ("ja", [["x 20、y 7", "1/2 (50.0%)"], ["x 25、y 14", "1/4 (25.0%)"], ["x 0、y 0", "1/8 (12.5%)"],
            ["x 3、y 4", "1/8 (12.5%)"]], "マス {square}：{value}"),
])
def test_the_table_lists_the_squares_above_zero_highest_first(lang, rows, read):
    ctx = ctx_for(lang)
    markup = heat_map(ctx, VALUES, "Title")
    assert ctx.t.missing == set()
    assert table_rows(markup) == rows
    assert "<caption>Title</caption>" in markup and '<p data-pitch-none hidden>' in markup
    assert markup.count('<th scope="col">') == 2  # square, chance
    strings = json.loads(unescape(re.search(r'data-pitch-strings="([^"]*)"', markup).group(1)))
    assert strings["read"] == read and "{x}" in strings["square"] and "{y}" in strings["square"]
    # the tooltip reads like the read-out
    assert f"<title>{read.format(square=rows[0][0], value=rows[0][1])}</title>" in unescape(markup)
    # hidden until pitch.js wires them; the table opens without JavaScript
    assert re.search(r'<button type="button" class="nc-pitch-zoom" aria-pressed="false" hidden>', markup)
    assert '<div class="nc-pitch-read" hidden><p class="nc-pitch-readout" role="status">' in markup
    assert "<details class=\"nc-pitch-table\"><summary>" in markup


def test_an_empty_picture_says_no_square():
    markup = heat_map(ctx_for("fr"), {}, "Titre")
    assert table_rows(markup) == []
    assert "<p data-pitch-none>Aucune case.</p>" in markup and '<table class="nc-result-table" hidden>' in markup


def test_the_edges_are_numbered_as_the_forms_number_squares():
    """Columns 0-25 along the top, rows 0-14 down both sides: the range of every square field of the forms."""
    markup = heat_map(ctx_for("en"), VALUES, "Title")
    numbers = re.findall(r'<text x="([-\d.]+)" y="([-\d.]+)" class="nc-coord[^"]*"[^>]*>(\d+)</text>', markup)
    top = [int(n) for x, y, n in numbers if float(y) < 0]
    left = [int(n) for x, y, n in numbers if float(x) < 0]
    right = [int(n) for x, y, n in numbers if float(x) > 26 * 12]
    for kind, extra in (("scatter", {}), ("kick", {"edition": "bb2020"}), ("range", {"edition": "bb2025"})):
        for spec in handle({"kind": "form", "for": kind, **extra})["result"]["fields"]:
            if spec["type"] == "square":
                assert top == list(range(spec["min"][0], spec["max"][0] + 1)), (kind, spec["name"])
                assert left == right == list(range(spec["min"][1], spec["max"][1] + 1)), (kind, spec["name"])
    # each number sits on its own column or row (the squares are 12 units)
    assert all(float(x) == int(n) * 12 + 6 for x, y, n in numbers if float(y) < 0)
    assert all(float(y) == int(n) * 12 + 6 for x, y, n in numbers if float(y) > 0)


def test_a_calculators_table_is_its_default_result_and_it_offers_its_square_field():
    ctx = ctx_for("ja")
    calc = scatter_calculator(ctx)
    markup = render(ctx, calc, None)
    landing = handle({"kind": "scatter", "square": [12, 7], "n": 3})["result"]["landing"]
    expected = sorted(((tuple(i["square"]), Fraction(i["p"]["exact"])) for i in landing
                       if isinstance(i["square"], list) and Fraction(i["p"]["exact"]) > 0),
                      key=lambda item: (-item[1], item[0]))
    rows = table_rows(markup)
    assert [r[0] for r in rows] == [f"x {x}、y {y}" for (x, y), _ in expected]
    assert [Fraction(r[1].split(" ")[0]) for r in rows] == [p for _, p in expected]
    assert ('<button type="button" class="nc-pitch-pick" data-pick-field="square" hidden>'
            'このマスを「ボールの出発点」に入れる</button>') in markup
    assert ctx.t.missing == set()


@pytest.mark.parametrize("edition, picks", [("classic", ["target", "thrower"]),
                                            ("bb2025", ["target", "thrower", "landing"])])
def test_the_ruler_lists_its_squares_and_offers_the_fields_of_its_edition(repo, edition, picks):
    ctx = ctx_for("fr", repo)
    markup = render(ctx, range_calculator(ctx, edition), None)
    squares = handle({"kind": "range", "edition": edition, "thrower": [7, 7], "target": [14, 9]})["result"]
    rows = table_rows(markup)
    assert rows == [[f"x {x}, y {y}"] for x, y in sorted(map(tuple, squares["interception_squares"]))]
    assert markup.count('<th scope="col">') == 1 and 'data-pitch-kind="set"' in markup
    strings = json.loads(unescape(re.search(r'data-pitch-strings="([^"]*)"', markup).group(1)))
    assert (strings["in"], strings["out"]) == ("sous la règle", "hors de la règle")
    assert re.findall(r'data-pick-field="(\w+)"', markup) == picks
    assert ctx.t.missing == set()
