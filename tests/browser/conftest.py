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


@pytest.fixture
def context(chromium):
    """A fresh profile (empty cache, no service worker installed yet) per test, in the session's Chromium (tests/conftest.py)."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    """A page that fails the test on any uncaught script error or dialog (alert from injected markup)."""
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))

    def on_dialog(dialog):
        problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    tab.on("dialog", on_dialog)
    yield tab
    assert not problems, problems
