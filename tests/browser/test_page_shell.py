"""The page shell on a 360-px phone (overrides/, issue 26 items 8 and 9, and a reviewer's note on the picker):

- dark mode: a first visit follows the phone's colour-scheme preference, from the first frame (before
  Material's script has run); a scheme chosen with the toggle is
  kept when the reader changes language; in the dark scheme axe finds no contrast violation on the
  calculator pages (the roll form's "Add this roll" button was at 2.04:1), the home page and a ruling page;
- the 404 page has a search box, the site's search, in each language;
- on a page that tells one edition only, the edition picker says so, and claims neither "all editions"
  nor "showing <another edition> only".
"""
from __future__ import annotations

import json

import pytest
from test_a11y import AXE, RUN_AXE, TAGS, inject_axe

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
PICKER = "select[data-nc-edition-picker]"
SCHEME = "document.body.dataset.mdColorScheme"
CALCULATORS = ("armour", "block", "casualty", "chain", "deviate", "foul", "scatter", "throw-in")


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def wait_for_scheme(page, scheme: str) -> None:
    """Material's bundle sets the scheme on <body> once it runs; wait for `scheme` (or fail with the one shown)."""
    page.wait_for_load_state("load")
    try:
        page.wait_for_function(f"() => {SCHEME} === {json.dumps(scheme)}", timeout=5_000)
    except Exception:
        pytest.fail(f"the page shows the {page.evaluate(SCHEME)!r} scheme, not {scheme!r}")


@pytest.mark.parametrize("preference, scheme", [("dark", "slate"), ("light", "default")])
def test_a_first_visit_follows_the_phones_colour_scheme(open_page, web, preference, scheme):
    page = open_page(viewport=PHONE, color_scheme=preference)
    page.goto(web.url + "fr/")
    wait_for_scheme(page, scheme)
    page.goto(web.url + "fr/calculators/block/")  # and the next page too
    wait_for_scheme(page, scheme)


@pytest.mark.parametrize("preference, scheme", [("dark", "slate"), ("light", "default")])
def test_the_first_frame_already_has_the_phones_colour_scheme(open_page, web, preference, scheme):
    """Before Material's script runs (blocked here, as on a slow phone where it is still downloading), a first
    visit in Japanese is painted in the scheme of the phone's preference: a dark phone never flashes white."""
    page = open_page(viewport=PHONE, color_scheme=preference)
    page.route("**/assets/javascripts/bundle.*.js", lambda route: route.abort())
    page.goto(web.url + "ja/", wait_until="domcontentloaded")
    assert page.evaluate(SCHEME) == scheme


def test_a_scheme_chosen_before_is_painted_first_whatever_the_phone_prefers(open_page, web):
    """The stored choice wins over the device's preference from the first frame on, as Material's own script
    would apply it (a reader who chose light on a dark phone)."""
    page = open_page(viewport=PHONE, color_scheme="dark")
    page.goto(web.url + "fr/")
    wait_for_scheme(page, "slate")
    page.locator('form[data-md-component="palette"] label:not([hidden])').click()  # the reader picks light
    wait_for_scheme(page, "default")
    page.route("**/assets/javascripts/bundle.*.js", lambda route: route.abort())
    page.goto(web.url + "fr/rulings/", wait_until="domcontentloaded")
    assert page.evaluate(SCHEME) == "default"


def test_a_chosen_scheme_is_kept_when_the_language_changes(open_page, web):
    page = open_page(viewport=PHONE, color_scheme="light")
    page.goto(web.url + "fr/calculators/chain/")
    wait_for_scheme(page, "default")
    page.locator('form[data-md-component="palette"] label:not([hidden])').click()  # Material's toggle
    wait_for_scheme(page, "slate")
    for path in ("ja/calculators/chain/", "calculators/chain/", "fr/"):
        page.goto(web.url + path)
        wait_for_scheme(page, "slate")
    page.locator('form[data-md-component="palette"] label:not([hidden])').click()  # back to light, everywhere
    wait_for_scheme(page, "default")
    page.goto(web.url + "ja/")
    wait_for_scheme(page, "default")


def test_no_contrast_violation_in_the_dark_scheme(open_page, web):
    """At 360 px in French, with the phone in dark mode: every calculator page, the home page and a ruling page."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci installs axe-core)")
    page = open_page(viewport=PHONE, color_scheme="dark")
    paths = [f"fr/calculators/{name}/" for name in CALCULATORS] + ["fr/", "fr/rulings/arm-bar-failed-rush/"]
    found = {}
    for path in paths:
        page.goto(web.url + path)
        wait_for_scheme(page, "slate")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        inject_axe(page)
        violations = page.evaluate(RUN_AXE, TAGS)
        if violations:
            found[path] = violations
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_the_add_this_roll_button_reads_in_the_dark_scheme(open_page, web):
    """The roll form's button on the chain calculator: its text against its background, 4.5:1 at least."""
    page = open_page(viewport=PHONE, color_scheme="dark")
    page.goto(web.url + "fr/calculators/chain/")
    wait_for_scheme(page, "slate")
    button = page.locator("[data-add-button]").first
    assert button.inner_text().strip() == "Ajouter ce jet"
    ratio = button.evaluate("""el => {
        const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 4).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
        let node = el, bg = null;
        while (node) {  // the first opaque background behind the button
            const c = rgb(getComputedStyle(node).backgroundColor);
            if (c.length < 4 || c[3] === 1) { bg = c; break; }
            node = node.parentElement;
        }
        const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }""")
    assert ratio >= 4.5, ratio


@pytest.mark.parametrize("lang, label, query, found", [
    ("fr", "Rechercher", "esquive", "Esquive"),
    ("ja", "検索", "タックル", "タックル"),
    ("en", "Search", "dodge", "Dodge"),
])
def test_the_404_page_has_the_sites_search(open_page, web, lang, label, query, found):
    page = open_page(viewport=PHONE)
    response = page.goto(web.url + prefix(lang) + "no-such-page/")
    assert response.status == 404
    box = page.locator("article").get_by_role("searchbox", name=label)
    assert box.is_visible()
    box.fill(query)
    box.press("Enter")
    page.wait_for_selector(".md-search-result__item", timeout=30_000)
    results = page.locator(".md-search-result__item a")
    assert found in page.locator(".md-search-result__list").inner_text()
    hrefs = results.evaluate_all("links => links.map(a => a.href)")
    assert hrefs and all(href.startswith(web.url + prefix(lang)) for href in hrefs)
    if lang == "en":  # English pages are at the root: none of them is a French or Japanese page
        assert not any(href.startswith((web.url + "fr/", web.url + "ja/")) for href in hrefs)


@pytest.mark.parametrize("lang, for_classic, all_editions, showing_bb2020", [
    ("fr", "Cette page ne concerne que l'édition classique.", "Toutes les éditions", "Édition affichée\u00a0: BB2020"),
    ("ja", "このページはクラシックだけのものです。", "すべてのエディション", "表示中のエディション：BB2020"),
    ("en", "This page is for Classic only.", "All editions", "Showing BB2020 only"),
])
def test_the_picker_tells_the_truth_on_a_page_of_one_edition(open_page, web, lang, for_classic, all_editions,
                                                             showing_bb2020):
    page = open_page(viewport=PHONE)
    page.goto(web.url + prefix(lang) + "sequences/pass-action-classic/")
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")
    picker = page.locator(".nc-edition-picker")
    shown = picker.inner_text()
    assert for_classic in shown
    selected = page.evaluate(f"() => document.querySelector('{PICKER}').selectedOptions[0].text")
    assert selected != all_editions and all_editions not in shown
    page.select_option(PICKER, "bb2020")  # another edition: the page's banner points to it
    page.wait_for_function("() => document.documentElement.dataset.ncEdition === 'bb2020'")
    assert showing_bb2020 not in picker.inner_text()
    assert page.locator('.nc-edition-banner[data-edition-only="bb2020"]').is_visible()
    page.select_option(PICKER, "classic")  # the page's own edition: "showing Classic only" is true here
    page.wait_for_function("() => document.documentElement.dataset.ncEdition === 'classic'")
    assert for_classic in picker.inner_text()
    # a page of every edition names the empty choice as this page does (review 6, finding 14), and has no
    # such sentence
    empty = page.evaluate(f"() => document.querySelector('{PICKER}').options[0].text")
    page.goto(web.url + prefix(lang) + "skills/agility/")
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")
    assert page.evaluate(f"() => document.querySelector('{PICKER}').options[0].text") == empty != all_editions
    assert page.locator(".nc-edition-page").count() == 0
