"""Review 8 (notes/breaker7, findings 6 and 3; issue 26 item 1, "the answer on the first screen at 360 px").

Finding 6: at 360 × 780 the Agility page (/fr/targets/agility-classic/) and the pages of an edition's tests
(/ja/rolls/bb2025/) showed the calculator's pinned headline (« Réussite 2/3 (66,7 %) ») 1,063-1,440 px down,
after the long introduction and the table: the coach who opens the Agility page for the chance had to scroll
for it. Finding 3: on the French Prayers to Nuffle page the bar was cut by the bottom of the first screen
(750-793 on a 780 px screen).

Now every page of those kinds opens with the whole headline on the first screen, in the three languages: the
target tables, the edition test pages and every table page with a calculator, listed from the site's own page
map and data (`plugins.site.pagemap.generated_pages`), so a new one is tested too. All 15 pages today (5 in
each language), one tab visiting them in turn.
"""
from __future__ import annotations

import pytest

from calc_driver import url_of
from test_a11y import AXE, axe_violations, inject_axe
from plugins.site.locate import page_of
from plugins.site.pagemap import generated_pages

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
LANGS = ("en", "fr", "ja")

# The headline bar of the page's first calculator, Material's fixed header, and what is drawn at the middle of
# the headline's chance (the chance itself, not something over it).
HEADLINE = """() => {
  const box = document.querySelector('.nc-calculator');
  if (!box) return null;
  const bar = box.querySelector('[data-headline]'), value = bar.querySelector('dd');
  const r = bar.getBoundingClientRect(), v = value.getBoundingClientRect();
  const hit = document.elementFromPoint((v.left + v.right) / 2, (v.top + v.bottom) / 2);
  return {top: r.top, bottom: r.bottom, visible: bar.checkVisibility({visibilityProperty: true}),
          header: document.querySelector('.md-header').getBoundingClientRect().bottom,
          onTop: !!hit && value.contains(hit), text: bar.textContent.replace(/\\s+/g, ' ').trim(),
          scrolled: window.scrollY};
}"""
# Two frames after the load: nuffle.js's own changes to the calculator are drawn.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def answer_pages(repo) -> list[str]:
    """The site paths ("targets/agility-classic/") of the pages whose calculator sits among other content and
    whose answer the coach opens the page for: the target tables, an edition's tests, a table with a calculator."""
    tables = {f"tables/{t.slug}.md" for t in repo.of_kind("table") if t.get("calculators")}
    # not the section pages (targets/index.md, rolls/index.md: a list of the section's pages, no calculator)
    return [path.removesuffix(".md") + "/" for path in generated_pages(repo)
            if (path.startswith(("targets/", "rolls/")) or path in tables) and not path.endswith("/index.md")]


def test_every_answer_page_opens_with_its_whole_headline_on_the_first_screen_at_360_px(open_page, web, repo):
    paths = answer_pages(repo)
    assert {"targets/agility-classic/", "rolls/bb2025/", "tables/prayers-to-nuffle-bb2025/"} <= set(paths)
    page = open_page(viewport=PHONE)
    wrong = {}
    for lang in LANGS:
        for path in paths:
            page.goto(url_of(web, lang, path))
            page.evaluate(SETTLED)
            seen = page.evaluate(HEADLINE)
            assert seen is not None, (lang, path)  # every page of the list has its calculator
            whole = (seen["visible"] and seen["onTop"] and seen["scrolled"] == 0
                     and seen["top"] >= seen["header"] - 0.5 and seen["bottom"] <= PHONE["height"] + 0.5)
            if not whole:
                wrong[f"{lang}/{path}"] = seen
    assert not wrong, wrong


@pytest.mark.parametrize("lang, path", [("fr", "targets/agility-classic/"), ("ja", "rolls/bb2025/")])
def test_the_table_and_every_roll_are_still_on_the_page_after_the_calculator(open_page, web, repo, lang, path):
    """Nothing was lost by putting the calculator first: the AG table's rows and every roll's section follow it,
    in the order of the page (the order a screen reader reads), under the same anchors."""
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, path))
    target = repo.get("target:" + path.strip("/").rpartition("/")[2]) if path.startswith("targets/") else None
    ids = [r.anchor for r in repo.of_kind("roll") if page_of(r) == path.rstrip("/") + ".md"]
    if target is not None:
        ids += ["table"] + [f"row-{target['characteristic']}-{row['value']}" for row in target["rows"]]
    order = page.evaluate("""(ids) => { const calc = document.querySelector('.nc-calculator');
      return ids.map((id) => { const el = document.getElementById(id);
        return el ? !!(calc.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) : null; }); }""", ids)
    assert len(ids) >= 6 and all(order), dict(zip(ids, order))


def test_axe_finds_nothing_serious_on_the_french_answer_pages_at_360_px(open_page, web, repo):
    """The pages as rearranged, where the review found them (fr, 360 px): no serious or critical violation."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci installs axe-core)")
    page = open_page(viewport=PHONE)
    found = {}
    for path in answer_pages(repo):
        page.goto(url_of(web, "fr", path))
        inject_axe(page)
        found[path] = axe_violations(page)
    assert not any(found.values()), found
