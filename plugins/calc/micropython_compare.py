"""Replay the recorded JSON-door requests under CPython and under MicroPython; print how many answers agree.

    .venv/bin/python -m plugins.calc.micropython_compare [--show N] [--sample] [--source]

The requests: ``tests/calculators/micropython_requests.json.gz`` (what the resolver's tests send through the door,
recorded by `plugins/calc/micropython_record.py`) plus one ``dave`` request per BloodBowlDave vector
(``tests/calculators/dave_vectors.yml``) on the site's rules text (rules.json as the build writes it).  Each goes
through ``calculators.api.handle_json`` in CPython here and in one Node process running MicroPython; answers are
compared as text, byte for byte.  Exit status 1 if any differs.

By default MicroPython runs the package as the site ships it: the `.mpy` pack that the build writes
(:func:`plugins.calc.mpbundle.micropython_package`), booted by the site's own worker
(plugins/site/assets/mp-worker.js, through `micropython_worker_replay.mjs`), which reads the site's rules with
MicroPython's own json.  ``--source`` replays the source build of `plugins/calc/micropython.py` instead
(`micropython_replay.mjs`: Python's tracebacks name the lines).  ``--sample`` replays only :func:`sample`, the
subset that CI runs (tests/calculators/test_micropython_replay.py), and says what it leaves out.
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
SHIPPED_REPLAY = Path(__file__).resolve().parent / "micropython_worker_replay.mjs"
# mp-worker.js is an ES module in a folder whose package.json names no "type": Node reads it as one, with a warning
NODE = ["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON"]
#: seconds a replay may take before it is stopped (a worker that never answers): the whole replay takes about 2 min
NODE_TIMEOUT_S = 900


def site_rules(repo=None) -> str:
    """The rules text the site serves (api/v1/rules.json as the build writes it: sorted keys, which the worker's
    native reading needs), for the Repository `repo` (default: data/ loaded now)."""
    from plugins.data import load_repository
    from plugins.data.export import rules_export
    from .plugin import published_json

    return published_json(rules_export(repo if repo is not None else load_repository(ROOT / "data")))


def corpus(repo=None) -> dict:
    """``{"rules": [text, ...], "requests": [[request text, rules index or None], ...]}``: the recorded requests,
    then the BloodBowlDave vectors as ``dave`` requests on :func:`site_rules` (the last rules text)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from yaml_files import read_yaml

    data = json.loads(gzip.decompress(RECORDED.read_bytes()))
    data["rules"].append(site_rules(repo))
    index = len(data["rules"]) - 1
    for vector in read_yaml(ROOT / "tests" / "calculators" / "dave_vectors.yml")["vectors"]:
        request = {"kind": "dave", "dave": vector["input"], "team_rerolls": min(8, len(vector["expected"]) - 1)}
        data["requests"].append([json.dumps(request, ensure_ascii=False), index])
    return data


#: CI replays at most PER_KIND recorded requests of each kind (every n-th of a kind that has more, n the smallest
#: that brings it under): it cuts the three big kinds (chain, armour, agility: 2,862 of the 4,011 requests, mostly
#: one test's parameters over and over) and keeps every request of the others. The whole replay costs about 54 s
#: of CPU time, more than CI's budget of about 25 s of wall time on 2 cores; this sample about 37 s
#: (tests/calculators/test_micropython_replay.py)
PER_KIND = 400

#: the door's lone-surrogate rule, which both runtimes must apply alike (escaped, capitals, in a name, nested,
#: raw: a browser's string reaches MicroPython with the surrogate in it)
SURROGATE_REQUESTS = ['{"kind": "chain", "chain": "D3,\\ud800"}', '{"kind": "chain", "chain": "\\uDFFF"}',
                      '{"kind": "armour", "av": 8, "\\ud83d": 1}', '{"kind": "block", "attacker": {"skills": ["\\udc00"]}}',
                      '{"kind": "chain", "chain": "D3\\ud83d\\ude00"}', '{"kind": "chain", "chain": "D3\\\\ud800"}',
                      '{"kind": "chain", "chain": "D3,\ud800"}', '{"kind": "test", "target": 3, "\udfff": 1}']

#: the stratum of a recorded request that is not an object with a known kind (not JSON, no kind, another type)
NO_KIND = "(no kind)"


def api_examples() -> list[dict]:
    """The request objects of calculators/API.md's examples, in the document's order."""
    sys.path.insert(0, str(ROOT / "tests" / "calculators"))
    from test_api_examples import API_EXAMPLES
    return [e["request"] for e in API_EXAMPLES]


def kind_of(request_json: str) -> object:
    """The ``kind`` of the request text (any JSON value), or None when it is not a JSON object."""
    try:
        request = json.loads(request_json)
    except (ValueError, RecursionError):  # not JSON; nested too deep (the door's own tests send both)
        return None
    return request.get("kind") if isinstance(request, dict) else None


def stratum(request_json: str, kinds: list[str]) -> str:
    """The request's kind when it is one of ``kinds``, else :data:`NO_KIND`: how :func:`sample` groups them."""
    kind = kind_of(request_json)
    return kind if isinstance(kind, str) and kind in kinds else NO_KIND


def parts(data: dict) -> tuple[list, list, int]:
    """(the recorded requests, the vectors' requests, the index of the site's rules) of a :func:`corpus`."""
    export = len(data["rules"]) - 1  # corpus() appends the site's rules last
    vectors = [r for r in data["requests"] if r[1] == export and kind_of(r[0]) == "dave"]
    return [r for r in data["requests"] if r[1] != export], vectors, export


def sample(data: dict, kinds: list[str]) -> dict:
    """The subset of :func:`corpus` that CI replays, in this order, each chosen by position (no timing, no chance):

    every example of calculators/API.md, on the site's rules; the door's lone-surrogate cases; the recorded
    requests stratified by kind (:data:`NO_KIND` for those without a kind of ``kinds``): of a kind with more
    than :data:`PER_KIND`, every n-th from the first (n = ceil(count / PER_KIND)), of the others every one, in
    the recording's order; every BloodBowlDave vector.  Raises ValueError when a kind of ``kinds`` has no
    recorded request (record again: plugins/calc/micropython_record.py).
    """
    recorded, vectors, export = parts(data)
    strata = _strata(recorded, kinds)
    missing = [kind for kind in kinds if kind not in strata]
    if missing:
        raise ValueError(f"no recorded request of kind {missing}: record again (plugins/calc/micropython_record.py)")
    kept = {id(r) for members in strata.values() for r in _every_nth(members)}
    chosen = [[json.dumps(e, ensure_ascii=False), export] for e in api_examples()]
    chosen += [[text, None] for text in SURROGATE_REQUESTS]
    chosen += [r for r in recorded if id(r) in kept] + vectors
    return {"rules": data["rules"], "requests": chosen}


def _strata(recorded: list, kinds: list[str]) -> dict[str, list]:
    strata: dict[str, list] = {}
    for request in recorded:
        strata.setdefault(stratum(request[0], kinds), []).append(request)
    return strata


def _every_nth(members: list) -> list:
    """Every n-th of ``members`` from the first, n the smallest that keeps at most :data:`PER_KIND`."""
    return members[::-(-len(members) // PER_KIND)]


def left_out(data: dict, kinds: list[str]) -> dict[str, tuple[int, int]]:
    """{stratum: (recorded requests, how many of them :func:`sample` replays)}, for the strata it cuts."""
    strata = _strata(parts(data)[0], kinds)
    return {s: (len(m), len(_every_nth(m))) for s, m in strata.items() if len(_every_nth(m)) < len(m)}


def shard(data: dict, index: int, count: int) -> dict:
    """The ``index``-th of ``count`` interleaved parts of ``data``'s requests (every ``count``-th from ``index``),
    with the same rules texts: the parts together are the whole, each about as dear as the others."""
    return {"rules": data["rules"], "requests": data["requests"][index::count]}


def cpython_answers(data: dict) -> list[str]:
    """CPython's answer text to each request of ``data``, through ``calculators.api.handle_json``."""
    from calculators.api import handle_json

    return [handle_json(r) if i is None else handle_json(r, data["rules"][i]) for r, i in data["requests"]]


def shipped_answers(data: dict, package: Path, rules_text: str) -> tuple[list[str], dict]:
    """(MicroPython's answer text to each request of ``data``, the replay's report: ``boot`` (the worker's
    self.nuffleBoot), ``cpu_seconds``, ...) on ``package`` (the build's `.mpy` pack, a file), booted by the site's
    worker with ``rules_text`` as the site's rules; see micropython_worker_replay.mjs.

    Raises subprocess.CalledProcessError when Node fails (the port missing, the worker failing to start),
    subprocess.TimeoutExpired after :data:`NODE_TIMEOUT_S` seconds.
    """
    with tempfile.TemporaryDirectory(prefix="nuffle-mp-replay-") as folder:
        rules, requests, out = Path(folder, "rules.json"), Path(folder, "requests.json"), Path(folder, "answers.json")
        rules.write_text(rules_text, encoding="utf-8")
        requests.write_text(json.dumps(data), encoding="utf-8")  # ASCII: lone surrogates stay escaped
        subprocess.run([*NODE, str(SHIPPED_REPLAY), str(package), str(rules), str(requests), str(out)], check=True,
                       cwd=ROOT, stdout=subprocess.DEVNULL, timeout=NODE_TIMEOUT_S)
        report = json.loads(out.read_text(encoding="utf-8"))
    return report.pop("answers"), report


def source_answers(data: dict) -> tuple[list[str], dict]:
    """As :func:`shipped_answers`, on the source build of `plugins/calc/micropython.py` (micropython_replay.mjs)."""
    with tempfile.TemporaryDirectory(prefix="nuffle-mp-replay-") as folder:
        build, requests, out = Path(folder, "build"), Path(folder, "requests.json"), Path(folder, "answers.json")
        micropython.build(build)
        requests.write_text(json.dumps(data), encoding="utf-8")
        subprocess.run(["node", str(REPLAY), str(build), str(requests), str(out)], check=True)
        report = json.loads(out.read_text(encoding="utf-8"))
    return report.pop("answers"), report


def differences(requests: list, expected: list[str], answered: list[str]) -> list[tuple[str, str, str]]:
    """[(request text, expected answer, MicroPython's answer)] for every answer that differs by a byte.
    Compared as text, so keys in another order are a difference too (MicroPython's dict keeps no order; the page
    walks some of an answer's objects in their order: tests/calculators/test_micropython_replay.py checks it counts).

    Raises ValueError when the three lists are not of one length (an answer lost is a difference too).
    """
    return [(r[0], a, b) for r, a, b in zip(requests, expected, answered, strict=True) if a != b]


def check(requests: list, expected: list[str], answered: list[str]) -> None:
    """Raise AssertionError, showing the first five, when an answer of ``answered`` differs from ``expected``."""
    differ = differences(requests, expected, answered)
    shown = "\n".join(ascii(f"{request[:160]}\n  CPython:     {a[:240]}\n  MicroPython: {b[:240]}")
                      for request, a, b in differ[:5])  # ASCII: a request may hold a lone surrogate
    if differ:
        raise AssertionError(f"{len(differ)} of {len(requests)} answers differ under MicroPython:\n{shown}")


def compare(data: dict, source: bool = False) -> tuple[list[tuple[str, str, str]], float, dict]:
    """``(differences, seconds of CPython, the MicroPython replay's report)`` for ``data`` (the shipped package
    unless ``source``)."""
    start = time.process_time()
    ours = cpython_answers(data)
    cpython = time.process_time() - start
    if source:
        theirs, report = source_answers(data)
    else:
        from .mpbundle import micropython_package
        with tempfile.TemporaryDirectory(prefix="nuffle-mp-package-") as folder:
            name, packed = micropython_package()
            package = Path(folder, name)
            package.write_bytes(packed)
            theirs, report = shipped_answers(data, package, data["rules"][-1])
    return differences(data["requests"], ours, theirs), cpython, report


def main(argv: list[str]) -> int:
    """Command line: print the comparison; status 1 if any answer differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=20, help="print the first N differences")
    parser.add_argument("--sample", action="store_true", help="replay only the subset that CI runs")
    parser.add_argument("--source", action="store_true", help="the source build, not the package as shipped")
    args = parser.parse_args(argv)
    data = corpus()
    if args.sample:
        from calculators.api import KINDS
        for stratum, (count, kept) in left_out(data, list(KINDS)).items():
            print(f"sample: {kept} of the {count} recorded requests of {stratum}")
        data = sample(data, list(KINDS))
    start = time.perf_counter()
    differ, cpython, report = compare(data, source=args.source)
    total = len(data["requests"])
    print(f"{total - len(differ)} of {total} answers identical ({'source build' if args.source else 'as shipped'}, "
          f"rules read {report.get('boot', {}).get('rules', 'by mpshim')}); CPU: CPython {cpython:.1f} s, "
          f"MicroPython's Node process {report['cpu_seconds']:.1f} s; wall {time.perf_counter() - start:.0f} s")
    for request, a, b in differ[:args.show]:  # ASCII: a request may hold a lone surrogate
        print(ascii(f"- {request[:200]}\n  CPython:     {a[:300]}\n  MicroPython: {b[:300]}")[1:-1].replace("\\n", "\n"))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
