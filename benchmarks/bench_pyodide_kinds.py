"""Time each request kind's default calculation in Pyodide, in headless Chromium, through the site's worker.

Prints figures only (no assertions). Run from the project root:

    .venv/bin/python benchmarks/bench_pyodide_kinds.py [--runs 30]

Builds the real site into a temporary folder, serves it on 127.0.0.1 as `make serve` does, opens a page without a calculator
(so no other worker runs), starts the site's own calc-worker.js as the pages do (same runtime, package and
rules URLs, read from a calculator page) and, for each request the site's calculators send first (their
pre-rendered defaults, `calcpages.default_requests`, plus the Agility pages' and the kinds no page shows
yet), times the round trip page -> worker -> Python -> page: the first call (imports, caches) and the
median and worst of `--runs` further calls. The budget is one frame, 16 ms.
"""
from __future__ import annotations

import argparse
import json
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

from plugins.serve import make_app  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
FRAME_MS = 16.0
CALCULATOR_PAGE = "calculators/block/"  # any page with a calculator: the worker's URLs are read from it

# Kinds that no page shows (yet), and the Agility pages' first requests.
EXTRA = [
    {"kind": "agility", "edition": "classic", "action": "pass", "ag": 3, "range": "quick", "tackle_zones": 0,
     "reroll": False},
    {"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 3, "range": "quick", "reroll": False},
    {"kind": "test", "target": 4, "modifier": -1, "reroll": True},
    {"kind": "dice-total", "dice": "2d6"},
    {"kind": "throw-in", "edition": "bb2025", "square": [0, 7]},
    {"kind": "fields", "edition": "classic", "action": "pass"},
    {"kind": "form", "for": "pass", "edition": "bb2020"},
    # heavier inputs a reader may give: the worst cases the forms allow, roughly
    {"kind": "block", "edition": "bb2025", "attacker_st": 7, "defender_st": 3, "attacker_block": True,
     "attacker_frenzy": True, "attacker_pro": True, "attacker_brawler": True, "attacker_wrestle": True,
     "defender_dodge": True, "defender_wrestle": True, "team_rerolls": 8, "goal": "safe"},
    {"kind": "chain", "edition": "bb2020", "chain": "[pro]D4d,D4,D3,R2f,R2,P3h,T4p/[pro,loner=4]C3c,D3,R2;tr=8",
     "max_team_rerolls": 8},
    {"kind": "kick", "edition": "bb2025", "target": [24, 1], "kick": True, "bounce": True},
    {"kind": "pass", "edition": "bb2020", "pa": 4, "range": "long-bomb", "thrower_tackle_zones": 2, "receiver_ag": 2,
     "receiver_tackle_zones": 1, "interceptor_ag": 2, "interceptor_marked": "yes", "pass_skill": True,
     "safe": True, "catch_skill": True, "team_rerolls": 8},
    {"kind": "throw-in", "edition": "classic", "square": [0, 0]},
]

TIMER = """
async ({root, page, requests, runs}) => {
  // the runtime's settings, once per build (plugins/calc/runtime_settings.py); paths from the site root
  const settings = await (await fetch(new URL("assets/nuffle/runtime.json", root))).json();
  const abs = (v) => new URL(v, root).href;
  const worker = new Worker(new URL("assets/nuffle/calc-worker.js", root), {type: "module"});
  let next = 1;
  const pending = new Map();
  worker.onmessage = (e) => {
    const p = e.data && pending.get(e.data.id);
    if (p) { pending.delete(e.data.id); p(e.data); }
  };
  const send = (msg) => new Promise((resolve) => { const id = next++; pending.set(id, resolve); worker.postMessage({...msg, id}); });
  const t0 = performance.now();
  const init = await send({type: "init", runtime: [abs(settings.runtime)], lock: settings.lock,
                           package: settings.package, rules: [abs(settings.rules)]});
  const boot = performance.now() - t0;
  if (!init.ok) return {error: init.error};
  const out = [];
  for (const request of requests) {
    const times = [];
    let ok = true;
    for (let i = 0; i <= runs; i++) {
      const t = performance.now();
      const reply = await send({type: "call", request});
      times.push(performance.now() - t);
      ok = ok && reply.ok && reply.value && reply.value.ok;
    }
    out.push({request, ok, first: times[0], rest: times.slice(1)});
  }
  worker.terminate();
  return {boot, python: init.value.version, results: out};
}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def requests() -> list[dict]:
    from plugins.data import load_repository
    from plugins.site.messages import Messages
    from plugins.site.render.calcpages import default_requests
    from plugins.site.render.context import BackLinks, PageContext

    repo = load_repository(ROOT / "data")
    ctx = PageContext(repo, "en", Messages("en"), "index.md", BackLinks.build(repo))
    out = [r for rs in default_requests(ctx).values() for r in rs]
    return out + EXTRA


def label(request: dict) -> str:
    edition = request.get("edition", "")
    extra = {"agility": request.get("action"), "form": f"for={request.get('for')}",
             "chain": f"{len(request.get('chain', ''))} chars", "dice-total": request.get("dice"),
             "throw-in": request.get("square")}.get(request["kind"])
    if request in EXTRA[7:]:
        extra = f"{extra or ''} (heavy)".strip()
    return " ".join(str(x) for x in (request["kind"], edition, extra or "") if x)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: nothing measured")
        return 0
    from playwright.sync_api import sync_playwright

    from plugins.build import build_site

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    logging.basicConfig(level=logging.ERROR)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    todo = requests()
    with tempfile.TemporaryDirectory(prefix="nuffle-bench-") as tmp:
        out = Path(tmp) / "site"
        start = time.perf_counter()
        build_site(site_dir=out, site_url=url)
        print(f"build: {time.perf_counter() - start:.1f} s")

        server = create_server(make_app(out), host="127.0.0.1", port=port, threads=8)  # as `make serve`
        threading.Thread(target=server.run, daemon=True).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                page = browser.new_page()
                page.goto(url + "sources/")
                report = page.evaluate(TIMER, {"root": url, "page": url + CALCULATOR_PAGE, "requests": todo,
                                               "runs": args.runs})
                browser.close()
        finally:
            server.close()
    if "error" in report:
        print("the worker did not start:", report["error"])
        return 1
    print(f"Pyodide (Python {report['python']}) in headless Chromium, worker started in {report['boot']:.0f} ms; "
          f"round trip page -> worker -> Python -> page, {args.runs} runs after the first; budget {FRAME_MS:.0f} ms")
    print(f"{'request':<34} {'first':>8} {'median':>8} {'p90':>8} {'worst':>8}  ok  within a frame")
    for item in report["results"]:
        rest = sorted(item["rest"])
        median = statistics.median(rest)
        p90 = rest[int(0.9 * (len(rest) - 1))]
        print(f"{label(item['request']):<34} {item['first']:8.1f} {median:8.1f} {p90:8.1f} {rest[-1]:8.1f}  "
              f"{'yes' if item['ok'] else 'NO ':>3}  {'yes' if median <= FRAME_MS else 'NO'}")
    print(json.dumps({"median_ms": {label(i["request"]): round(statistics.median(i["rest"]), 2)
                                    for i in report["results"]}}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
