"""Shared fixtures: the real data loaded once, and the real site built and served once per session."""
from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest
from waitress.server import create_server

from plugins.data import load_repository
from plugins.data.export import rules_export
from plugins.serve import make_app

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo():
    """The validated Repository of data/ (a DataError here means the data itself is broken)."""
    return load_repository(PROJECT / "data")


@pytest.fixture(scope="session")
def rulebook(repo):
    """The rules dict the calculators receive, exported from the real data."""
    return rules_export(repo)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The real three-language site, built strictly into a temporary folder and served on 127.0.0.1.

    Yields an object with `.dir` (Path) and `.url` (root URL ending in '/'). The site is built for the
    port it is served on, so Material's instant navigation stays on.
    """
    from plugins.build import build_site

    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    out = tmp_path_factory.mktemp("site")
    build_site(site_dir=out, site_url=url)
    # The server of `make serve` (compressed siblings, cache headers), so tests see what readers get.
    server = create_server(make_app(out), host="127.0.0.1", port=port, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()

    class Site:
        dir = out

    Site.url = url
    yield Site
    server.close()


CHROMIUM = "/usr/bin/chromium"  # Debian's package; never a downloaded browser
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def chromium():
    """Headless Debian Chromium driven by Playwright (shared by every browser test)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
