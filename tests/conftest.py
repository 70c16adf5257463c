"""Shared fixtures: the real data loaded once, and the real site built and served once per session."""
from __future__ import annotations

import contextlib
import json
import os
import signal
from pathlib import Path

import pytest

from plugins.data.export import rules_export

from real_data import real_repository
from site_server import BUILDER_PID, SITE_RECORD, built_site, start_background_build

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo():
    """The validated Repository of data/ (a DataError here means the data itself is broken), the one the test
    modules read at collection too (tests/real_data.py)."""
    return real_repository(PROJECT / "data")


@pytest.fixture(scope="session")
def rulebook(repo):
    """The rules dict the calculators receive, exported from the real data."""
    return rules_export(repo)


def _shared_folder(tmp_path_factory, worker_id: str) -> Path:
    """A folder every test process of this run sees: the run's base temp folder (its parent under xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def _run_folder(config) -> Path:
    """The same folder as `_shared_folder`, from a hook (no fixtures there)."""
    base = config._tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


def _needs_our_site(item) -> bool:
    """Whether the test uses the site this run builds (the browser tests use NUFFLE_BROWSER_SITE's when set)."""
    return "site" in item.fixturenames or ("web" in item.fixturenames and not os.environ.get("NUFFLE_BROWSER_SITE"))


def pytest_collection_modifyitems(config, items):
    """Run the tests that need no built site first, and start building the site for the others at once,
    in the background (tests/site_server.py): the workers are busy meanwhile instead of waiting on the build.

    The order is the same in every test process (xdist requires it). Only the first worker (or the only
    process) starts the build; with NUFFLE_BROWSER_SITE the browser tests use that site, but the site tests
    still need ours.
    """
    items.sort(key=_needs_our_site)  # stable: the collection order within each group
    worker = getattr(config, "workerinput", {}).get("workerid", "master")
    if worker in ("master", "gw0") and items and _needs_our_site(items[-1]):  # sorted: the last one tells
        start_background_build(_run_folder(config))


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id):
    """The real three-language site, built strictly once per test run and served on 127.0.0.1.

    Yields an object with `.dir` (Path) and `.url` (root URL ending in '/'). The site is built for the
    port it is served on, so Material's instant navigation stays on. The build starts in the background
    once the tests are collected; under `pytest -n` every worker shares it (tests/site_server.py: a file
    lock and a record); the server is stopped when the run ends (`pytest_sessionfinish`).
    """
    info = built_site(_shared_folder(tmp_path_factory, worker_id))

    class Site:
        dir = Path(info["dir"])
        url = info["url"]

    yield Site


def pytest_sessionfinish(session):
    """Stop the site server once the whole run is over (the controller under xdist, else the one process)."""
    if hasattr(session.config, "workerinput"):
        return
    base = session.config._tmp_path_factory.getbasetemp()  # the run's own folder, where workers' folders are
    builder = base / BUILDER_PID  # a background build still going (a run stopped early): stop it
    if builder.is_file():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.killpg(int(builder.read_text(encoding="utf-8")), signal.SIGTERM)
    record = base / SITE_RECORD
    if record.is_file():
        pid = json.loads(record.read_text(encoding="utf-8"))["pid"]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGTERM)
        record.unlink()


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
