"""A runtime upgrade reaches a returning reader (issue 24, item 1).

The reader uses a calculator of one build (its service worker keeps the Python runtime for offline use);
the site is then rebuilt with another pinned Pyodide version and served at the same address. On the reader's
next visit the page must run the new runtime, from its own versioned folder, and the old runtime's cache must
be gone. Before, the runtime files had fixed names (pyodide/pyodide.asm.wasm …) served cache-first from a
cache never cleared, so the reader kept the old runtime for good.

Two builds of the small fixture site with the Python runtime (the real Pyodide files: only one version is
installed, so the second build is the same runtime under another version string, which is what the reader's
browser sees of an upgrade: new names). The version is set in a build process of its own
(plugins.calc.bundle reads it from the installed npm package when it is imported).
"""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import urllib.request
import sys
import time
from pathlib import Path

import pytest

from calculators.api import handle
from plugins.calc.bundle import RUNTIME_FILES

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parents[2]
FIXTURE = PROJECT / "tests" / "fixtures" / "site"
# The pinned Pyodide (the npm package installed), and the version string of the "upgrade".
PYODIDE_VERSION = json.loads((PROJECT / "node_modules" / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
NEW_VERSION = "999.0.0"
PHONE = {"width": 360, "height": 780}
ST = 'form[data-calculator] [data-name="attacker_st"] input'
# Builds the fixture site as if another Pyodide version were pinned: argv = config, site_dir, version.
BUILD = """
import sys
import plugins.calc.bundle as bundle
if hasattr(bundle, "PYODIDE_VERSION"):  # (a build whose runtime has fixed names has no version to set)
    bundle.PYODIDE_VERSION = sys.argv[3]
    bundle.RUNTIME_URL = f"pyodide/{sys.argv[3]}/"
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config(config_file=sys.argv[1], site_dir=sys.argv[2], strict=True))
"""
# Cache names, and whether every runtime URL given is in the runtime cache of `name`.
CACHE_NAMES = "() => caches.keys()"
RUNTIME_KEPT = """async ([name, urls]) => {
    if (!(await caches.keys()).includes(name)) return false;
    const cache = await caches.open(name);
    for (const url of urls) if (!(await cache.match(url))) return false;
    return true;
}"""


def _build(tmp: Path, version: str) -> Path:
    """The fixture site with the Python runtime, built as with `version` pinned, in tmp/<version>/."""
    config = tmp / "mkdocs.yml"
    if not config.is_file():
        text = (FIXTURE / "mkdocs.yml").read_text(encoding="utf-8")
        text = (text.replace("../../../mkdocs.yml", str(PROJECT / "mkdocs.yml"))
                .replace("../data", str(FIXTURE.parent / "data"))
                .replace("docs_dir: docs", f"docs_dir: {FIXTURE / 'docs'}")
                .replace("python_runtime: false", "python_runtime: true"))
        config.write_text(text, encoding="utf-8")
    out = tmp / version
    subprocess.run([sys.executable, "-c", BUILD, str(config), str(out), version], cwd=PROJECT, check=True,
                   capture_output=True)
    return out


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """plugins.serve on one port, whose folder can be swapped (a new deploy at the same address)."""

    def __init__(self):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = None

    def serve(self, folder: Path) -> None:
        self.stop()
        self.process = subprocess.Popen([sys.executable, "-m", "plugins.serve", "--port", str(self.port),
                                         "--directory", str(folder)], cwd=PROJECT, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.url, timeout=5):
                    return
            except OSError:
                assert self.process.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("upgrade")
    old, new = _build(tmp, PYODIDE_VERSION), _build(tmp, NEW_VERSION)
    yield old, new
    shutil.rmtree(tmp, ignore_errors=True)


def _wait(page, script: str, arg, what: str, timeout_s: float = 90) -> None:
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script, arg):  # evaluate awaits the promise (wait_for_function would not)
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(250)


def _set_st(page, value: int) -> None:
    page.fill(ST, str(value))
    page.wait_for_function("""st => document.querySelector('[data-result]').dataset.state === 'done'
        && new URLSearchParams(location.search).get('attacker_st') === st""", arg=str(value))


def test_a_returning_reader_gets_the_new_runtime_and_loses_the_old(chromium, builds, rulebook):
    old, new = builds
    server = Server()
    context = chromium.new_context(viewport=PHONE)
    context.set_default_timeout(90_000)
    context.add_init_script("window.nuffleRuntime = 'pyodide'")  # Pyodide's upgrade: it runs alone here
    runtime_requests: list[str] = []
    # The runtime files the pages and their calculator workers ask for. Requests the service worker makes on its
    # own are left out: the old worker may still be storing the old snapshot for offline use (a 6 MB download
    # the page asked it to keep) when the reader comes back; its cache goes with the upgrade (checked below).
    context.on("request", lambda r: runtime_requests.append(r.url)
               if "/pyodide/" in r.url and r.service_worker is None else None)
    try:
        server.serve(old)
        page = context.new_page()
        page.goto(server.url + "calculators/block/")
        page.wait_for_selector('[data-result][data-state="done"]', state="attached")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        old_urls = [f"{server.url}pyodide/{PYODIDE_VERSION}/{name}" for name in RUNTIME_FILES]
        _wait(page, RUNTIME_KEPT, [f"nuffle-runtime-{PYODIDE_VERSION}", old_urls],
              "the first build's runtime was not kept for offline use")

        server.serve(new)  # the upgrade is deployed; the reader comes back
        runtime_requests.clear()
        page.goto(server.url + "calculators/block/")
        # The new service worker installs and activates (its sw.js changed): the old runtime cache goes.
        _wait(page, """async ([gone, kept]) => { const names = await caches.keys();
                       return !names.includes(gone) && names.includes(kept); }""",
              [f"nuffle-runtime-{PYODIDE_VERSION}", f"nuffle-runtime-{NEW_VERSION}"],
              "the old runtime cache is still there, or the new one was never made")
        page.reload()
        page.wait_for_selector('[data-result][data-state="done"]', state="attached")
        _set_st(page, 7)  # computed by the Python now running
        request = {"kind": "block", "edition": page.input_value('form[data-calculator] [name="edition"]'),
                   "attacker_st": 7, "defender_st": 3}
        exact = handle(request, rulebook)["result"]["totals"]["defender_knocked_down"]["exact"]
        shown = page.text_content('[data-result] [data-field="totals.defender_knocked_down"]')
        assert shown.startswith(exact + " "), shown
        wasm = [url for url in runtime_requests if url.endswith("pyodide.asm.wasm")]
        assert wasm and all(f"/pyodide/{NEW_VERSION}/" in url for url in wasm), runtime_requests
        assert not [url for url in runtime_requests if f"/pyodide/{PYODIDE_VERSION}/" in url], runtime_requests
        names = page.evaluate(CACHE_NAMES)
        assert [name for name in names if name.startswith("nuffle-runtime")] == [f"nuffle-runtime-{NEW_VERSION}"]
    finally:
        context.close()
        server.stop()
