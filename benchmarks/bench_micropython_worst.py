"""Time the slowest chains of ``bench_worst_notation.py`` (its hand-made worst cases, plain and branching, every
edition, 8 team re-rolls) in CPython and in the MicroPython build (one Node process), and check the answers
are the same text.  Prints one line per chain; no assertions.  Run from the project root:

    .venv/bin/python benchmarks/bench_micropython_worst.py [--only NAME_PART]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_worst_notation import constructed, constructed_branching, request  # noqa: E402
from calculators.api import handle_json  # noqa: E402
from plugins.calc import micropython  # noqa: E402

EDITIONS = (("classic", None), ("bb2020", None), ("bb2025", "rulebook"), ("bb2025", "designers-commentary"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only the chains whose name contains this text")
    args = parser.parse_args()
    cases = []
    for edition, reading in EDITIONS:
        for name, text in {**constructed(edition), **constructed_branching(edition)}.items():
            if args.only in name:
                cases.append((f"{edition}{'/' + reading if reading else ''}: {name}",
                              json.dumps(request(text, edition, reading))))
    cpython = []
    for _, req in cases:
        start = time.process_time()
        cpython.append((handle_json(req), time.process_time() - start))
    with tempfile.TemporaryDirectory() as folder:
        build, requests, out = Path(folder, "build"), Path(folder, "requests.json"), Path(folder, "out.json")
        micropython.build(build)
        requests.write_text(json.dumps({"rules": [], "requests": [[r, None] for _, r in cases]}), encoding="utf-8")
        subprocess.run(["node", str(ROOT / "plugins" / "calc" / "micropython_replay.mjs"), str(build), str(requests),
                        str(out)], check=True)
        replay = json.loads(out.read_text(encoding="utf-8"))
    print(f"{'chain':<78} {'CPython CPU':>12} {'MicroPython wall':>17}  same answer")
    for (name, _), (answer, seconds), theirs, ms in zip(cases, cpython, replay["answers"], replay["milliseconds"]):
        print(f"{name[:78]:<78} {seconds:>10.2f} s {ms / 1000:>15.2f} s  {'yes' if answer == theirs else 'NO'}")


if __name__ == "__main__":
    main()
