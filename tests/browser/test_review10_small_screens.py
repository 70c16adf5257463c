"""Issue 26, item 1 ("on a phone, a calculator page opens on the form's first fields and the probability"), on
smaller and sideways phones.

At 320 × 568 (iPhone SE) the headline chance was just below the first screen on load on the pages whose
introduction is long (the chain calculator in French and Japanese, the BB2025 rolls page, the French classic
Agility page: the pinned headline sticks to the bottom of the screen only once the calculator's box is on it). A
phone held sideways (844 × 390) opened on the title and the introduction, the chance far below. Now, while the
page's own calculator (the one under its « Calculateur » heading) is still below the screen, its headline is
pinned to the bottom of the screen (pinned.mjs, data-nc-ahead): every calculator page of the three languages
opens with its chance whole on the first screen.

The « Fraction exacte » disclosure of a long chance, opened in the pinned bar, was laid out below the screen
(the bar is one line high): now the bar grows, bounded, to show the fraction, inside the screen.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calc_driver import Calc, calc, url_of  # noqa: F401 (calc: the fixture)
from plugins.site.render.calcpages import STANDALONE
from test_a11y import AXE, axe_violations, inject_axe
from test_review8_answer_first import SETTLED, answer_pages

pytestmark = pytest.mark.browser
LANGS = ("en", "fr", "ja")
SIZES = {"iphone-se": {"width": 320, "height": 568}, "sideways": {"width": 844, "height": 390}}

# The page's own calculator (under its #calculator heading): its headline's chance, the bar it is drawn in,
# Material's header and what is drawn at the middle of the chance.
SEEN = """() => {
  const box = document.querySelector('h2#calculator ~ .nc-calculator');
  if (!box) return null;
  const bar = box.querySelector('[data-headline]'), value = bar.querySelector('dd');
  const v = value.getBoundingClientRect(), b = bar.getBoundingClientRect();
  const hit = document.elementFromPoint((v.left + v.right) / 2, (v.top + v.bottom) / 2);
  return {top: v.top, bottom: v.bottom, left: v.left, right: v.right, bar: [b.top, b.bottom],
          visible: value.checkVisibility({visibilityProperty: true}),
          header: document.querySelector('.md-header').getBoundingClientRect().bottom,
          onTop: !!hit && value.contains(hit), text: value.textContent.trim(), scrolled: window.scrollY,
          width: document.documentElement.clientWidth};
}"""


def calculator_pages(repo) -> list[str]:
    """Every page that is about its calculator: the calculators' own pages, the target tables, an edition's
    tests, a table with a calculator (the pages with a « Calculateur » section, `#calculator`)."""
    return [f"calculators/{kind}/" for kind in sorted(STANDALONE)] + answer_pages(repo)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_every_calculator_page_opens_with_its_chance_on_the_first_screen(open_page, web, repo, size):
    paths = calculator_pages(repo)
    assert {"calculators/chain/", "targets/agility-classic/", "rolls/bb2025/"} <= set(paths)
    page = open_page(viewport=size)
    wrong = {}
    for lang in LANGS:
        for path in paths:
            page.goto(url_of(web, lang, path))
            page.evaluate(SETTLED)
            seen = page.evaluate(SEEN)
            assert seen is not None, (lang, path)
            problems = []
            if not (seen["visible"] and seen["onTop"] and seen["scrolled"] == 0):
                problems.append("not shown")
            if not (seen["top"] >= seen["header"] - 0.5 and seen["bottom"] <= size["height"] + 0.5
                    and seen["left"] >= -0.5 and seen["right"] <= seen["width"] + 0.5):
                problems.append("not whole on the first screen")
            if problems:
                wrong[f"{lang}/{path}"] = (problems, seen)
    assert not wrong, wrong


# The element with the focus and the pinned bar, as drawn; done once the focus is in the page's calculator.
FOCUSED = """() => {
  const box = document.querySelector('h2#calculator ~ .nc-calculator'), e = document.activeElement;
  if (box.contains(e)) return {done: true};
  if (!e.matches('a[href]:not(.headerlink)')) return {done: false};
  const pinned = getComputedStyle(box.querySelector('.nc-result')).display === 'contents'
    ? box.querySelector('[data-headline]') : box.querySelector('.nc-result');
  const r = e.getBoundingClientRect(), bar = pinned.getBoundingClientRect();
  return {done: false, link: e.textContent, top: r.top, bottom: r.bottom, bar: [bar.top, bar.bottom],
          ahead: box.hasAttribute('data-nc-ahead')};
}"""


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_a_link_of_the_introduction_reached_with_tab_is_not_under_the_pinned_bar(open_page, web, repo, size):
    """The bar pinned ahead of its calculator covers the bottom of the screen: a link there (« coup d'envoi » in
    the French Prayers to Nuffle page's introduction, at 844 × 390) focused with Tab is scrolled above it, never
    hidden under it (WCAG 2.4.11)."""
    page = open_page(viewport=size)
    hidden, ahead = {}, 0
    for path in calculator_pages(repo):
        page.goto(url_of(web, "fr", path))
        page.evaluate(SETTLED)
        for _ in range(60):
            page.keyboard.press("Tab")
            seen = page.evaluate(FOCUSED)
            if seen["done"]:
                break
            if "link" in seen:
                ahead += seen["ahead"]
                if seen["bottom"] > seen["bar"][0] + 0.5 and seen["top"] < seen["bar"][1] - 0.5:
                    hidden[f"{path} {seen['link']}"] = seen
        else:
            pytest.fail(f"{path}: Tab never reached the calculator")
    assert ahead, "no link was focused while the bar was pinned ahead of its calculator"
    assert not hidden, hidden


# The opened fraction's lines as drawn, the pinned result's box, and what is drawn at the middle of each line.
OPENED = """() => {
  const box = document.querySelector('h2#calculator ~ .nc-calculator');
  const details = box.querySelector('[data-headline] details.nc-exact'), exact = details.querySelector('[data-exact]');
  const range = document.createRange(); range.selectNodeContents(exact);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => {
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, onTop: !!hit && exact.contains(hit)}; });
  const result = box.querySelector('[data-result]').getBoundingClientRect();
  return {open: details.open, text: exact.textContent, lines, result: [result.top, result.bottom],
          header: document.querySelector('.md-header').getBoundingClientRect().bottom,
          height: innerHeight, width: document.documentElement.clientWidth};
}"""
CHAIN = "D4,D4,D4,R2,R2,J3,P4,C4,D3,R2,R3,D5;tr=3"  # review 7's 12 rolls: 11003125/181398528


@pytest.mark.parametrize("lang, size, how", [
    ("fr", {"width": 360, "height": 780}, "tap"),
    ("fr", {"width": 360, "height": 780}, "keyboard"),
    ("ja", {"width": 360, "height": 780}, "tap"),
    ("fr", {"width": 320, "height": 568}, "tap"),  # the page at its top, the calculator below the screen
])
def test_the_exact_fraction_opened_in_the_pinned_bar_is_on_the_screen(page, calc, lang, size, how):
    page.set_viewport_size(size)
    c = calc(lang, "calculators/chain/", "chain", f"chain={CHAIN}")
    assert Fraction(c.check()["success"]["exact"]) == Fraction(11003125, 181398528)
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(SETTLED)
    summary = page.locator(f"{c.box} [data-headline] details.nc-exact > summary")
    if how == "tap":
        summary.click()
    else:  # from the chain's field, Tab on to the result's disclosure, and open it
        page.locator(f'{c.form} [data-name="chain"] input').focus()
        for _ in range(40):
            page.keyboard.press("Tab")
            if summary.evaluate("s => s === document.activeElement"):
                break
        page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    seen = page.evaluate(OPENED)
    assert seen["open"] and Fraction(seen["text"]) == Fraction(11003125, 181398528), seen
    assert seen["lines"], seen
    for line in seen["lines"]:  # every line of the fraction inside the screen and the bar, drawn on top
        assert seen["header"] - 0.5 <= line["top"] and line["bottom"] <= size["height"] + 0.5, seen
        assert -0.5 <= line["left"] and line["right"] <= seen["width"] + 0.5, seen
        assert seen["result"][0] - 0.5 <= line["top"] and line["bottom"] <= seen["result"][1] + 0.5, seen
        assert line["onTop"], seen


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_axe_finds_nothing_serious_on_the_french_calculator_pages(open_page, web, repo, size):
    """The pages with their headline pinned ahead of the calculator: no serious or critical violation."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci installs axe-core)")
    page = open_page(viewport=size)
    found = {}
    for path in calculator_pages(repo):
        page.goto(url_of(web, "fr", path))
        page.evaluate(SETTLED)
        inject_axe(page)
        found[path] = axe_violations(page)
    assert not any(found.values()), found
