"""Browser fixtures: a fresh Chromium context per test (the `chromium` fixture of tests/conftest.py),
against the real built site.

`web` is the `site` fixture of tests/conftest.py (the three languages built into a temporary folder and
served on 127.0.0.1). While data/ does not build, point the tests at a site you serve yourself with
NUFFLE_BROWSER_SITE=http://127.0.0.1:<port>/ (its api/v1/rules.json is then the rulebook).
"""
from __future__ import annotations

import json
import os
import urllib.request
from types import SimpleNamespace

import pytest

TIMEOUT_MS = 90_000  # a cold Pyodide start takes 3-5 s here, much more on a busy 2-core box


@pytest.fixture(scope="session")
def web(request):
    """The served site: `.url` (root URL ending in '/') and `.dir` (None for NUFFLE_BROWSER_SITE)."""
    url = os.environ.get("NUFFLE_BROWSER_SITE")
    if url:
        return SimpleNamespace(url=url.rstrip("/") + "/", dir=None)
    return request.getfixturevalue("site")


@pytest.fixture(scope="session")
def rules(request, web):
    """The rules the resolver gets in Python: the real data export (or the served one, see above)."""
    if web.dir is None:
        with urllib.request.urlopen(web.url + "api/v1/rules.json") as response:
            return json.load(response)
    return request.getfixturevalue("rulebook")


DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def context(chromium):
    """A fresh profile (empty cache, no service worker installed yet) per test, in the session's Chromium
    (tests/conftest.py): for the tests about a cold start, offline use, the snapshot or every request made."""
    ctx = chromium.new_context(viewport=DESKTOP, bypass_csp=True)  # see open_page
    ctx.set_default_timeout(TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def warm_contexts(chromium):
    """Browser profiles kept for the whole run, one per set of context options: their HTTP cache keeps the
    Python runtime and its compiled code, so a test does not download and compile it again (see `open_page`)."""
    contexts: dict[str, object] = {}
    yield contexts
    for ctx in contexts.values():
        _CLEANERS.pop(id(ctx), None)
        ctx.close()


def _guard(tab, problems: list[str]) -> None:
    """Record any uncaught script error or dialog (an alert from injected markup) of `tab` in `problems`."""
    tab.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))

    def on_dialog(dialog):
        problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    tab.on("dialog", on_dialog)


@pytest.fixture
def open_page(warm_contexts, chromium, web):
    """`open_page(viewport=DESKTOP, **context_options)` opens a tab in a warm profile with those options (service
    workers blocked unless `service_workers="allow"` is given). The test fails on any uncaught script error or
    dialog of its tabs. After the test its tabs are closed and the site's stored values (the edition chosen,
    Material's settings) are cleared, so the next test starts as a first visit but for the HTTP cache.
    """
    opened: list[tuple[object, list[str]]] = []
    used: dict[str, object] = {}

    def open_(viewport: dict = DESKTOP, **options):
        options.setdefault("service_workers", "block")
        # The site's Content-Security-Policy refuses what the test tools inject (axe-core, the polling of
        # wait_for_function), as it should; the policy itself is tested page by page, with no bypass, in
        # tests/security/test_csp_browser.py.
        options.setdefault("bypass_csp", True)
        key = repr(sorted(options.items()))
        ctx = warm_contexts.get(key)
        if ctx is None:
            ctx = warm_contexts[key] = chromium.new_context(viewport=DESKTOP, **options)
            ctx.set_default_timeout(TIMEOUT_MS)
        used[key] = ctx
        tab = ctx.new_page()
        tab.set_viewport_size(viewport)
        problems: list[str] = []
        _guard(tab, problems)
        opened.append((tab, problems))
        return tab

    yield open_
    for tab, _ in opened:
        tab.close()
    for key, ctx in used.items():
        if "'java_script_enabled', False" not in key:  # no script ran there: nothing was stored
            _forget_the_site(ctx, web.url)
    problems = [p for _, found in opened for p in found]
    assert not problems, problems


_CLEANERS: dict[int, object] = {}  # id(warm profile) -> its tab kept on the site's manifest, see _forget_the_site


def _forget_the_site(ctx, url: str) -> None:
    """Clear the site's cookies and storage in a warm profile (its HTTP cache stays), once the test's tabs are
    closed. From a tab of the profile kept open on the site's manifest (same origin, so the same storage; no
    script of the site runs there): opening and loading a tab for this after every test cost more than the
    clearing itself."""
    ctx.clear_cookies()
    tab = _CLEANERS.get(id(ctx))
    if tab is None or tab.is_closed():
        tab = _CLEANERS[id(ctx)] = ctx.new_page()
        tab.goto(url + "manifest.webmanifest")
    tab.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


@pytest.fixture
def page(request, open_page):
    """A tab that fails the test on any uncaught script error or dialog: in the test's own fresh `context` when
    it asks for one or is marked `cold_profile`, else in a warm profile (see `open_page`)."""
    if "context" not in request.fixturenames and request.node.get_closest_marker("cold_profile") is None:
        yield open_page()
        return
    tab = request.getfixturevalue("context").new_page()
    problems: list[str] = []
    _guard(tab, problems)
    yield tab
    assert not problems, problems
