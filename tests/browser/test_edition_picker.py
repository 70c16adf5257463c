"""The edition picker in headless Chromium, in French and Japanese, on the real site: the choice hides the
other editions' blocks, survives Material's instant navigation and a reload, points a per-edition page to
its counterpart, opens the matching tab of a comparison, and fits a 360-px screen in both colour schemes.

Which blocks must show is read from each element's own marks (data-editions, set from data/ by the
build and checked against the YAML in tests/site/test_editions.py); here the browser must honour them.
"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
PICKER = "select[data-nc-edition-picker]"

# Every marked block and every "only while chosen" element, and whether it is rendered: checkVisibility()
# is false for an element inside a display:none ancestor too.
VISIBILITY = """() => ({
  nav: [...document.querySelectorAll('.md-sidebar--primary li[data-editions]')].map(el => ({
    marks: el.dataset.editions.split(' '),
    visible: el.checkVisibility(),
  })),
  marked: [...document.querySelectorAll('article [data-editions]')].map(el => ({
    marks: el.dataset.editions.split(' '),
    ancestors: [...(function* (n) {
      while ((n = n.parentElement)) if (n.dataset.editions) yield n.dataset.editions.split(' ');
    })(el)],
    visible: el.checkVisibility(),
  })),
  only: [...document.querySelectorAll('article .nc-edition-only')].map(el => ({
    editions: el.dataset.editionOnly.split(' '),
    visible: el.checkVisibility(),
    text: el.innerText,
  })),
})"""


def check_shows_only(page, edition: str | None, *, marked: bool = True) -> dict:
    """Every marked block is rendered iff it and its marked ancestors include `edition` (None: all are);
    `marked`: the page has marked blocks (a sequence page has only its banners)."""
    state = page.evaluate(VISIBILITY)
    assert bool(state["marked"]) == marked
    assert state["nav"], "the menu lists per-edition pages on every page"
    for item in state["nav"]:  # a nested section may be folded: only "hidden when it must be" is certain
        if edition is not None and edition not in item["marks"]:
            assert not item["visible"], item
    for block in state["marked"]:
        expected = edition is None or (edition in block["marks"] and all(edition in a for a in block["ancestors"]))
        assert block["visible"] == expected, block
    for element in state["only"]:
        assert element["visible"] == (edition in element["editions"]), element
    return state


def pick(page, edition: str) -> None:
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")  # nuffle.js is a deferred module
    page.select_option(PICKER, edition)
    page.wait_for_function("e => (document.documentElement.dataset.ncEdition || '') === e", arg=edition)


def test_an_edition_chosen_in_french_holds_through_instant_navigation_and_a_reload(page, web):
    page.goto(web.url + "fr/sequences/pass-action-classic/")
    check_shows_only(page, None, marked=False)
    pick(page, "bb2020")
    check_shows_only(page, "bb2020", marked=False)  # the banner to the BB2020 pass action shows
    page.evaluate("window.__sameDocument = true")
    page.locator('.md-sidebar--primary a[href$="/skills/agility/"]').first.click()
    page.wait_for_url(web.url + "fr/skills/agility/")
    page.wait_for_selector("#skill-dodge")
    assert page.evaluate("window.__sameDocument") is True, "instant navigation is off (check site_url)"
    # the swapped-in picker is set from the stored choice once Material announces the new page (document$)
    page.wait_for_function(f"() => document.querySelector('{PICKER}[data-mounted]')?.value === 'bb2020'")
    state = check_shows_only(page, "bb2020")
    notes = [b for b in state["marked"] if len(b["marks"]) == 1]
    assert any(b["visible"] for b in notes) and any(not b["visible"] for b in notes)
    # Dodge's BB2020 note shows; Leap's classic note does not
    assert page.locator('#skill-dodge ~ div li[data-editions="bb2020"]').first.is_visible()
    assert not page.locator('#skill-leap ~ div li[data-editions="classic"]').first.is_visible()
    # the note says what is hidden, and offers everything back
    note = page.locator(".nc-edition-note")
    assert note.is_visible() and "Édition affichée\u00a0: BB2020." in note.inner_text()
    assert page.locator("[data-nc-show-all]").is_visible()

    page.reload()
    assert page.evaluate("document.documentElement.dataset.ncEdition") == "bb2020"
    page.wait_for_function(f"() => document.querySelector('{PICKER}').value === 'bb2020'")
    check_shows_only(page, "bb2020")

    page.click("[data-nc-show-all]")
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-nc-edition')")
    check_shows_only(page, None)
    assert page.evaluate("localStorage.getItem('nuffle.edition')") is None
    assert page.input_value(PICKER) == ""


def test_the_table_of_contents_leaves_out_the_hidden_sections(page, web):
    page.goto(web.url + "ja/rulings/")
    # Every edition has rulings now, so no section of the real page goes: mark the list and its first group as
    # BB2020 and BB2025 only, as a page of later rulings would be, and the picker must hide them and their
    # contents entries.
    first = page.locator(".nc-ruling-group h3").first.get_attribute("id")
    page.evaluate("""(ids) => { for (const id of ids)
        document.getElementById(id).closest('[data-editions]').dataset.editions = 'bb2020 bb2025'; }""",
                  ["all-rulings", first])
    # Material makes the contents' links absolute (…/ja/rulings/#all-rulings)
    toc = """() => [...document.querySelectorAll('.md-sidebar--secondary a.md-nav__link[href*="#"]')]
        .map(a => [a.hash, a.checkVisibility(), document.getElementById(a.hash.slice(1)).checkVisibility()])"""
    pick(page, "bb2020")
    shown = page.evaluate(toc)
    assert {h for h, _, _ in shown} >= {f"#{first}", "#all-rulings"}
    assert all(link and target for h, link, target in shown if h in (f"#{first}", "#all-rulings"))
    # the groups of rulings none of which is for BB2020 go, and their entries with them
    assert all(link == target for _, link, target in shown)
    pick(page, "classic")  # the sections go, and their contents entries with them
    hidden = page.evaluate(toc)
    assert all(link == target for _, link, target in hidden)
    assert not any(link for h, link, _ in hidden if h in (f"#{first}", "#all-rulings"))


def test_a_classic_sequence_in_japanese_points_to_its_bb2020_counterpart(page, web):
    page.goto(web.url + "ja/sequences/pass-action-classic/")
    banner = page.locator('.nc-edition-banner[data-edition-only="bb2020"]')
    assert not banner.is_visible()  # all editions: no banner
    pick(page, "bb2020")
    assert banner.is_visible()
    assert not page.locator('.nc-edition-banner[data-edition-only="bb2025"]').is_visible()
    link = banner.locator("a")
    assert link.count() == 1
    link.click()
    page.wait_for_url(web.url + "ja/sequences/pass-action-bb2020/")
    # the URL changes before instant navigation swaps the content: wait for the BB2020 page's own banner
    page.wait_for_selector('.nc-edition-banner[data-edition-only="classic"]', state="attached")
    # the BB2020 page is the chosen edition's: it shows no banner, and the classic one's is for classic readers
    assert page.locator(".nc-edition-banner").evaluate_all("els => els.filter(e => e.checkVisibility()).length") == 0
    check_shows_only(page, "bb2020", marked=False)


def test_choosing_an_edition_opens_its_tab_on_a_comparison(page, web):
    page.goto(web.url + "fr/comparisons/pass-action/")
    pick(page, "bb2025")
    checked = page.evaluate("""() => [...document.querySelectorAll('.tabbed-set > input')].filter(i => i.checked)
        .map(i => document.querySelector(`label[for="${i.id}"]`).innerText.trim())""")
    assert checked == ["BB2025"]
    pick(page, "classic")
    page.wait_for_function("""() => [...document.querySelectorAll('.tabbed-set > input')].some(i => i.checked &&
        document.querySelector(`label[for="${i.id}"]`).innerText.trim() === 'Classique')""")


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_picker_is_usable_at_360_px_in_light_and_dark(open_page, web, scheme):
    page = open_page(viewport={"width": 360, "height": 740})
    page.goto(web.url + "ja/skills/agility/")
    page.evaluate("s => __md_set('__palette', {index: s === 'slate' ? 1 : 0, color: {media: '', scheme: s, "
                  "primary: 'green', accent: 'amber'}})", scheme)
    page.reload()
    assert page.evaluate("document.body.dataset.mdColorScheme") == scheme
    picker = page.locator(PICKER)
    box = picker.bounding_box()
    assert picker.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] >= 30
    pick(page, "bb2025")
    assert page.locator(".nc-edition-note").is_visible()
    colours = picker.evaluate("""el => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; }""")
    assert colours[0] != colours[1]
    dark = picker.evaluate("el => getComputedStyle(el).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)")
    assert (sum(dark) < 150) == (scheme == "slate")  # the control follows the page's scheme
    for path in ("ja/skills/agility/", "ja/comparisons/", "ja/rulings/", "ja/sequences/chainsaw-bb2025/"):
        page.goto(web.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 362, path


def test_without_javascript_every_edition_shows_and_the_picker_is_hidden(open_page, web):
    page = open_page(java_script_enabled=False)
    page.goto(web.url + "fr/skills/agility/")
    assert not page.locator(PICKER).is_visible()
    assert page.locator("article [data-editions]").count() > 10
    hidden = page.locator("article [data-editions]").evaluate_all("els => els.filter(e => !e.checkVisibility()).length")
    assert hidden == 0
    shown = page.locator("article .nc-edition-only").evaluate_all("els => els.filter(e => e.checkVisibility()).length")
    assert shown == 0
