"""Installable and offline: the manifest is linked, the service worker precaches the reader's language
(and of Material's search scripts only those its search loads), and after ONE online visit to a calculator
page a reader who goes offline still reads pages and computes, on that page and on another calculator page
of the same language never opened. A first visit caches nothing of the other languages; "save for offline
use" caches the runtime and every language. Pages are cached under their path, whatever their query."""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from fractions import Fraction

import pytest

from calculators.api import handle
from plugins.calc.bundle import PYODIDE_VERSION, RUNTIME_FILES

pytestmark = [pytest.mark.browser, pytest.mark.cold_profile]  # first visits: what a reader without any cache gets

DONE = '[data-result][data-state="done"]'
# Material's search-language scripts, which the service worker should precache only where search uses them.
LUNR = "assets/javascripts/lunr/"
RUNTIME_CACHE = f"nuffle-runtime-{PYODIDE_VERSION}"  # the service worker's cache of this runtime version
PHONE = {"width": 360, "height": 780}


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
ALL_CACHED = """async ({runtime, rules, name}) => {
    const cache = await caches.open(name);
    for (const url of runtime) if (!(await cache.match(url))) return false;
    for (const name of await caches.keys()) {
        if (name.startsWith('nuffle-pages-') && await (await caches.open(name)).match(rules)) return true;
    }
    return false;
}"""


ST = 'form[data-calculator] [data-name="attacker_st"] input'


def shown(page, field: str) -> str:
    """The text of a result field, with the no-break spaces of French numbers made plain."""
    return page.text_content(f'[data-result] [data-field="{field}"]').replace("\u202f", " ").replace("\u00a0", " ")


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
    # Pyodide's files, kept once it has run (the runtime behind MicroPython, js/engine.mjs): Pyodide alone here.
    # MicroPython offline after a first visit: tests/browser/test_micropython_first.py.
    page.add_init_script("window.nuffleRuntime = 'pyodide'")
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
    wanted = {**page.evaluate(KEPT_URLS, list(RUNTIME_FILES)), "name": RUNTIME_CACHE}
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
    other.add_init_script("window.nuffleRuntime = 'pyodide'")
    other.goto(web.url + "fr/calculators/armour/?av=9")
    assert other.title().startswith("Calculateur d'armure")
    assert other.evaluate(KEPT_URLS, list(RUNTIME_FILES)) == {k: v for k, v in wanted.items() if k != "name"}
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
    """The Japanese glossary has its throw-in calculator far down a long page: opening the page starts no
    Python (the pre-rendered result stays; only the service worker precaches MicroPython's small runtime);
    scrolling to the calculator starts it, and it computes."""
    runtime: list[str] = []
    # the page's and its workers' requests: the service worker precaches MicroPython's small runtime on its own
    page.context.on("request", lambda r: runtime.append(r.url)
                    if ("/pyodide/" in r.url or "/micropython/" in r.url) and r.service_worker is None else None)
    page.goto(web.url + "ja/glossary/")
    page.wait_for_load_state("networkidle")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # registered without waiting for Python
    box = page.locator('.nc-calculator:has(form[data-calculator="throw-in"])')
    assert box.evaluate("el => el.getBoundingClientRect().top") > 3 * page.viewport_size["height"]
    assert box.locator("[data-result]").get_attribute("data-state") == "prerendered"
    assert runtime == [] and not [w for w in page.workers if "calc-worker" in w.url or "mp-worker" in w.url]

    box.scroll_into_view_if_needed()
    page.wait_for_selector(f'.nc-calculator:has(form[data-calculator="throw-in"]) {DONE}', state="attached")
    assert any(url.endswith(".wasm") for url in runtime), runtime  # MicroPython's, the runtime that starts first
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
        assert box.locator('[data-field="out_again"]').text_content().startswith(result["out_again"]["exact"] + " ")


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


def _own_language_cached(page, web, prefix: str) -> None:
    """Wait until the service worker has precached the pages of the language at `prefix` (its own list)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wanted = [web.url + url for url in precache(web)[prefix]]
    deadline = time.monotonic() + 120
    while not page.evaluate(IN_PAGES_CACHE, wanted):
        assert time.monotonic() < deadline, "the reader's language was not cached"
        page.wait_for_timeout(500)


def _outside(web, urls: list[str], prefix: str) -> list[str]:
    """The URLs of `urls` that belong to another language than `prefix`'s, or to the Python runtime."""
    root_files = {"manifest.webmanifest", "icon-192.png", "icon-512.png", "favicon.ico"}
    out = []
    for url in urls:
        rel = url.removeprefix(web.url).split("?")[0]
        if not url.startswith(web.url) or rel.startswith(prefix) or rel in root_files or rel == "sw.js":
            continue
        if rel.endswith("sitemap.xml"):  # Material's instant navigation reads the sitemaps (its links' scope)
            continue
        out.append(rel)
    return out


def test_a_first_visit_caches_its_own_language_only(context, web):
    """Issue 26, item 11: a French reader opens the French home page once, on a phone. The service worker
    caches the French pages and nothing else: no page of another language, no Pyodide (before, it quietly
    fetched the other two languages, about 560 requests); only the small MicroPython runtime and the rules, so
    that the calculators answer offline too (0.4 MB, tests/browser/test_micropython_first.py). Offline, a French page opens; a page that
    was not cached, in any language, answers with the offline page in French, the reader's language."""
    page = context.new_page()
    page.set_viewport_size(PHONE)
    fetched: list[str] = []
    context.on("request", lambda r: fetched.append(r.url))
    page.goto(web.url + "fr/")
    _own_language_cached(page, web, "fr/")
    # The other languages were fetched once the browser was idle again, a few seconds after this point.
    page.wait_for_timeout(12_000)
    assert [rel for rel in _outside(web, fetched, "fr/")
            if not rel.startswith("micropython/") and rel != "api/v1/rules.json"] == []

    context.set_offline(True)
    try:
        page.goto(web.url + "fr/glossary/")
        assert page.locator("html").get_attribute("lang") == "fr" and "Glossaire" in page.title()
        for path in ("fr/no-such-page/", "ja/glossary/", "glossary/", "no-such-page/"):
            page.goto(web.url + path)
            assert page.locator("article h1").inner_text() == "Vous êtes hors ligne", path
            assert page.locator("html").get_attribute("lang") == "fr", path
            # review 3 (D9): it promised every language after one visit; it now says what one visit saves
            said = " ".join(page.locator("article").inner_text().split())
            assert "Une visite en ligne enregistre les pages de la langue que vous lisez" in said, path
            assert "toutes les langues" not in said, path
    finally:
        context.set_offline(False)


FIRST_VISIT_BUDGET = 2_000_000  # bytes: issue 26, item 11, "a first visit that costs ≤ 2 MB"


def test_a_first_visit_to_the_french_home_page_costs_at_most_2_mb_and_still_reads_offline(context, web):
    """Issue 26, item 11: a French reader opens the home page once, on a phone, and the service worker caches
    the French pages for offline reading. Before, it fetched them one by one: about 420 requests, 4.2 MB as
    sent (each page compressed on its own). It now takes them in one pack (plugins/calc/pagepack.py): every
    byte the page and its service worker received stays within 2 MB, and a French page never opened reads
    offline, with the site's security headers."""
    page = context.new_page()
    page.set_viewport_size(PHONE)
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    page.goto(web.url + "fr/")
    _own_language_cached(page, web, "fr/")
    page.wait_for_timeout(3_000)  # anything the worker still had on its way
    received = sum(size["responseBodySize"] + size["responseHeadersSize"]
                   for size in (request.sizes() for request in list(finished)))
    assert received <= FIRST_VISIT_BUDGET, f"{received / 1e6:.2f} MB in {len(finished)} requests"

    context.set_offline(True)
    try:
        response = page.goto(web.url + "fr/rulings/")
        assert page.locator("html").get_attribute("lang") == "fr" and page.locator("article h1").count() == 1
        assert page.locator("article h1").inner_text() != "Vous êtes hors ligne"
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["content-type"].startswith("text/html")
    finally:
        context.set_offline(False)


SAVE = "Enregistrer pour une utilisation hors ligne"


def test_save_for_offline_on_the_french_home_page_then_compute_and_read_every_language(context, web, rules):
    """Issue 26, item 10: a French reader on a phone visits only the home page, which promises offline use.
    Before, a calculator offline then said that Python could not be loaded. The home page now has a "save for
    offline use" button, in French, with what it downloads; once saved, offline, a calculator never opened
    computes in Python and the other languages open (their offline pages too)."""
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(web.url + "fr/")
    promise = page.locator("article p").filter(has_text="Hors ligne.").first
    assert SAVE in promise.inner_text()  # the promise says what to do, with the button's own name
    button = page.get_by_role("button", name=SAVE)
    button.scroll_into_view_if_needed()
    assert button.is_visible()
    size = page.locator("[data-offline-save-size]")
    page.wait_for_function("el => /^Environ \\d+,\\d Mo /.test(el.textContent)", arg=size.element_handle())
    button.click()
    status = page.locator("[data-offline-save-status]")
    page.wait_for_function("el => el.textContent.startsWith('Enregistré\u00a0:')", arg=status.element_handle(),
                           timeout=240_000)
    assert status.get_attribute("role") == "status"

    context.set_offline(True)
    try:
        calc = context.new_page()
        calc.set_viewport_size(PHONE)
        calc.goto(web.url + "fr/calculators/block/")
        calc.wait_for_selector('[data-result]:is([data-state="done"], [data-state="error"])', state="attached")
        assert calc.eval_on_selector("[data-result]", "el => el.dataset.state") == "done", shown(calc, "status")
        # ST 7 against ST 2 (two fields from the form as built): Python answers, offline.
        calc.fill('form[data-calculator] [data-name="defender_st"] input', "2")
        set_st(calc, 7)
        assert calc.eval_on_selector("[data-result]", "el => el.dataset.source") == "python"
        request = {"kind": "block", "edition": calc.input_value('form[data-calculator] [name="edition"]'),
                   "attacker_st": 7, "defender_st": 2}
        exact = handle(request, rules)["result"]["totals"]["defender_knocked_down"]["exact"]
        assert shown(calc, "totals.defender_knocked_down").startswith(exact + " ")
        calc.goto(web.url + "ja/glossary/")
        assert calc.locator("html").get_attribute("lang") == "ja" and "用語集" in calc.title()
        calc.goto(web.url + "rulings/")
        assert calc.locator("html").get_attribute("lang") == "en"
        calc.goto(web.url + "ja/no-such-page/")
        assert calc.locator("article h1").inner_text() == "オフラインです"
    finally:
        context.set_offline(False)


# Every entry of every cache of the site's service worker, as "cache-name url".
ALL_ENTRIES = """async () => {
    const out = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) out.push(name + ' ' + request.url);
    }
    return out;
}"""


def test_many_query_strings_do_not_grow_the_caches(context, web):
    """Issue 24, item 4: links to one page with many distinct query strings (a calculator's form travels in
    its query) are stored once, under the page's path; the runtime only under its versioned name. Before,
    the service worker cached every URL with its query, so storage grew without limit."""
    page = context.new_page()
    page.goto(web.url + "fr/")
    _own_language_cached(page, web, "fr/")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    before = set(page.evaluate(ALL_ENTRIES))
    runtime = f"pyodide/{PYODIDE_VERSION}/{RUNTIME_FILES[0]}"
    page.evaluate("""async ([urls]) => { for (const url of urls) await (await fetch(url)).arrayBuffer(); }""",
                  [[f"{web.url}{path}?n={n}" for n in range(30)
                    for path in ("fr/calculators/block/", "fr/assets/nuffle/offline.js", "api/v1/index.json", runtime)]])
    for n in range(3):
        page.goto(web.url + f"fr/glossary/?attacker_st={n}")
    added = set(page.evaluate(ALL_ENTRIES)) - before
    assert not [entry for entry in added if "?" in entry], sorted(added)[:5]
    # Material's instant navigation reads the sitemaps on page loads (see `_outside`); whether
    # they reach the cache before or after `before` was taken is a race (it failed CI once), so they are
    # allowed here: one entry each, under their path, like any page.
    sitemaps = {f"{lang}sitemap.xml" for lang in ("", "fr/", "ja/")}
    assert added <= {f"nuffle-pages-{name} {web.url}{path}" for name in _builds(before | added)
                     for path in {"api/v1/index.json"} | sitemaps} | {
        f"{RUNTIME_CACHE} {web.url}{runtime}"}, sorted(added)


def _builds(entries: set[str]) -> set[str]:
    return {entry.split(" ")[0].removeprefix("nuffle-pages-") for entry in entries if entry.startswith("nuffle-pages-")}


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
