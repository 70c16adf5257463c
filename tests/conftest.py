"""Shared fixtures: the real data loaded once, and the real site built and served once per session."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from filelock import FileLock

from plugins.data import load_repository
from plugins.data.export import rules_export

PROJECT = Path(__file__).resolve().parent.parent
SITE_RECORD = "site.json"  # where the run's built site is and who serves it (see `site`)


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


def _shared_folder(tmp_path_factory, worker_id: str) -> Path:
    """A folder every test process of this run sees: the run's base temp folder (its parent under xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def _wait_until_served(url: str, server: subprocess.Popen, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the site server stopped at once (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the site server did not answer {url} in {timeout_s:.0f} s")


def _build_and_serve(folder: Path) -> dict:
    """Build the real site strictly into `folder`/site for a free port, serve it there from a process of its
    own (so that it outlives the test worker that built it), and return {dir, url, pid}."""
    from plugins.build import build_site

    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    out = folder / "site"
    build_site(site_dir=out, site_url=url)
    # The server of `make serve` (compressed siblings, cache headers), so tests see what readers get.
    server = subprocess.Popen([sys.executable, "-m", "plugins.serve", "--port", str(port), "--directory", str(out)],
                              cwd=PROJECT, stdout=subprocess.DEVNULL, start_new_session=True)
    _wait_until_served(url, server)
    return {"dir": str(out), "url": url, "pid": server.pid}


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id):
    """The real three-language site, built strictly once per test run and served on 127.0.0.1.

    Yields an object with `.dir` (Path) and `.url` (root URL ending in '/'). The site is built for the
    port it is served on, so Material's instant navigation stays on. Under `pytest -n`, the first worker
    that asks builds it (the others wait on a file lock) and they all share it; the server is stopped when
    the run ends (`pytest_sessionfinish`).
    """
    folder = _shared_folder(tmp_path_factory, worker_id)
    with FileLock(folder / "site.lock"):
        record = folder / SITE_RECORD
        if record.is_file():
            info = json.loads(record.read_text(encoding="utf-8"))
        else:
            info = _build_and_serve(folder)
            record.write_text(json.dumps(info), encoding="utf-8")

    class Site:
        dir = Path(info["dir"])
        url = info["url"]

    yield Site


def pytest_sessionfinish(session):
    """Stop the site server once the whole run is over (the controller under xdist, else the one process)."""
    if hasattr(session.config, "workerinput"):
        return
    base = session.config._tmp_path_factory.getbasetemp()  # the run's own folder, where workers' folders are
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
