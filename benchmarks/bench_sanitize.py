"""Time the page sanitiser (plugins/site/sanitize.py) on the content of every page of a built site: the
cost it adds to a build.

Prints figures only (no assertions). Build first (`make build`), then from the project root:

    .venv/bin/python benchmarks/bench_sanitize.py [site-folder]
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from plugins.site.sanitize import sanitize  # noqa: E402

ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*)</article>', re.DOTALL)


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else ROOT / "site"
    contents = [(p, m[1]) for p in sorted(site.rglob("*.html"))
                if (m := ARTICLE.search(p.read_text(encoding="utf-8")))]
    if not contents:
        print(f"no built pages under {site}: run `make build` first")
        return 1
    times = []
    for page, html in contents:
        best = min(_time(html) for _ in range(3))
        times.append((best, len(html), page.relative_to(site).as_posix()))
    total = sum(t for t, _, _ in times)
    size = sum(n for _, n, _ in times)
    print(f"{len(times)} pages, {size / 1e6:.1f} MB of content: {1000 * total:.0f} ms in all "
          f"({1000 * total / len(times):.1f} ms a page)")
    for seconds, n, name in sorted(times, reverse=True)[:3]:
        print(f"  {1000 * seconds:6.1f} ms  {n / 1000:6.0f} kB  {name}")
    return 0


def _time(html: str) -> float:
    start = time.perf_counter()
    sanitize(html)
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
