"""Time the slowest chains of ``bench_worst_notation.py`` (its hand-made worst cases, plain and branching, every
edition, 8 team re-rolls) and, with ``--examples``, every example of calculators/API.md, in CPython and in the
MicroPython build (one Node process), and check the answers are the same text.  Prints one line per request:
the median over ``--runs`` rounds (each round sends every request once, in order; the first round also fills the
package's own caches, as the first answers in a browser do) of CPU time, CPython's in this process and
MicroPython's Node process (steadier than wall time on a busy machine); no assertions.  Run from the project root:

    .venv/bin/python benchmarks/bench_micropython_worst.py [--only NAME_PART] [--examples] [--runs N] [--build DIR]

``--build DIR`` replays on a build made before (``python -m plugins.calc.micropython DIR``), e.g. of another
commit's shims, to compare them.
"""

from __future__ import annotations

import argparse
import json
import statistics
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
from plugins.calc.micropython_compare import api_examples  # noqa: E402

EDITIONS = (("classic", None), ("bb2020", None), ("bb2025", "rulebook"), ("bb2025", "designers-commentary"))


def cases(only: str, examples: bool) -> tuple[list[tuple[str, str, int | None]], list[str]]:
    """``([(name, request JSON, rules index or None)], [rules JSON])``: the worst chains, then the examples."""
    out = []
    for edition, reading in EDITIONS:
        for name, text in {**constructed(edition), **constructed_branching(edition)}.items():
            if only in name:
                out.append((f"{edition}{'/' + reading if reading else ''}: {name}",
                            json.dumps(request(text, edition, reading)), None))
    rules = []
    if examples:
        from plugins.data import load_repository
        from plugins.data.export import rules_export
        rules.append(json.dumps(rules_export(load_repository(ROOT / "data")), ensure_ascii=False))
        for i, example in enumerate(api_examples()):
            text = json.dumps(example, ensure_ascii=False)
            out.append((f"API.md example {i + 1}: {text[:60]}", text, 0))
    return out, rules


def replay(build: Path, requests: list, rules: list[str]) -> dict:
    """The replay's output (answers, per-request CPU milliseconds) of ``requests`` on ``build``."""
    with tempfile.TemporaryDirectory() as folder:
        path, out = Path(folder, "requests.json"), Path(folder, "out.json")
        path.write_text(json.dumps({"rules": rules, "requests": requests}), encoding="utf-8")
        subprocess.run(["node", str(ROOT / "plugins" / "calc" / "micropython_replay.mjs"), str(build), str(path),
                        str(out)], check=True)
        return json.loads(out.read_text(encoding="utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only the chains whose name contains this text")
    parser.add_argument("--examples", action="store_true", help="the examples of calculators/API.md too")
    parser.add_argument("--runs", type=int, default=1, help="rounds; the median is shown")
    parser.add_argument("--build", type=Path, help="a MicroPython build made before (default: build now)")
    args = parser.parse_args()
    chosen, rules = cases(args.only, args.examples)
    rounds = [[r, i] for _ in range(args.runs) for _, r, i in chosen]
    cpython: list[list[float]] = [[] for _ in chosen]
    answers = []
    for k in range(len(rounds)):
        req, index = rounds[k]
        start = time.process_time()
        answers.append(handle_json(req) if index is None else handle_json(req, rules[index]))
        cpython[k % len(chosen)].append((time.process_time() - start) * 1000)
    with tempfile.TemporaryDirectory() as folder:
        build = args.build or Path(folder, "build")
        if args.build is None:
            micropython.build(build)
        out = replay(build, rounds, rules)
    mpy: list[list[int]] = [[] for _ in chosen]
    for k, ms in enumerate(out["cpu_milliseconds"]):
        mpy[k % len(chosen)].append(ms)
    same = [all(a == b for a, b in zip(answers[k::len(chosen)], out["answers"][k::len(chosen)])) for k in range(len(chosen))]
    print(f"{'request':<78} {'CPython CPU':>12} {'MicroPython CPU':>16}  same answer   (median of {args.runs})")
    for (name, _, _), ours, theirs, ok in zip(chosen, cpython, mpy, same):
        print(f"{name[:78]:<78} {statistics.median(ours):>9.1f} ms {statistics.median(theirs):>13.0f} ms  "
              f"{'yes' if ok else 'NO'}")
    print(f"MicroPython: boot {out['boot_seconds']:.1f} s wall, {out['cpu_seconds']:.1f} s of CPU in all")


if __name__ == "__main__":
    main()
