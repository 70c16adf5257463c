"""One implementation, two runtimes: the requests the resolver's tests send through the JSON door, and every
BloodBowlDave vector, answered by CPython here and by the MicroPython build (plugins/calc/micropython.py) in
one Node process; the answers must be the same text, byte for byte.

The requests are recorded in ``micropython_requests.json.gz`` (re-record with
``.venv/bin/python -m pytest -q -n 0 -p plugins.calc.micropython_record tests/calculators
--ignore=tests/calculators/test_fuzz_api.py --ignore=tests/calculators/test_pyodide.py
--ignore=tests/calculators/test_pyodide_bytecode.py``); ``plugins.calc.micropython_compare`` adds the vectors
and prints the same comparison with timings.

The only answers allowed to differ are listed in :data:`KNOWN`, each with its cause; the test fails on any
other difference and on a listed one that no longer differs.
"""

from __future__ import annotations

import json

import pytest

from plugins.calc import micropython_compare

#: request -> why its answer differs under MicroPython (only what the runtime cannot represent)
KNOWN = {
    '{"kind": "chain", "chain": "D3,\\ud800"}':
        "a lone surrogate: MicroPython's str is UTF-8 and cannot hold one, the JSON shim reads it as U+FFFD, "
        "so the error message quotes '\\ufffd' where CPython quotes '\\ud800'",
    '{"kind": "chain", "chain": "\\udfff"}': "a lone surrogate (as above)",
    '{"kind": "armour", "av": 8, "\\ud83d": 1}': "a lone surrogate in a field name (as above)",
}


@pytest.fixture(scope="module")
def comparison():
    data = micropython_compare.corpus()
    differ, _, _ = micropython_compare.compare(data)
    return data, differ


def test_the_corpus_holds_the_door_requests_and_the_vectors():
    data = micropython_compare.corpus()
    kinds = {request.get("kind") for request in map(_safe, (r for r, _ in data["requests"]))
             if isinstance(request, dict) and isinstance(request.get("kind"), str)}
    from calculators.api import KINDS
    assert set(KINDS) <= kinds, f"request kinds never replayed: {set(KINDS) - kinds}"
    assert sum(1 for r, _ in data["requests"] if '"kind": "dave"' in r) >= 256


def _safe(text):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # the hostile tests' requests
        return None


def test_micropython_answers_every_request_as_cpython_does(comparison):
    _, differ = comparison
    unexpected = [(r, a, b) for r, a, b in differ if r not in KNOWN]
    assert not unexpected, "answers that differ under MicroPython:\n" + "\n".join(
        f"{r[:120]}\n  CPython:     {a[:200]}\n  MicroPython: {b[:200]}" for r, a, b in unexpected[:10])
    assert {r for r, _, _ in differ} == set(KNOWN), "a known difference is gone: remove it from KNOWN"
