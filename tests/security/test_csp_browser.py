"""The site works under its own Content-Security-Policy, in Chromium (issue 24, item 7).

The site is served as `make serve` serves it (plugins/serve.py, with the headers the build wrote): one
page of every kind in every language opens, search finds an entry, the service worker takes control and
a calculator computes its result in Pyodide, with no CSP violation reported by the page (the
`securitypolicyviolation` event) or by any worker (Chromium's console message).
"""
from __future__ import annotations

import re
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000  # a cold Pyodide start on a busy 2-core box
WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample || ''}`));
"""


LANGS = ("", "fr/", "ja/")
# Resolves once a service worker controls the page (`wait_for_function` would need the eval the policy forbids).
CONTROLLED = """new Promise(done => navigator.serviceWorker.controller ? done(true)
  : navigator.serviceWorker.addEventListener('controllerchange', () => done(true)))"""


def _page_kinds(site_url: str, prefix: str) -> list[str]:
    """One URL per kind of page of the language `prefix` ("", "fr/", "ja/"): its home page first, then the
    first page of each folder pattern in its sitemap (`skills/*`, `rulings/*`, `sequences/*`, the rulings
    index, …), then its 404 page."""
    chosen: dict[tuple, str] = {}
    with urllib.request.urlopen(f"{site_url}{prefix}sitemap.xml") as response:
        for url in re.findall(r"<loc>(.*?)</loc>", response.read().decode("utf-8")):
            parts = urlsplit(url).path.strip("/").split("/")
            parts = parts[1:] if parts and parts[0] in ("fr", "ja") else parts
            kind = tuple(parts[:1]) + (("*",) if len(parts) > 1 else ())
            if parts[:2] == ["rulings", "who-plays-it-how"]:  # the matrix: a kind of its own
                kind = tuple(parts[:2])
            chosen.setdefault(kind, url)
    home = f"{site_url}{prefix}"
    return [home] + sorted(set(chosen.values()) - {home}) + [f"{site_url}{prefix}no-such-page/"]


@pytest.fixture
def watched(chromium):
    """A fresh profile (service workers allowed) whose pages record every CSP violation: `(context, found)`."""
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(WATCH)
    found: list[str] = []

    def watch(page):
        page.on("console", lambda msg: found.append(f"{page.url}: {msg.text[:300]}")
                if "Content Security Policy" in msg.text or "Content-Security-Policy" in msg.text else None)
        page.on("pageerror", lambda exc: found.append(f"{page.url}: page error {exc}"))

    context.on("page", watch)
    yield context, found
    context.close()


def _violations(page) -> list[str]:
    return [f"{page.url}: {v}" for v in page.evaluate("window.__violations || []")]


def test_the_headers_are_sent_on_every_answer(site):
    for path in ("", "fr/rulings/", "pyodide/pyodide.mjs", "sw.js", "no-such-page/"):
        try:
            response = urllib.request.urlopen(site.url + path)
        except urllib.error.HTTPError as err:  # the 404 page
            response = err
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff", path


@pytest.mark.parametrize("prefix", LANGS, ids=["en", "fr", "ja"])
def test_every_kind_of_page_opens_with_no_violation(site, watched, prefix):
    """A reader of one language: the home page, its service worker installed and in control (so the pages
    after it come through the worker, as a returning reader's do), then one page of every kind."""
    context, found = watched
    page = context.new_page()
    urls = _page_kinds(site.url, prefix)
    assert len(urls) > 8  # home, skills, sequences, rulings, tables, glossary, … and the 404 page
    page.goto(urls[0], wait_until="load")
    page.evaluate(CONTROLLED)
    for url in urls:
        page.goto(url, wait_until="load")
        found += _violations(page)
    assert found == []


def test_search_the_service_worker_and_a_calculator_work_under_the_policy(site, watched):
    """The search worker finds an entry, sw.js takes control, and Pyodide (WebAssembly in the calculators'
    worker) computes the French Agility table's result."""
    context, found = watched
    page = context.new_page()
    page.goto(site.url + "fr/targets/agility-classic/", wait_until="load")
    page.wait_for_selector('[data-result][data-state="done"]', state="attached")  # from "prerendered"
    page.evaluate("navigator.serviceWorker.ready")
    page.reload(wait_until="load")
    assert page.evaluate("!!navigator.serviceWorker.controller")
    page.keyboard.press("/")  # Material's search shortcut: loads the search worker and the index
    page.fill("input[data-md-component=search-query]", "blocage")
    page.wait_for_selector(".md-search-result__item", state="attached")
    found += _violations(page)
    assert found == []
