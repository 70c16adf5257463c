"""A phone on a slow link: a calculator page's first visit over Chromium's network emulation, and on localhost.

Prints figures only (no assertions). Run from the project root:

    .venv/bin/python benchmarks/bench_throttled.py [--lang fr] [--runs 3] [--profile slow|local|both|visit] [--breakdown]

1. builds the real site into a temporary folder and serves it with `make serve`'s app, counting bytes sent;
2. for each profile, a fresh browser profile per run at 360 × 800 px: `slow` is Chromium's network emulation
   through the DevTools protocol (Network.emulateNetworkConditions: 1.6 Mbps down, 750 kbps up, 150 ms
   latency, set before the first request; it applies to the calculator's worker too), `local` no emulation;
3. on the French Agility page (`targets/agility-classic/`, calculator near the top) it records, in ms from the
   start of navigation:
   - pre-rendered: when the calculator's result is in the document (it is in the page's HTML);
   - first change: the reader changes one field (tackle zones 0 → 1) as soon as the page's scripts have run
     (the load event); the time that change is answered (`data-state="done"`), and from where
     (`data-source`: "build", the answers written on the form, or "python");
   - an answer the build did not precompute: a second change, made as soon as the first is answered (also a
     re-roll: two fields away from the form as built, so not among the build's answers; the page says where
     its answer came from, and the script waits for `data-source="python"`), the time it is asked, the time its
     answer comes from Python (MicroPython first, Pyodide behind it: "Python started" names the runtime that
     answered) and the wait between: what every first change cost before the build's answers;
   - the bytes the page received by its load event (its own resource timings: HTML, styles, scripts), and the
     bytes the server had sent when Python answered (every request, the worker's included).
   With --breakdown, each run's waterfall too: every request of the page and of MicroPython's worker (start, first
   byte, end, bytes as sent, from their resource timings put on the page's clock) and the milestones (load event,
   calculators mounted, the changes, the worker's stages from mp-worker.js's self.nuffleBoot.at).
4. `visit` (run alone, not part of `both`): what a whole first visit costs, the service worker's work
   included (its fetches escape the DevTools emulation, so this runs unthrottled): a fresh profile opens the
   language's home page, then its Agility page, at 360 px, service workers allowed, and waits until the
   server has sent nothing for QUIET_S seconds (at most VISIT_MAX_S); then, in another fresh profile, the
   Agility page alone (a first visit that starts on a calculator). It reports the requests and bytes the
   server sent for each (the worker's runtime downloads included), and how many distinct URLs of other
   languages' pages and assets the page and the service worker asked for (Material's sitemaps left out).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_browser import CHROMIUM, CHROMIUM_ARGS, Counter, CountingApp, build, free_port  # noqa: E402
from waitress.server import create_server  # noqa: E402

from plugins.serve import make_app  # noqa: E402

PAGE = "targets/agility-classic/"
SLOW = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
PHONE = {"width": 360, "height": 800}
# Records when the result element is in the document, and each time it settles (state and source).
PROBE = """
(() => {
  window.__nc = {settled: []};
  const seen = new WeakSet();
  const check = () => {
    const el = document.querySelector('[data-result]');
    if (!el) return;
    if (window.__nc.prerendered === undefined) window.__nc.prerendered = performance.now();
    const key = el.dataset.state + '/' + (el.dataset.source || '') + '/' + window.__nc.changes;
    if ((el.dataset.state === 'done' || el.dataset.state === 'error') && window.__nc.last !== key) {
      window.__nc.last = key;
      window.__nc.settled.push({at: performance.now(), state: el.dataset.state, source: el.dataset.source || null,
                                after: window.__nc.changes || 0});
    }
  };
  const mounted = () => {
    if (window.__nc.mounted === undefined && document.querySelector('form[data-calculator][data-mounted]')) window.__nc.mounted = performance.now();
  };
  new MutationObserver(() => { mounted(); check(); }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state', 'data-source', 'data-mounted'], childList: true});
})();
"""
# Change one field as a reader would, and count the change: a browser fires "input", then "change" (the form
# computes a typed field on "input", a select or a box on "change"; a "change" alone on the tackle zones' number
# field was ignored, so the first change measured Python's answer to the form as built).
CHANGE = """([name, value]) => {
  const wrapper = document.querySelector(`form[data-calculator] [data-name="${name}"]`);
  const input = wrapper.querySelector('select, input');
  if (input.type === 'checkbox') input.checked = value === 'true'; else input.value = value;
  window.__nc.changes = (window.__nc.changes || 0) + 1;
  window.__nc['change' + window.__nc.changes] = performance.now();
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new Event('change', {bubbles: true}));
}"""


# What the page itself received by its load event (HTML, styles, scripts; not the worker's downloads).
PAGE_BYTES = """() => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .reduce((sum, e) => sum + (e.transferSize || 0), 0)"""


# Resource timings of a global (the page or a worker): [name, start, responseStart, responseEnd, bytes sent
# compressed] in ms from that global's time origin, which is returned too (to put the worker's on the page's clock).
TIMINGS = """() => ({origin: performance.timeOrigin, entries: [...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource')].map(e => [e.name, e.startTime, e.responseStart, e.responseEnd,
    e.transferSize || 0]), load: (performance.getEntriesByType('navigation')[0] || {}).loadEventEnd || null})"""


def settled_after(page, change: int, source: str | None = None, timeout_ms: int = 600_000) -> dict:
    page.wait_for_function(
        """([n, source]) => window.__nc.settled.some(s => s.after === n && (source === null || s.source === source))""",
        arg=[change, source], timeout=timeout_ms)
    return page.evaluate("""([n, source]) => window.__nc.settled.find(s => s.after === n && (source === null || s.source === source))""",
                         [change, source])


def visit(pw, url: str, counter: Counter, slow: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="nuffle-profile-") as profile:
        # Service workers blocked under emulation: the DevTools emulation does not reach a service worker's own
        # fetches, so once one controlled the page the runtime would arrive unthrottled (an optimistic figure).
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                    headless=True, viewport=PHONE, is_mobile=True, has_touch=True,
                                                    service_workers="block" if slow else "allow")
        ctx.add_init_script(PROBE)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        if slow:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW)
        start = counter.snapshot()[0]
        page.goto(url, wait_until="load")
        prerendered = page.evaluate("window.__nc.prerendered")
        page_bytes = page.evaluate(PAGE_BYTES)
        page.evaluate(CHANGE, ["tackle_zones", "1"])
        first = settled_after(page, 1)
        page.evaluate(CHANGE, ["reroll", "true"])
        python = settled_after(page, 2, "python")
        python_bytes = counter.snapshot()[0]
        # How the runtime that answered started: MicroPython's worker (mp-worker.js) answers first; Pyodide's
        # (calc-worker.js) runs only when MicroPython could not (js/engine.mjs).
        workers = {name: w for w in page.workers for name in ("mp-worker", "calc-worker") if name in w.url}
        boot = next((workers[name].evaluate("JSON.parse(JSON.stringify(self.nuffleBoot || {}))")
                     for name in ("calc-worker", "mp-worker") if name in workers), {})
        changed_at = page.evaluate("[window.__nc.change1, window.__nc.change2]")
        timings = page.evaluate(TIMINGS)
        mounted = page.evaluate("window.__nc.mounted")
        if "mp-worker" in workers:
            mp = workers["mp-worker"].evaluate(TIMINGS)
            shift = mp["origin"] - timings["origin"]
            timings["entries"] += [[name, *(t + shift for t in times), size] for name, *times, size in mp["entries"]]
            timings["worker"] = shift
        ctx.close()
    return {"prerendered": prerendered, "change": changed_at[0], "first": first["at"], "first_source": first["source"],
            "first_wait": first["at"] - changed_at[0], "python": python["at"], "unforeseen": changed_at[1],
            "python_wait": python["at"] - changed_at[1],
            "bytes_load": page_bytes, "bytes_python": python_bytes - start, "boot": boot.get("path"),
            "why": boot.get("reason"), "stages": {k: v for k, v in boot.items() if k.endswith("Ms") or k == "ms"},
            "timings": timings, "mounted": mounted, "at": boot.get("at") or {}}


def breakdown(run: dict) -> str:
    """One run's waterfall on the page's clock (s from navigation): each request's start, first byte and end
    and its bytes as sent, then the page's and the worker's milestones."""
    t = run["timings"]
    lines = []
    for name, start, first, end, size in sorted(t["entries"], key=lambda e: e[1]):
        short = name.split("?")[0].split("/", 3)[-1]
        lines.append(f"    {start / 1000:6.2f} {first / 1000:6.2f} {end / 1000:6.2f} s {size / 1000:7.1f} kB  {short}")
    worker = t.get("worker")
    stages = run["stages"]
    marks = [("load event", t.get("load")), ("calculators mounted", run["mounted"]),
             ("first change", run["change"]), ("first answer", run["first"]), ("MicroPython's worker started", worker)]
    if worker is not None:  # mp-worker.js's own milestones (self.nuffleBoot.at, ms on the worker's clock)
        marks += [(f"worker: {name}", worker + at) for name, at in run["at"].items()]
    marks += [("second change", run["unforeseen"]), ("Python's answer", run["python"])]
    lines += [f"    {at / 1000:6.2f} s  {label}" for label, at in marks if at is not None]
    return "\n".join(lines)


QUIET_S = 15  # longer than offline.js's idle wait (at most 10 s) before its old "other languages" request
VISIT_MAX_S = 300


def first_visit(pw, url: str, lang: str, counter: Counter, paths: list[str]) -> dict:
    """Open each of `paths` in one fresh profile, service workers allowed; after each, wait until the server
    has been quiet for QUIET_S s. Returns {path: (requests, bytes, other languages' URLs)}, the figures of
    each page counted from the previous one's end (a dedicated worker's requests reach the server's count
    but not Playwright's events, so only the server counts the runtime)."""
    prefix = "" if lang == "en" else f"{lang}/"
    figures: dict[str, tuple[int, int, int]] = {}
    with tempfile.TemporaryDirectory(prefix="nuffle-profile-") as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                    headless=True, viewport=PHONE, is_mobile=True, has_touch=True,
                                                    service_workers="allow")
        seen: list[str] = []
        ctx.on("request", lambda r: seen.append(r.url))
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        for path in paths:
            start, start_requests = counter.snapshot()
            seen.clear()
            page.goto(url + prefix + path, wait_until="load")
            last, quiet_since, began = counter.snapshot(), time.monotonic(), time.monotonic()
            while time.monotonic() - quiet_since < QUIET_S and time.monotonic() - began < VISIT_MAX_S:
                time.sleep(1)
                now = counter.snapshot()
                if now != last:
                    last, quiet_since = now, time.monotonic()
            rels = [u.removeprefix(url).split("?")[0] for u in seen if u.startswith(url)]
            shared = ("pyodide/", "micropython/", "api/", "sw.js", "manifest.webmanifest", "icon-")
            others = [r for r in rels if not r.startswith(shared) and not r.endswith("sitemap.xml")
                      and (r[:3] if r.startswith(("fr/", "ja/")) else "") != prefix]
            figures[path or "home"] = (last[1] - start_requests, last[0] - start, len(set(others)))
        ctx.close()
    return figures


def row(label: str, runs: list[dict]) -> str:
    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)
    sources = ", ".join(sorted({str(r["first_source"]) for r in runs}))
    spread = ", ".join(f"{r['first'] / 1000:.2f}/{r['python'] / 1000:.1f}" for r in runs)
    return (f"{label:<6} pre-rendered result {med('prerendered') / 1000:6.2f} s ({med('bytes_load') / 1e3:7.1f} kB)   "
            f"first change at {med('change') / 1000:5.2f} s answered at {med('first') / 1000:6.2f} s "
            f"(+{med('first_wait'):.0f} ms, from {sources})   "
            f"an answer the build did not precompute: asked at {med('unforeseen') / 1000:5.2f} s, answered by Python at "
            f"{med('python') / 1000:6.2f} s (+{med('python_wait') / 1000:.2f} s; {med('bytes_python') / 1e6:5.2f} MB)   "
            f"runs (first change, Python): {spread}; Python started: "
            f"{', '.join(sorted({str(r['boot']) + (' (' + r['why'] + ')' if r['why'] else '') for r in runs}))}"
            f" (its stages, medians in ms: {stages(runs)})")


def stages(runs: list[dict]) -> str:
    """The worker's own timings (self.nuffleBoot: "ms" from its start to ready, "loadMs", ...), medians."""
    names = sorted({name for r in runs for name in r["stages"]})
    return ", ".join(f"{name} {statistics.median(r['stages'].get(name, 0) for r in runs):.0f}" for name in names)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="fr", choices=["en", "fr", "ja"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", default="both", choices=["slow", "local", "both", "visit"])
    parser.add_argument("--site", type=Path, help="an already built site (built for this port: see --port)")
    parser.add_argument("--port", type=int, help="the port --site was built for")
    parser.add_argument("--breakdown", action="store_true",
                        help="also print each run's waterfall: every request (the worker's too) and the milestones")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: nothing measured")
        return 0
    from playwright.sync_api import sync_playwright

    port = args.port or free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory(prefix="nuffle-bench-") as tmp:
        out = args.site
        if out is None:
            out = Path(tmp) / "site"
            what, seconds = build(out, url, fixture=False)
            print(f"build: {what}: {seconds:.2f} s")
        page_url = url + ("" if args.lang == "en" else f"{args.lang}/") + PAGE
        counter = Counter()
        server = create_server(CountingApp(make_app(out), counter), host="127.0.0.1", port=port, threads=8)
        threading.Thread(target=server.run, daemon=True).start()
        results: dict[str, list[dict]] = {}
        visits: list[dict] = []
        direct: list[dict] = []
        try:
            with sync_playwright() as pw:
                if args.profile == "visit":
                    visits = [first_visit(pw, url, args.lang, counter, ["", PAGE]) for _ in range(args.runs)]
                    direct = [first_visit(pw, url, args.lang, counter, [PAGE]) for _ in range(args.runs)]
                for profile in (("slow", "local") if args.profile == "both" else
                                () if args.profile == "visit" else (args.profile,)):
                    results[profile] = [visit(pw, page_url, counter, profile == "slow") for _ in range(args.runs)]
        finally:
            server.close()
    if visits:
        print(f"first visit, {args.lang} (service worker allowed, unthrottled, until {QUIET_S} s quiet; "
              f"{args.runs} runs, medians): requests / bytes sent / other languages' URLs")
        for label, runs in (("home, then", visits), ("a calculator page first", direct)):
            print(f" {label}:")
            for path in runs[0]:
                med = [statistics.median(v[path][i] for v in runs) for i in range(3)]
                print(f"  {path:<28} {med[0]:5.0f} requests  {med[1] / 1e6:6.2f} MB  {med[2]:4.0f} other-language URLs")
        return 0
    print(f"page: {page_url} (headless Chromium at 360 px, {args.runs} runs, medians; slow = 1.6 Mbps / 150 ms)")
    for profile, runs in results.items():
        print(row(profile, runs))
        if args.breakdown:
            for i, run in enumerate(runs, 1):
                print(f"  {profile} run {i}: start, first byte, end (s from navigation), bytes as sent, what")
                print(breakdown(run))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
