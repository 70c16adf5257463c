"""Site build time: the three languages, strict, into a temporary folder. Prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_build.py [RUNS]
"""
from __future__ import annotations

import logging
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from plugins.build import build_site  # noqa: E402


def main(runs: int = 3) -> None:
    logging.basicConfig(level=logging.WARNING)
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            times.append(build_site(site_dir=Path(out)))
            pages = sum(1 for _ in Path(out).rglob("index.html"))
            size = sum(p.stat().st_size for p in Path(out).rglob("*") if p.is_file())
    print(f"site build, 3 languages: median {statistics.median(times):.2f} s "
          f"(runs: {', '.join(f'{t:.2f}' for t in times)}); {pages} pages; {size / 1e6:.1f} MB on disk")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
