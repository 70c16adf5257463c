"""Search quality: hit@1 and hit@3 per language of the search-quality set (tests/browser/search_queries.yml),
typed into the site's own search box in headless Chromium.

    .venv/bin/python benchmarks/bench_search.py                  # builds the site into a temporary folder
    .venv/bin/python benchmarks/bench_search.py --site DIR       # an already built site (served here)
    .venv/bin/python benchmarks/bench_search.py --misses         # also list each query not ranked first

Prints one row per language: queries, hit@1, hit@3 (goal: hit@3 = 100 %, hit@1 >= 90 %). Asserts nothing.
"""
from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from waitress.server import create_server  # noqa: E402

from plugins.serve import make_app  # noqa: E402
from search_quality import load_queries, open_search, rank, ranked  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site folder (built for any URL)")
    parser.add_argument("--misses", action="store_true", help="list the queries not ranked first")
    parser.add_argument("--lang", action="append", choices=["en", "fr", "ja"], help="only these languages")
    args = parser.parse_args()

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    site = args.site
    if site is None:
        from plugins.build import build_site
        site = Path(tempfile.mkdtemp(prefix="nuffle-search-"))
        build_site(site_dir=site, site_url=url)
    server = create_server(make_app(site), host="127.0.0.1", port=port, threads=4)
    threading.Thread(target=server.run, daemon=True).start()

    from playwright.sync_api import sync_playwright
    queries = load_queries()
    print(f"{'lang':<5} {'queries':>7} {'hit@1':>8} {'hit@3':>8}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for lang in args.lang or ["en", "fr", "ja"]:
            page = browser.new_page()
            page.set_default_timeout(60_000)
            open_search(page, url, lang)
            ranks, misses = [], []
            for query, targets in queries[lang]:
                results = ranked(page, url, lang, query)
                position = rank(results, targets)
                ranks.append(position)
                if position != 1:
                    misses.append(f"    {query!r}: rank {position}, want {targets[0]}, got {results[:3]}")
            n = len(ranks)
            hit1 = sum(r == 1 for r in ranks) / n
            hit3 = sum(r is not None and r <= 3 for r in ranks) / n
            print(f"{lang:<5} {n:>7} {hit1:>8.1%} {hit3:>8.1%}")
            if args.misses:
                print("\n".join(misses))
            page.close()
        browser.close()
    server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
