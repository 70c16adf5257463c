"""Review 3, D10 and D11 (issue 26, "the answer on the first screen"), in French and Japanese.

D10, a 1280 × 800 desktop: the headline chance of every calculator is on the first screen of its page (the
pages of their own, `calculators/<kind>/`), or of the calculator once the reader reaches it (the calculators
in sequence, target, roll and glossary pages, far down those pages); and the title over the left menu hides
the menu item scrolled under it instead of being drawn over it.

D11, a 360 × 780 phone: the pinned result is one line (the headline chance, the details in the panel and in
their place after the form), the form's first fields and the chance share the first screen, and no blank band
sits under a calculator's title.
"""
from __future__ import annotations

import pytest

from plugins.site.render.calcpages import STANDALONE
from calc_driver import url_of

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 780}
LANGS = ["fr", "ja"]
OWN_PAGES = [f"calculators/{kind}/" for kind in sorted(STANDALONE)]
# the pages that hold a calculator among other content (every page of the built site whose HTML has one)
EMBEDDED = [f"sequences/{name}/" for name in ("pass-action-classic", "pass-action-bb2020", "pass-action-bb2025",
                                              "kick-off-classic", "kick-off-bb2020", "kick-off-bb2025")]
EMBEDDED += ["targets/agility-classic/", "rolls/bb2020/", "rolls/bb2025/", "glossary/",
             "tables/prayers-to-nuffle-bb2020/", "tables/prayers-to-nuffle-bb2025/"]

# Each calculator's headline value and the calculator's box, as viewport rectangles, with the header's bottom.
HEADLINES = """() => [...document.querySelectorAll('.nc-calculator')].map((box) => {
  const value = box.querySelector('[data-headline] [data-field]');
  const r = value.getBoundingClientRect(), b = box.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, visible: value.checkVisibility({visibilityProperty: true}),
          box: b.top, header: document.querySelector('.md-header').getBoundingClientRect().bottom,
          screen: window.innerHeight};
})"""


def test_the_built_site_has_no_other_calculator_page(web):
    """The lists above are every page with a calculator: a new one is added to them, so it is tested too."""
    if web.dir is None:
        pytest.skip("a served site: its files are not here")
    found = {str(p.parent.relative_to(web.dir / "fr")) + "/"
             for p in (web.dir / "fr").rglob("index.html") if 'class="nc-calculator"' in p.read_text("utf-8")}
    assert found == set(OWN_PAGES + EMBEDDED)


@pytest.mark.parametrize("path", OWN_PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_calculator_page_opens_on_its_headline_at_1280_px(open_page, web, lang, path):
    page = open_page(viewport=DESKTOP)
    page.goto(url_of(web, lang, path))
    first = page.evaluate(HEADLINES)[0]
    assert first["visible"], first
    assert first["top"] >= first["header"] - 0.5 and first["bottom"] <= DESKTOP["height"], (path, first)
    # the form's first field is on that screen too
    field = page.locator(".nc-calculator form :is(input, select):visible").first.bounding_box()
    assert field["y"] + field["height"] <= DESKTOP["height"], (path, field)


@pytest.mark.parametrize("path", EMBEDDED + ["calculators/chain/"])  # the chain page's second: the notation
@pytest.mark.parametrize("lang", LANGS)
def test_each_calculator_in_a_page_shows_its_headline_as_soon_as_it_is_reached_at_1280_px(open_page, web, lang,
                                                                                          path):
    """The reader reaches a calculator (its link in the table of contents puts its section's top under the
    header): its headline chance is on that screen, without going down its form."""
    page = open_page(viewport=DESKTOP)
    page.goto(url_of(web, lang, path))
    count = len(page.evaluate(HEADLINES))
    assert count >= 1
    for i in range(count):
        page.evaluate("""i => { const box = document.querySelectorAll('.nc-calculator')[i];
          const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
          window.scrollBy(0, box.getBoundingClientRect().top - header - 8); }""", i)
        page.wait_for_timeout(50)
        seen = page.evaluate(HEADLINES)[i]
        assert seen["visible"], (path, i, seen)
        assert seen["top"] >= seen["header"] - 0.5 and seen["bottom"] <= DESKTOP["height"], (path, i, seen)


# For each step of the menu's scroll: the lowest point of the menu's title text, and what the page shows
# just under it (the title's own band, or a menu item drawn against its text).
NAV_TITLE = """() => {
  const title = document.querySelector('.md-nav--primary > .md-nav__title');
  const scroller = title.closest('.md-sidebar__scrollwrap');
  const texts = [...title.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
  const range = document.createRange();
  const start = scroller.scrollTop, out = [];
  for (let step = -40; step <= 40; step += 2) {
    scroller.scrollTop = Math.max(0, start + step);
    range.selectNodeContents(texts[0]);
    const text = range.getBoundingClientRect();
    for (let y = Math.ceil(text.bottom); y <= text.bottom + 6; y += 1) {
      const hit = document.elementFromPoint(text.left + 10, y);
      if (hit && !title.contains(hit) && hit.closest('.md-nav__link'))
        out.push({y, textBottom: text.bottom, item: hit.textContent.trim()});
    }
  }
  scroller.scrollTop = start;
  return {scrolls: scroller.scrollHeight > scroller.clientHeight, text: texts.length ? texts[0].textContent : '', out};
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_menus_title_is_never_drawn_against_a_scrolled_item_at_1280_px(open_page, web, lang):
    page = open_page(viewport=DESKTOP)
    page.goto(url_of(web, lang, "calculators/block/"))  # Material scrolls the menu to the page's entry
    seen = page.evaluate(NAV_TITLE)
    assert seen["scrolls"] and seen["text"].strip() == "Nuffle Codex", seen
    assert seen["out"] == [], seen["out"][:3]


# The pinned element (the whole result while a field of the form has the focus, else the headline's bar),
# its headline's label and value, the focused field, and the first rows of the result.
PINNED = """box => {
  const rect = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height}; };
  const result = box.querySelector('.nc-result'), headline = box.querySelector('[data-headline]');
  const pinned = getComputedStyle(result).position === 'sticky' ? result : headline;
  return {pin: rect(pinned), sticky: getComputedStyle(pinned).position,
          label: rect(headline.querySelector('dt')), value: rect(headline.querySelector('dd')),
          valueText: headline.querySelector('dd').textContent,
          field: document.activeElement && box.contains(document.activeElement) ? rect(document.activeElement) : null,
          status: rect(box.querySelector('[data-field="status"]')),
          statusInPin: pinned.contains(box.querySelector('[data-field="status"]')),
          panelScrolls: pinned.scrollHeight > pinned.clientHeight + 1,
          screen: window.innerHeight};
}"""
ONE_LINE_PX = 56  # the pinned bar: one line of the chance in large type, its padding and its border (2.8rem)


def _one_line(state: dict) -> None:
    assert state["sticky"] == "sticky", state
    assert state["pin"]["height"] <= ONE_LINE_PX + 0.5, state
    # the label beside the chance, on its line
    assert state["label"]["top"] < state["value"]["bottom"] and state["value"]["top"] < state["label"]["bottom"], state
    assert state["pin"]["top"] <= state["value"]["top"] + 0.5 and state["value"]["bottom"] <= state["pin"]["bottom"] + 0.5
    assert state["pin"]["bottom"] <= state["screen"] + 0.5, state


@pytest.mark.parametrize("lang, kind", [("fr", "block"), ("fr", "foul"), ("ja", "block"), ("ja", "chain")])
def test_the_pinned_result_is_one_line_at_360_px(open_page, web, lang, kind):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, f"calculators/{kind}/"))
    box = page.locator(".nc-calculator").first
    # the page opens: the headline's bar, one line, over the form, whose first field is on the screen above it
    state = box.evaluate(PINNED)
    _one_line(state)
    first = box.locator("form :is(input, select):visible").first
    rect = first.bounding_box()
    assert rect["y"] + rect["height"] <= state["pin"]["top"] + 0.5, (state, rect)
    # a field in focus: the result is pinned, one line; its details scroll in the panel
    first.focus()
    page.wait_for_timeout(300)  # the pin's frame, then pinned.mjs's scroll
    state = box.evaluate(PINNED)
    _one_line(state)
    assert state["field"] is not None and state["field"]["bottom"] <= state["pin"]["top"] + 0.5, state
    assert state["statusInPin"] and state["panelScrolls"], state
    # the focus leaves the form: the details stand whole in their place after the form
    page.locator("h1").click()
    page.wait_for_timeout(100)
    box.locator('[data-field="status"]').scroll_into_view_if_needed()
    assert box.locator('[data-field="status"]').is_visible()


# The bottom of a page title's visible text, and the top of what comes after the title.
TITLE_GAP = """() => {
  const h1 = document.querySelector('.md-content h1');
  const range = document.createRange();
  const texts = [...h1.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
  const bottom = Math.max(...texts.map((n) => { range.selectNodeContents(n); return range.getBoundingClientRect().bottom; }));
  return {text: bottom, next: h1.nextElementSibling.getBoundingClientRect().top};
}"""


@pytest.mark.parametrize("path", OWN_PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_blank_band_under_a_calculators_title_at_360_px(open_page, web, lang, path):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, path))
    gap = page.evaluate(TITLE_GAP)
    assert gap["next"] - gap["text"] <= 24, (path, gap)
