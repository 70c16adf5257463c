"""Replay the recorded JSON-door requests under CPython and under MicroPython; print how many answers agree.

    .venv/bin/python -m plugins.calc.micropython_compare [--show N]

The requests: ``tests/calculators/micropython_requests.json.gz`` (what the resolver's tests send through the door,
recorded by `plugins/calc/micropython_record.py`) plus one ``dave`` request per BloodBowlDave vector
(``tests/calculators/dave_vectors.yml``, with the real rules export).  Each goes through
``calculators.api.handle_json`` in CPython here and in one Node process running MicroPython
(`micropython_replay.mjs`) on the package built by `plugins/calc/micropython.py`; answers are compared as text,
byte for byte.  Exit status 1 if any differs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import micropython

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "calculators" / "micropython_requests.json.gz"
REPLAY = Path(__file__).resolve().parent / "micropython_replay.mjs"


def corpus() -> dict:
    """The recorded requests plus the BloodBowlDave vectors as ``dave`` requests (rules: the data's export)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from yaml_files import read_yaml
    from plugins.data import load_repository
    from plugins.data.export import rules_export

    data = json.loads(gzip.decompress(RECORDED.read_bytes()))
    rules = json.dumps(rules_export(load_repository(ROOT / "data")), ensure_ascii=False)
    data["rules"].append(rules)
    index = len(data["rules"]) - 1
    for vector in read_yaml(ROOT / "tests" / "calculators" / "dave_vectors.yml")["vectors"]:
        request = {"kind": "dave", "dave": vector["input"], "team_rerolls": min(8, len(vector["expected"]) - 1)}
        data["requests"].append([json.dumps(request, ensure_ascii=False), index])
    return data


def compare(data: dict) -> tuple[list[tuple[str, str, str]], float, float]:
    """``(differences [(request, CPython answer, MicroPython answer)], seconds in CPython, seconds in MicroPython)``."""
    from calculators.api import handle_json

    start = time.perf_counter()
    ours = [handle_json(r) if i is None else handle_json(r, data["rules"][i]) for r, i in data["requests"]]
    cpython = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        build, requests, out = Path(folder, "build"), Path(folder, "requests.json"), Path(folder, "answers.json")
        micropython.build(build)
        requests.write_text(json.dumps(data), encoding="utf-8")
        subprocess.run(["node", str(REPLAY), str(build), str(requests), str(out)], check=True)
        replay = json.loads(out.read_text(encoding="utf-8"))
    theirs = replay["answers"]
    differ = [(r[0], a, b) for r, a, b in zip(data["requests"], ours, theirs, strict=True) if a != b]
    return differ, cpython, replay["boot_seconds"] + replay["replay_seconds"]


def main(argv: list[str]) -> int:
    """Command line: print the comparison; status 1 if any answer differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=20, help="print the first N differences")
    args = parser.parse_args(argv)
    data = corpus()
    differ, cpython, mpy = compare(data)
    total = len(data["requests"])
    print(f"{total - len(differ)} of {total} answers identical; CPython {cpython:.1f} s, MicroPython {mpy:.1f} s")
    for request, a, b in differ[:args.show]:
        print(f"- {request[:200]}\n  CPython:     {a[:300]}\n  MicroPython: {b[:300]}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
