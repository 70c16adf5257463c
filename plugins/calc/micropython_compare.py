"""Replay the recorded JSON-door requests under CPython and under MicroPython; print how many answers agree.

    .venv/bin/python -m plugins.calc.micropython_compare [--show N] [--sample]

The requests: ``tests/calculators/micropython_requests.json.gz`` (what the resolver's tests send through the door,
recorded by `plugins/calc/micropython_record.py`) plus one ``dave`` request per BloodBowlDave vector
(``tests/calculators/dave_vectors.yml``, with the real rules export).  Each goes through
``calculators.api.handle_json`` in CPython here and in one Node process running MicroPython
(`micropython_replay.mjs`) on the package built by `plugins/calc/micropython.py`; answers are compared as text,
byte for byte.  Exit status 1 if any differs.  ``--sample`` replays only :func:`sample`, the subset that CI runs
(tests/calculators/test_micropython_replay.py).
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


#: the CI subset takes every SAMPLE_STRIDE-th recorded request and every VECTOR_STRIDE-th BloodBowlDave vector
SAMPLE_STRIDE = 25
VECTOR_STRIDE = 16

#: the door's lone-surrogate rule, which both runtimes must apply alike (escaped, capitals, in a name, nested,
#: raw: a browser's string reaches MicroPython with the surrogate in it)
SURROGATE_REQUESTS = ['{"kind": "chain", "chain": "D3,\\ud800"}', '{"kind": "chain", "chain": "\\uDFFF"}',
                      '{"kind": "armour", "av": 8, "\\ud83d": 1}', '{"kind": "block", "attacker": {"skills": ["\\udc00"]}}',
                      '{"kind": "chain", "chain": "D3\\ud83d\\ude00"}', '{"kind": "chain", "chain": "D3\\\\ud800"}',
                      '{"kind": "chain", "chain": "D3,\ud800"}', '{"kind": "test", "target": 3, "\udfff": 1}']


def api_examples() -> list[dict]:
    """The request objects of calculators/API.md's examples, in the document's order."""
    sys.path.insert(0, str(ROOT / "tests" / "calculators"))
    from test_api_examples import API_EXAMPLES
    return [e["request"] for e in API_EXAMPLES]


def _kind(request_json: str) -> object:
    try:
        request = json.loads(request_json)
    except ValueError:
        return None
    return request.get("kind") if isinstance(request, dict) else None


def sample(data: dict, kinds: list[str]) -> dict:
    """The subset of :func:`corpus` that CI replays, in this order, each chosen by position (no timing, no chance):

    every example of calculators/API.md, with the rules exported from data/ (as test_api_examples.py sends them);
    the first recorded request of each kind of ``kinds``; the door's lone-surrogate cases; every
    :data:`SAMPLE_STRIDE`-th recorded request from the first on; every :data:`VECTOR_STRIDE`-th BloodBowlDave
    vector from the first on.  Raises ValueError when a kind has no recorded request (record again).
    """
    export = len(data["rules"]) - 1  # corpus() appends the rules export last
    vectors = [r for r in data["requests"] if r[1] == export and _kind(r[0]) == "dave"]
    recorded = [r for r in data["requests"] if r[1] != export]
    chosen = [[json.dumps(e, ensure_ascii=False), export] for e in api_examples()]
    for kind in kinds:
        first = next((r for r in recorded if _kind(r[0]) == kind), None)
        if first is None:
            raise ValueError(f"no recorded request of kind {kind!r}: record again (plugins/calc/micropython_record.py)")
        chosen.append(first)
    chosen += [[text, None] for text in SURROGATE_REQUESTS]
    chosen += recorded[::SAMPLE_STRIDE] + vectors[::VECTOR_STRIDE]
    return {"rules": data["rules"], "requests": chosen}


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
    parser.add_argument("--sample", action="store_true", help="replay only the subset that CI runs")
    args = parser.parse_args(argv)
    data = corpus()
    if args.sample:
        from calculators.api import KINDS
        data = sample(data, list(KINDS))
    differ, cpython, mpy = compare(data)
    total = len(data["requests"])
    print(f"{total - len(differ)} of {total} answers identical; CPython {cpython:.1f} s, MicroPython {mpy:.1f} s")
    for request, a, b in differ[:args.show]:  # ASCII: a request may hold a lone surrogate
        print(ascii(f"- {request[:200]}\n  CPython:     {a[:300]}\n  MicroPython: {b[:300]}")[1:-1].replace("\\n", "\n"))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
