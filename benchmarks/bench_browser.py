"""Time the calculator page in headless Chromium: bytes over the wire and navigation -> first in-browser result.

Prints figures only (no assertions). Run from the project root:

    .venv/bin/python benchmarks/bench_browser.py [--lang en|fr|ja] [--runs 3] [--fixture] [--worker FILE]

--worker FILE replaces every built calc-worker.js with FILE, to compare two workers on the same build, e.g.
    git show <commit>:plugins/site/assets/calc-worker.js > /tmp/old-worker.js
    .venv/bin/python benchmarks/bench_browser.py --worker /tmp/old-worker.js

1. builds the real site (plugins.build.build_site) into a temporary folder for a free 127.0.0.1 port
   and times the build; if data/ does not build, says so and uses the fixture site (English only);
2. serves it with the app of `make serve` (plugins/serve.py: pre-compressed siblings, cache headers),
   counting the bytes it sends (headers + bodies, every request: page, worker, service worker);
3. for the calculator page: "first result" is when [data-result] gets data-state="done", read in the
   page as performance.now() (milliseconds from the start of navigation);
   cold  = a new browser with a fresh profile for every run;
   warm  = the same profile, page reloaded (the HTTP cache revalidates with 304s; the service worker,
           once installed, answers from its cache);
   each is run `--runs` times and the median printed, with the bytes up to the first result and after
   the page settles (the service worker precaches the pages and assets of the page's language in the
   background on a first visit, and keeps the runtime files the page used, from the HTTP cache);
4. pages without a calculator near the top (PLAIN_PAGES): a first visit with a fresh profile, bytes until
   the network is idle, and a check that none of the Python runtime is requested;
5. after every cold visit: Material instant navigation to a second calculator page (a click on its
   sidebar link), timed from the click to that page's [data-result] data-state="done";
6. how the worker booted Python and in how many ms (calc-worker.js reports self.nuffleBoot: "snapshot" =
   from the interpreter snapshot made at build time and served beside the runtime, "fresh" = a normal
   start, when the snapshot could not be used).
"""
from __future__ import annotations

import argparse
import logging
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from waitress.server import create_server  # noqa: E402

from plugins.calc.bundle import RUNTIME_URL  # noqa: E402
from plugins.serve import make_app  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGE = "targets/agility-classic/"
SECOND_PAGE = "rolls/bb2020/"  # another calculator page, reached by instant navigation from PAGE
# Pages without a calculator, the largest of their kinds: the home page, the rulings list, a skill category,
# a sequence with many steps; and the glossary, whose throw-in calculator is so far down that it starts
# Python only when the reader gets near it (so: no runtime request on opening the page).
PLAIN_PAGES = ("", "rulings/", "skills/trait/", "sequences/multiple-block-bb2025/", "glossary/")
# Records when the calculator first shows an in-browser result (ms since navigation start).
DONE_PROBE = """
(() => {
  const check = () => {
    const el = document.querySelector('[data-result]');
    if (el && el.dataset.state === 'done' && window.__ncDone === undefined) window.__ncDone = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true});
})();
"""


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0
        self.statuses: dict[int, int] = {}
        self.missing: dict[str, int] = {}  # path -> number of 404s

    def snapshot(self) -> tuple[int, int]:
        with self.lock:
            return self.bytes, self.requests

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n


class CountingApp:
    """WSGI middleware around the `make serve` app: counts requests, statuses and bytes sent (headers + body)."""

    def __init__(self, app, counter: Counter):
        self.app, self.counter = app, counter

    def __call__(self, environ, start_response):
        environ.pop("wsgi.file_wrapper", None)  # WhiteNoise then returns an iterable we can count
        seen: dict = {}

        def counting_start_response(status, headers, exc_info=None):
            seen["status"] = int(status.split()[0])
            self.counter.add(len(status) + 11 + sum(len(k) + len(v) + 4 for k, v in headers) + 2)
            return start_response(status, headers, exc_info)

        for chunk in self.app(environ, counting_start_response):
            self.counter.add(len(chunk))
            yield chunk
        with self.counter.lock:
            self.counter.requests += 1
            status = seen.get("status", 0)
            self.counter.statuses[status] = self.counter.statuses.get(status, 0) + 1
            if status == 404:
                path = environ.get("PATH_INFO", "")
                self.counter.missing[path] = self.counter.missing.get(path, 0) + 1


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build(out: Path, url: str, fixture: bool) -> tuple[str, float]:
    """Build the real site (or the fixture site); returns (what was built, seconds)."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    logging.basicConfig(level=logging.ERROR)
    if not fixture:
        from plugins.build import build_site

        try:
            return "real site, 3 languages", build_site(site_dir=out, site_url=url)
        except SystemExit:
            print("!! the real site does not build (see the errors above); using the fixture site instead")
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    start = time.perf_counter()
    mkdocs_build(load_config(config_file=str(ROOT / "tests/fixtures/site/mkdocs.yml"), site_dir=str(out), site_url=url))
    return "fixture site, English only", time.perf_counter() - start


def calc_worker(page):
    """The page's calculator worker (Playwright Worker): Pyodide's (calc-worker.js) when it runs, else
    MicroPython's (mp-worker.js, the runtime that answers first: its nuffleBoot.path is "micropython"), or None."""
    workers = {name: w for w in page.workers for name in ("calc-worker", "mp-worker") if name in w.url}
    return workers.get("calc-worker") or workers.get("mp-worker")


def boot_info(page, timeout_s: float = 60.0) -> dict:
    """What calc-worker.js reports in self.nuffleBoot once Python has started ({} if it reports nothing)."""
    deadline = time.monotonic() + timeout_s
    info: dict = {}
    while time.monotonic() < deadline:
        worker = calc_worker(page)
        if worker is not None:
            try:
                info = worker.evaluate("self.nuffleBoot ? JSON.parse(JSON.stringify(self.nuffleBoot)) : null") or {}
            except Exception:  # the worker went away with the page
                info = {}
        if info.get("path"):
            return info
        time.sleep(0.1)
    return info


def visit(page, url: str, counter: Counter, reload: bool = False) -> dict:
    before = counter.snapshot()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__ncDone !== undefined", timeout=180_000)
    at_result = counter.snapshot()
    done_ms = page.evaluate("window.__ncDone")
    page.wait_for_load_state("networkidle")
    time.sleep(1.0)  # let background work (service-worker precache) finish
    settled = counter.snapshot()
    stall = page.evaluate("window.__ncStall || 0")
    boot = boot_info(page)
    return {"ms": done_ms, "bytes_result": at_result[0] - before[0], "req_result": at_result[1] - before[1],
            "bytes_settled": settled[0] - before[0], "req_settled": settled[1] - before[1], "stall": stall,
            "boot": boot.get("path", "?"), "boot_ms": boot.get("ms")}


# Instant navigation to another calculator page: ms from the click to its result being done.
NAV_ARM = """
() => {
  window.__ncSameDocument = true;
  window.__ncNavDone = undefined;
  const old = document.querySelector('[data-result]');
  window.addEventListener('click', () => { window.__ncClick = performance.now(); }, {capture: true, once: true});
  const check = () => {
    const el = document.querySelector('[data-result]');
    if (el && el !== old && el.dataset.state === 'done' && window.__ncNavDone === undefined) {
      window.__ncNavDone = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true});
}
"""


def navigate(page, target: str, counter: Counter) -> dict:
    before = counter.snapshot()
    page.evaluate(NAV_ARM)
    link = page.locator(f'.md-sidebar--primary a[href$="/{target}"]').first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_function("window.__ncNavDone !== undefined", timeout=180_000)
    ms = page.evaluate("window.__ncNavDone - window.__ncClick")
    instant = page.evaluate("window.__ncSameDocument === true")
    after = counter.snapshot()
    return {"ms": ms, "instant": instant, "bytes": after[0] - before[0], "req": after[1] - before[1]}


# Longest gap between timer ticks on the main thread while the page loads (is the page responsive?).
STALL_PROBE = """
(() => {
  let last = performance.now(); window.__ncStall = 0;
  const tick = () => { const now = performance.now(); window.__ncStall = Math.max(window.__ncStall, now - last); last = now;
                       if (window.__ncDone === undefined) setTimeout(tick, 10); };
  setTimeout(tick, 10);
})();
"""


def plain_visit(pw, url: str, counter: Counter) -> dict:
    """A first visit (fresh profile, service workers blocked) to a page without a calculator: bytes and requests
    until the network is idle, and whether anything of the Python runtime was asked for."""
    with tempfile.TemporaryDirectory(prefix="nuffle-profile-") as profile:
        ctx = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, service_workers="block",
            viewport={"width": 412, "height": 900})
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        runtime: list[str] = []
        page.on("request", lambda req: runtime.append(req.url) if "/pyodide/" in req.url else None)
        before = counter.snapshot()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        after = counter.snapshot()
        ctx.close()
    return {"bytes": after[0] - before[0], "req": after[1] - before[1], "runtime": len(runtime)}


def median_row(label: str, runs: list[dict]) -> str:
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]
           if all(isinstance(r[k], (int, float)) and not isinstance(r[k], bool) for r in runs)}
    spread = ", ".join(f"{r['ms'] / 1000:.2f}" for r in runs)
    boots = ", ".join(f"{r['boot']}" + (f" {r['boot_ms']:.0f} ms" if isinstance(r.get("boot_ms"), (int, float)) else "")
                      for r in runs)
    return (f"{label:<5} first result {med['ms'] / 1000:6.2f} s (runs: {spread})   "
            f"to result {med['bytes_result'] / 1e6:7.3f} MB / {med['req_result']:.0f} req   "
            f"settled {med['bytes_settled'] / 1e6:7.3f} MB / {med['req_settled']:.0f} req   "
            f"main-thread max stall {med['stall']:.0f} ms   Python boot: {boots}")


def nav_row(runs: list[dict]) -> str:
    spread = ", ".join(f"{r['ms']:.0f}" for r in runs)
    instant = "instant navigation" if all(r["instant"] for r in runs) else "!! NOT instant (full page loads)"
    return (f"nav   second calculator page {statistics.median(r['ms'] for r in runs):6.0f} ms click -> result "
            f"(runs: {spread} ms; {instant}; {statistics.median(r['bytes'] for r in runs) / 1e3:.1f} kB / "
            f"{statistics.median(r['req'] for r in runs):.0f} req)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=["en", "fr", "ja"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fixture", action="store_true", help="benchmark the fixture site (English only)")
    parser.add_argument("--worker", type=Path, help="serve this file as every calc-worker.js (A/B comparisons)")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: nothing measured")
        return 0
    from playwright.sync_api import sync_playwright

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory(prefix="nuffle-bench-") as tmp:
        out = Path(tmp) / "site"
        what, seconds = build(out, url, args.fixture)
        lang = args.lang if what.startswith("real") else "en"
        page_url = url + ("" if lang == "en" else f"{lang}/") + PAGE
        print(f"build: {what}: {seconds:.2f} s")
        if args.worker:
            replaced = sorted(out.rglob("calc-worker.js"))
            for path in replaced:
                path.write_bytes(args.worker.read_bytes())
                for sibling in (path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")):
                    sibling.unlink(missing_ok=True)  # stale compressed copies
            print(f"worker: {args.worker} served as {len(replaced)} calc-worker.js")
        folder = out / RUNTIME_URL  # pyodide/<pinned version>/
        runtime = sum(f.stat().st_size for f in folder.iterdir())
        print(f"runtime shipped: {runtime / 1e6:.2f} MB in site/{RUNTIME_URL} "
              f"({', '.join(sorted(f.name for f in folder.iterdir()))})")

        counter = Counter()
        server = create_server(CountingApp(make_app(out), counter), host="127.0.0.1", port=port, threads=8)
        threading.Thread(target=server.run, daemon=True).start()
        cold: list[dict] = []
        warm: list[dict] = []
        cold_no_sw: list[dict] = []
        nav: list[dict] = []
        try:
            with sync_playwright() as pw:
                for run in range(args.runs):
                    for sw, bucket in (("allow", cold), ("block", cold_no_sw)):
                        with tempfile.TemporaryDirectory(prefix="nuffle-profile-") as profile:
                            ctx = pw.chromium.launch_persistent_context(
                                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                                service_workers=sw, viewport={"width": 1280, "height": 900})
                            ctx.add_init_script(DONE_PROBE)
                            ctx.add_init_script(STALL_PROBE)
                            page = ctx.pages[0] if ctx.pages else ctx.new_page()
                            bucket.append(visit(page, page_url, counter))
                            if sw == "allow" and run == 0:
                                for _ in range(args.runs):
                                    warm.append(visit(page, page_url, counter, reload=True))
                            if sw == "allow":
                                nav.append(navigate(page, SECOND_PAGE, counter))
                            ctx.close()
                plain = {path: [plain_visit(pw, url + ("" if lang == "en" else f"{lang}/") + path, counter)
                                for _ in range(args.runs)] for path in PLAIN_PAGES}
        finally:
            server.close()
    print(f"page: {page_url} (headless Chromium, {args.runs} runs, medians)")
    print(median_row("cold", cold))
    print(median_row("warm", warm))
    print(median_row("cold", cold_no_sw) + "   [service workers blocked]")
    print(nav_row(nav) + f"   [{PAGE} -> {SECOND_PAGE}]")
    for path, runs in plain.items():
        kb = statistics.median(r["bytes"] for r in runs) / 1e3
        print(f"plain /{'' if lang == 'en' else lang + '/'}{path}: {kb:6.1f} kB / "
              f"{statistics.median(r['req'] for r in runs):.0f} req cold (service workers blocked, compressed as "
              f"`make serve` sends it); Python runtime requests: {max(r['runtime'] for r in runs)}")
    print(f"HTTP statuses over all runs: {dict(sorted(counter.statuses.items()))}")
    if counter.missing:
        worst = sorted(counter.missing.items(), key=lambda kv: (-kv[1], kv[0]))
        print(f"404s: {len(worst)} distinct paths, e.g. " + ", ".join(f"{p} ×{n}" for p, n in worst[:6]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
