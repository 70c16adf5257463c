"""Issue 11, defect 10 in headless Chromium: the pitch pictures on a 360-px phone, in French and Japanese.

A tapped square tells its value in text under the picture (and follows the live result); the square field
gets it only from the button under the picture; the edges carry the forms' numbering; the zoom toggle
gives squares large enough to tap, scrolling inside the picture and never the page; the table under the
picture is the build's for the default request, then follows every live result. With the keyboard the
drawing is one Tab stop, the arrow keys move from square to square, Enter puts the square into the form.
axe-core finds nothing serious once all of it is open. (The table against every calculator's live result:
`Calc.check` in test_browser_calculators.py; the markup: tests/site/test_pitch_markup.py.)
"""
from __future__ import annotations

import json
import re
import urllib.request
from fractions import Fraction
from html import unescape

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from calculators.api import handle
from test_a11y import RUN_AXE, TAGS, inject_axe
from calc_driver import Calc, norm, url_of
from plugins.site.render.pitch_table import probability_text, ranked_squares, square_name

pytestmark = pytest.mark.browser
FIGURE = "figure[data-pitch]"
COORDS = """fig => [...fig.querySelectorAll('text.nc-coord')].filter(t => t.checkVisibility())
    .map(t => ({n: Number(t.textContent), side: Number(t.getAttribute('y')) < 0 ? 'top'
               : Number(t.getAttribute('x')) < 0 ? 'left' : 'right'}))"""
ROWS = "trs => trs.map(tr => [...tr.cells].map(c => c.textContent))"


@pytest.fixture
def phone(open_page):
    """A 360-px touch screen (a warm profile: conftest's `open_page`)."""
    return open_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)


def page_width(page) -> int:
    return page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")


def readout(page, figure: str) -> str:
    return norm(page.inner_text(f"{figure} .nc-pitch-readout"))


def read_after(page, figure: str, expected: str) -> str:
    """The read-out once it says `expected` (a tap's click comes a moment after the touch), or as it is."""
    try:
        page.wait_for_function("""([selector, want]) => document.querySelector(selector).textContent
            .replace(/[\\u00a0\\u202f]/g, ' ').replace(/\\s+/g, ' ').trim() === want""",
                               arg=[f"{figure} .nc-pitch-readout", expected], timeout=5_000)
    except PlaywrightTimeout:
        pass
    return readout(page, figure)


def tapped(page, locator, until: str) -> None:
    """Tap `locator`, then wait for the page function `until` (a tap's click comes a moment later)."""
    locator.tap()
    page.wait_for_function(until)


def read_text(ctx, square: tuple[int, int], told: str) -> str:
    return norm(ctx.t("Square {square}: {value}", square=square_name(ctx, square), value=told))


def built_rows(web, lang: str, path: str) -> list[list[str]]:
    """The first pitch table of the page as the build wrote it."""
    with urllib.request.urlopen(url_of(web, lang, path)) as response:
        text = response.read().decode("utf-8")
    body = re.search(r"<tbody data-pitch-rows[^>]*>(.*?)</tbody>", text, re.S).group(1)
    return [[norm(unescape(c)) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body)]


def expected_rows(ctx, landing: list[dict], key: str = "p") -> list[list[str]]:
    values = {tuple(i["square"]): Fraction(i[key]["exact"]) for i in landing if isinstance(i["square"], list)}
    return [[norm(square_name(ctx, sq)), norm(probability_text(ctx, p))] for sq, p in ranked_squares(values)]


def landing_of(c: Calc) -> dict[tuple[int, int], Fraction]:
    result = handle(c.request(), c.rules)["result"]
    return {tuple(i["square"]): Fraction(i["p"]["exact"]) for i in result["landing"] if isinstance(i["square"], list)}


@pytest.mark.parametrize("lang, path, kind, first, second", [
    ("fr", "calculators/scatter/", "scatter", (13, 7), (15, 8)),
    ("ja", "calculators/throw-in/", "throw-in", (12, 5), (25, 7)),  # a throw-in starts on the edge
])
def test_a_tapped_square_tells_its_chance_on_a_phone(phone, web, repo, rules, lang, path, kind, first, second):
    page = phone
    page.goto(url_of(web, lang, path))
    c = Calc(page, kind, lang, repo, rules)
    c.wait()
    figure = f"{c.box} {FIGURE}"
    page.wait_for_selector(f"{figure}[data-mounted]", state="attached")
    # the build wrote the default request's table; the browser's first result keeps it (Calc.check: the
    # table of every live result)
    assert built_rows(web, lang, path) == expected_rows(c.ctx, handle(c.request(), rules)["result"]["landing"])
    c.check()
    # the edges: every row on both sides, every other column while the picture is small
    shown = page.eval_on_selector(figure, COORDS)
    assert [s["n"] for s in shown if s["side"] == "left"] == [s["n"] for s in shown if s["side"] == "right"] \
        == list(range(15))
    assert [s["n"] for s in shown if s["side"] == "top"] == list(range(0, 26, 2))

    # a tap on a small square: its chance, in words, under the picture; the form is unchanged
    before = c.request()
    page.locator(f'{figure} rect[data-square="{first[0]},{first[1]}"]').tap()
    expected = read_text(c.ctx, first, probability_text(c.ctx, landing_of(c).get(first, 0)))
    assert read_after(page, figure, expected) == expected
    assert c.request() == before

    # enlarged: squares of at least 24 px, the picture scrolls inside itself, the page does not
    zoom = page.locator(f"{figure} .nc-pitch-zoom")
    assert zoom.is_visible() and zoom.get_attribute("aria-pressed") == "false"
    tapped(page, zoom, f"document.querySelector('{figure} .nc-pitch-zoom').getAttribute('aria-pressed') === 'true'")
    cell = page.locator(f'{figure} rect[data-square="0,0"]').bounding_box()
    assert cell["width"] >= 24 and cell["height"] >= 24
    view = page.eval_on_selector(f"{figure} .nc-pitch-view", "v => [v.scrollWidth, v.clientWidth]")
    assert view[0] > view[1] + 300
    assert page_width(page) <= 360
    assert [s["n"] for s in page.eval_on_selector(figure, COORDS) if s["side"] == "top"] == list(range(26))

    page.locator(f'{figure} rect[data-square="{second[0]},{second[1]}"]').tap()
    expected = read_text(c.ctx, second, probability_text(c.ctx, landing_of(c).get(second, 0)))
    assert read_after(page, figure, expected) == expected
    # the button puts it into the form: the picture and its table follow, and so does the read-out
    tapped(page, page.locator(f'{figure} button[data-pick-field="square"]'),
           f"document.querySelector('{c.form} input[name=\"square.x\"]').value === '{second[0]}'")
    c.wait()
    assert c.request()["square"] == list(second)
    c.check()
    expected = read_text(c.ctx, second, probability_text(c.ctx, landing_of(c).get(second, 0)))
    assert readout(page, figure) == expected

    # an input change: the table (opened) and the read-out follow the live result
    tapped(page, page.locator(f"{figure} summary"), f"document.querySelector('{figure} details').open")
    if kind == "scatter":
        c.set("n", "1")
    else:
        c.set("edition", "bb2020")
    c.check()
    rows = page.eval_on_selector_all(f"{figure} tbody[data-pitch-rows] tr", ROWS)
    assert [[norm(x) for x in r] for r in rows] == expected_rows(c.ctx, handle(c.request(), rules)["result"]["landing"])
    assert page.locator(f"{figure} tbody[data-pitch-rows] tr").first.is_visible()
    assert readout(page, figure) == read_text(c.ctx, second, probability_text(c.ctx, landing_of(c).get(second, 0)))
    assert page_width(page) <= 360


def test_the_touchback_map_reads_out_without_a_calculator(phone, web, repo, rules):
    """The kick-off page's map of every square aimed at is not a calculator's: it reads out all the same."""
    page = phone
    page.goto(url_of(web, "ja", "sequences/kick-off-bb2025/"))
    figure = "figure.nc-pitch:not([data-pitch])"
    page.wait_for_selector(f"{figure}[data-mounted]", state="attached")
    ctx = Calc(page, "kick", "ja", repo, rules).ctx
    overview = handle({"kind": "kick", "edition": "bb2025", "map": True}, rules)["result"]["map"]
    risk = {tuple(i["square"]): Fraction(i["touchback"]["exact"]) for i in overview}
    page.locator(f'{figure} rect[data-square="20,9"]').tap()
    expected = read_text(ctx, (20, 9), probability_text(ctx, risk[(20, 9)]))
    assert read_after(page, figure, expected) == expected and expected.startswith("マス x 20、y 9：")
    assert not page.locator(f"{figure} button[data-pick-field]").count()
    tapped(page, page.locator(f"{figure} summary"), f"document.querySelector('{figure} details').open")
    rows = page.eval_on_selector_all(f"{figure} tbody[data-pitch-rows] tr", ROWS)
    assert [[norm(x) for x in r] for r in rows] == expected_rows(ctx, overview, "touchback")
    assert page_width(page) <= 360


def test_the_pitch_with_the_keyboard_at_desktop_width(page, web, repo, rules):
    """At 1280 px: no zoom needed (squares of 23 px and more); one Tab stop with a visible focus ring, the
    arrow keys move from the ringed square, Enter puts the square into the form."""
    page.goto(url_of(web, "fr", "sequences/kick-off-bb2025/"))
    c = Calc(page, "kick", "fr", repo, rules)
    c.wait()
    figure = f"{c.box} {FIGURE}"
    page.wait_for_selector(f"{figure}[data-mounted]", state="attached")
    assert not page.locator(f"{figure} .nc-pitch-zoom").is_visible()
    assert page.locator(f'{figure} rect[data-square="0,0"]').bounding_box()["width"] >= 23
    assert [s["n"] for s in page.eval_on_selector(figure, COORDS) if s["side"] == "top"] == list(range(26))
    page.focus(f"{figure} summary")
    target = tuple(c.request()["target"])
    page.keyboard.press("Shift+Tab")  # the drawing is the Tab stop before its table
    view = page.locator(f"{figure} .nc-pitch-view")
    assert view.evaluate("v => v === document.activeElement && v.matches(':focus-visible')")
    ring = view.evaluate("v => { const s = getComputedStyle(v); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    assert ring[0] == "solid" and ring[1] >= 2
    assert view.get_attribute("aria-label") == ("Cases du terrain\u00a0: les flèches du clavier passent de l'une à "
                                                "l'autre")
    p = lambda sq: probability_text(c.ctx, landing_of(c).get(sq, 0))  # noqa: E731
    assert readout(page, figure) == read_text(c.ctx, target, p(target))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    moved = (target[0] + 1, target[1] - 1)
    assert readout(page, figure) == read_text(c.ctx, moved, p(moved))
    assert page.locator(f'{figure} button[data-pick-field="target"]').inner_text() == \
        "Mettre cette case dans «\u00a0Case cible\u00a0»"
    page.keyboard.press("Enter")
    c.wait()
    assert c.request()["target"] == list(moved)
    c.check()
    assert readout(page, figure) == read_text(c.ctx, moved, p(moved))
    assert page_width(page) <= 1280


def test_axe_finds_nothing_serious_with_the_pitch_open(phone, web):
    page = phone
    page.goto(url_of(web, "fr", "calculators/deviate/"))
    figure = f"{FIGURE}[data-mounted]"
    page.wait_for_selector(figure, state="attached")
    page.wait_for_selector('[data-result][data-state="done"]', state="attached")  # the page has settled
    tapped(page, page.locator(f"{figure} .nc-pitch-zoom"), f"document.querySelector('{figure}[data-zoom]')")
    page.locator(f'{figure} rect[data-square="20,5"]').tap()
    page.wait_for_function(f"document.querySelector('{figure} .nc-cursor').getAttribute('visibility') === 'visible'")
    tapped(page, page.locator(f"{figure} summary"), f"document.querySelector('{figure} details').open")
    inject_axe(page)
    violations = page.evaluate(RUN_AXE, TAGS)
    assert not violations, json.dumps(violations, indent=1, ensure_ascii=False)
