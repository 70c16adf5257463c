"""Installable and offline: the manifest is linked, the service worker precaches the reader's language
(and of Material's search scripts only those its search loads), and after ONE online visit to a calculator
page a reader who goes offline still reads pages and computes, on that page and on another calculator page
of the same language never opened."""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from fractions import Fraction

import pytest

from calculators.api import handle
from plugins.calc.bundle import RUNTIME_FILES

pytestmark = [pytest.mark.browser, pytest.mark.cold_profile]  # first visits: what a reader without any cache gets

DONE = '[data-result][data-state="done"]'
# Material's search-language scripts, which the service worker should precache only where search uses them.
LUNR = "assets/javascripts/lunr/"


def test_manifest_is_linked_and_complete(web):
    with urllib.request.urlopen(web.url + "manifest.webmanifest") as response:
        manifest = json.load(response)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    with urllib.request.urlopen(web.url + "fr/glossary/") as response:
        html = response.read().decode("utf-8")
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in html


def precache(web) -> dict[str, list[str]]:
    """The precache lists written into the served sw.js, by language prefix."""
    with urllib.request.urlopen(web.url + "sw.js") as response:
        script = response.read().decode("utf-8")
    return json.loads(re.search(r"const PRECACHE = (\{.*?\});", script).group(1))


# The files a page's Python uses (the runtime files Pyodide loads, the calculators zip and snapshot, the rules),
# absolute, from the build's runtime.json (its paths are relative to the site root).
KEPT_URLS = """async (files) => {
    const script = document.querySelector('script[src*="assets/nuffle/nuffle.js"]');
    const settingsURL = new URL('runtime.json', script.src);
    const settings = await (await fetch(settingsURL)).json();
    const root = new URL(document.documentElement.lang.startsWith('en') ? '../../' : '../../../', settingsURL);
    const dir = new URL(settings.runtime, root);
    const names = [...files, settings.package, settings.snapshot];
    return {runtime: names.map((name) => new URL(name, dir).href), rules: new URL(settings.rules, root).href};
}"""
# True once every URL is in the cache named (the runtime cache) or, for `rules`, in a pages cache.
ALL_CACHED = """async ({runtime, rules}) => {
    const cache = await caches.open('nuffle-runtime');
    for (const url of runtime) if (!(await cache.match(url))) return false;
    for (const name of await caches.keys()) {
        if (name.startsWith('nuffle-pages-') && await (await caches.open(name)).match(rules)) return true;
    }
    return false;
}"""


ST = 'form[data-calculator] [data-name="attacker_st"] input'


def shown(page, field: str) -> str:
    """The text of a result field, with the no-break spaces of French numbers made plain."""
    return page.inner_text(f'[data-result] [data-field="{field}"]').replace("\u202f", " ").replace("\u00a0", " ")


def set_st(page, value: int) -> None:
    """Type the attacker's ST and wait for the in-browser answer to that form."""
    page.fill(ST, str(value))
    page.wait_for_function("""st => document.querySelector('[data-result]').dataset.state === 'done'
        && new URLSearchParams(location.search).get('attacker_st') === st""", arg=str(value))


def test_one_visit_then_offline_reads_and_computes(context, web, rules):
    """The new reader's path: open the French block calculator once, change a field, and once the service
    worker is active go offline and reload. Before, the runtime was fetched before the service worker
    controlled the page and never kept: offline, "Python n'a pas pu être chargé"."""
    page = context.new_page()
    page.goto(web.url + "fr/calculators/block/")
    page.wait_for_selector(DONE, state="attached")
    # ST 4 against ST 3: two block dice, the attacker chooses. Without skills, three faces of six knock
    # the defender down (Defender Down, Defender Stumbles, Both Down), so 1 - (3/6)^2 = 3/4.
    set_st(page, 4)
    request = {"kind": "block", "edition": page.input_value('form[data-calculator] [name="edition"]'),
               "attacker_st": 4, "defender_st": 3}
    assert handle(request, rules)["result"]["totals"]["defender_knocked_down"]["exact"] == "3/4"
    assert shown(page, "totals.defender_knocked_down") == "3/4 (75,0 %)"

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # The page asks the active service worker to keep what its Python used; that takes a moment (from the
    # HTTP cache). Before, these files were never kept, and this wait failed.
    wanted = page.evaluate(KEPT_URLS, list(RUNTIME_FILES))
    deadline = time.monotonic() + 30
    while not page.evaluate(ALL_CACHED, wanted):  # evaluate awaits the check (wait_for_function would not)
        assert time.monotonic() < deadline, f"not kept for offline use: {wanted}"
        page.wait_for_timeout(200)

    context.set_offline(True)
    page.reload()
    page.wait_for_selector('[data-result]:is([data-state="done"], [data-state="error"])', state="attached")
    assert page.eval_on_selector("[data-result]", "el => el.dataset.state") == "done", shown(page, "status")
    assert page.input_value(ST) == "4"
    assert shown(page, "totals.defender_knocked_down") == "3/4 (75,0 %)"
    # ... and computes a new value offline: ST 7 against ST 3 is three dice, 1 - (3/6)^3 = 7/8.
    set_st(page, 7)
    assert handle({**request, "attacker_st": 7}, rules)["result"]["totals"]["defender_knocked_down"]["exact"] == "7/8"
    assert shown(page, "totals.defender_knocked_down") == "7/8 (87,5 %)"

    # Another French calculator page, never opened: it was precached at install, and it computes with the
    # same runtime files (its form names the same ones).
    other = context.new_page()
    other.goto(web.url + "fr/calculators/armour/?av=9")
    assert other.title().startswith("Calculateur d'armure")
    assert other.evaluate(KEPT_URLS, list(RUNTIME_FILES)) == page.evaluate(KEPT_URLS, list(RUNTIME_FILES))
    other.wait_for_selector('[data-result]:is([data-state="done"], [data-state="error"])', state="attached")
    assert other.eval_on_selector("[data-result]", "el => el.dataset.state") == "done", shown(other, "status")
    # With no edition chosen, a calculator computes the newest one (issue 26, item 6): BB2025 armour breaks
    # on a 2D6 roll of AV 9+ or more: 9 to 12, 10 chances in 36.
    form = {"kind": "armour", "edition": other.input_value('form[data-calculator] [name="edition"]'), "av": 9}
    assert form["edition"] == "bb2025" and handle(form, rules)["result"]["armour_broken"]["exact"] == "5/18"
    assert shown(other, "armour_broken") == "5/18 (27,8 %)"
    # a plain page of the same language, never opened, reads too
    other.goto(web.url + "fr/glossary/")
    assert "Glossaire" in other.title()
    context.set_offline(False)


def test_a_far_calculator_starts_python_only_when_the_reader_gets_near(page, web, rules):
    """The Japanese glossary has its throw-in calculator far down a long page: opening the page loads no
    Python (the pre-rendered result stays); scrolling to the calculator starts it, and it computes."""
    runtime: list[str] = []
    page.context.on("request", lambda r: runtime.append(r.url) if "/pyodide/" in r.url else None)
    page.goto(web.url + "ja/glossary/")
    page.wait_for_load_state("networkidle")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # registered without waiting for Python
    box = page.locator('.nc-calculator:has(form[data-calculator="throw-in"])')
    assert box.evaluate("el => el.getBoundingClientRect().top") > 3 * page.viewport_size["height"]
    assert box.locator("[data-result]").get_attribute("data-state") == "prerendered"
    assert runtime == [] and not [w for w in page.workers if "calc-worker" in w.url]

    box.scroll_into_view_if_needed()
    page.wait_for_selector(f'.nc-calculator:has(form[data-calculator="throw-in"]) {DONE}', state="attached")
    assert any(url.endswith("pyodide.asm.wasm") for url in runtime), runtime
    edition = box.locator('select[name="edition"]').input_value()
    for square in ((24, 14), (0, 7)):
        box.locator(f'rect[data-square="{square[0]},{square[1]}"]').click()
        box.locator('button[data-pick-field="square"]').click()  # the chosen square into the form (pitch.js)
        page.wait_for_function("""sq => {
            const box = document.querySelector('.nc-calculator:has(form[data-calculator="throw-in"])');
            return box.querySelector('[data-result]').dataset.state === 'done'
                && box.querySelector('input[name="square.x"]').value === String(sq[0])
                && box.querySelector('input[name="square.y"]').value === String(sq[1]); }""", arg=list(square))
        result = handle({"kind": "throw-in", "edition": edition, "square": list(square)}, rules)["result"]
        assert Fraction(result["out_again"]["exact"]) > 0  # an edge square near a corner: it may go out again
        assert box.locator('[data-field="out_again"]').inner_text().startswith(result["out_again"]["exact"] + " ")


def test_a_far_calculator_starts_when_the_reader_touches_it(page, web):
    """Reaching the form without scrolling the page near it (keyboard focus) starts Python too."""
    page.goto(web.url + "ja/glossary/")
    page.wait_for_load_state("networkidle")
    box = page.locator('.nc-calculator:has(form[data-calculator="throw-in"])')
    assert box.locator("[data-result]").get_attribute("data-state") == "prerendered"
    # focus() without scrolling, as a screen reader's jump may do
    box.locator('select[name="edition"]').evaluate("el => { el.focus({preventScroll: true}); }")
    page.wait_for_selector(f'.nc-calculator:has(form[data-calculator="throw-in"]) {DONE}', state="attached")


def _search(context, web, prefix: str, query: str) -> list[str]:
    """Search once on the language's home page; every URL the page and its workers requested."""
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    tab = context.new_page()
    tab.goto(web.url + prefix)
    tab.locator("input.md-search__input").click()
    tab.keyboard.insert_text(query)
    tab.keyboard.press("End")
    tab.wait_for_selector(".md-search-result__item")
    tab.wait_for_load_state("networkidle")
    return seen


@pytest.mark.parametrize("lang, query", [("en", "block"), ("fr", "blocage"), ("ja", "ブロック")])
def test_the_precache_holds_the_search_scripts_that_search_loads_and_no_other(chromium, web, lang, query):
    """A search in each language, without a service worker: the lunr scripts Material's search worker
    requests are exactly those the service worker precaches for that language (French: lunr.fr and
    lunr.stemmer.support; English and Japanese, whose search runs with `lang: en`: none). Before, every
    language precached all 34 of them (1.3 MB, a third of the first visit's requests)."""
    prefix = "" if lang == "en" else f"{lang}/"
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        seen = _search(context, web, prefix, query)
    finally:
        context.close()
    loaded = {url.removeprefix(web.url) for url in seen if url.startswith(web.url + prefix + LUNR)}
    listed = precache(web)[prefix]
    assert {url for url in listed if url.startswith(prefix + LUNR)} == loaded
    if lang == "fr":
        assert loaded == {f"fr/{LUNR}min/lunr.fr.min.js", f"fr/{LUNR}min/lunr.stemmer.support.min.js"}
    # every script and index the search used is precached, so search works offline
    used = {url.removeprefix(web.url) for url in seen if url.startswith(web.url + prefix)
            and re.search(r"/(assets/javascripts/|search/search_index\.json)", url)}
    assert used and used <= set(listed), used - set(listed)


# ---------------------------------------------------------------- issue 11, defect 8: offline in every language

# True once every URL given is in a pages cache of the service worker.
IN_PAGES_CACHE = """async (urls) => {
    for (const name of await caches.keys()) {
        if (!name.startsWith('nuffle-pages-')) continue;
        const cache = await caches.open(name);
        let all = true;
        for (const url of urls) if (!(await cache.match(url))) { all = false; break; }
        if (all) return true;
    }
    return false;
}"""


def test_after_one_visit_every_language_reads_offline(context, web):
    """A French reader opens the French home page once (no calculator). Once the service worker is active
    the English and Japanese pages are cached too: offline, the language switch's targets open, and a page
    that was never cached answers with the offline page in its language. Before, only French was cached:
    the Japanese glossary gave the browser's own error page."""
    page = context.new_page()
    page.goto(web.url + "fr/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wanted = [web.url + path for path in ("ja/glossary/", "glossary/", "ja/offline.html", "offline.html",
                                           "fr/offline.html", "ja/rulings/")]
    deadline = time.monotonic() + 120
    while not page.evaluate(IN_PAGES_CACHE, wanted):
        assert time.monotonic() < deadline, "the other languages were not cached"
        page.wait_for_timeout(500)

    context.set_offline(True)
    try:
        page.goto(web.url + "ja/glossary/")
        assert page.locator("html").get_attribute("lang") == "ja" and "用語集" in page.title()
        page.goto(web.url + "rulings/")
        assert page.locator("html").get_attribute("lang") == "en"
        for lang, heading in (("fr", "Vous êtes hors ligne"), ("ja", "オフラインです")):
            page.goto(web.url + f"{lang}/no-such-page/")
            assert page.locator("article h1").inner_text() == heading
            assert page.locator("html").get_attribute("lang") == lang
        page.goto(web.url + "no-such-page/")  # outside French and Japanese: the reader's language
        assert page.locator("article h1").inner_text() == "Vous êtes hors ligne"
    finally:
        context.set_offline(False)


@pytest.mark.parametrize("lang, heading", [("", "Page not found"), ("fr/", "Page introuvable"),
                                           ("ja/", "ページが見つかりません")])
def test_the_404_page_is_translated(web, lang, heading):
    """Before, every language's 404 page said "404 - Not found" in English."""
    try:
        urllib.request.urlopen(web.url + lang + "no-such-page/")
    except urllib.error.HTTPError as error:
        assert error.code == 404
        body = error.read().decode("utf-8")
    else:
        pytest.fail("no 404")
    assert f"<h1>{heading}</h1>" in body and "404 - Not found" not in body
