"""Issue 26, item 11: one implementation of the rules, two runtimes, both tested in CI.

Replays a fixed subset of the requests through the MicroPython build of calculators/ (plugins/calc/micropython.py,
npm ``@micropython/micropython-webassembly-pyscript``, one Node process) and through CPython, and requires the
same answer text, byte for byte: every example of calculators/API.md, the first recorded request of every kind,
the door's lone-surrogate cases, every 25th recorded request and every 16th BloodBowlDave vector
(``plugins.calc.micropython_compare.sample``: chosen by position, never by timing).  About 8 s of CPU time on
the 2-core machine, Node included.  The whole replay (4,011 recorded requests and the 256 vectors) stays a command:
``.venv/bin/python -m plugins.calc.micropython_compare``.

Never skipped: ``make test`` installs Node.js's packages (``npm ci``); without them this test fails and says so.
"""

from __future__ import annotations

import json
import shutil

import pytest

from calculators.api import KINDS
from plugins.calc.micropython_compare import ROOT, SURROGATE_REQUESTS, api_examples, compare, corpus, sample

PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def test_node_and_micropython_are_installed():
    assert shutil.which("node"), "Node.js is needed: install it, then `make test` (npm ci) installs MicroPython"
    assert PACKAGE.is_file(), f"{PACKAGE} is missing: run `npm ci` (make install)"


@pytest.fixture(scope="module")
def chosen() -> dict:
    """The CI subset of the recorded requests and vectors (read once: the rules export takes a few seconds)."""
    return sample(corpus(), list(KINDS))


def test_the_sample_covers_every_kind_every_example_and_the_vectors(chosen):
    texts = [r for r, _ in chosen["requests"]]
    examples = api_examples()
    assert len(examples) >= len(KINDS) and all(t in texts for t in SURROGATE_REQUESTS)
    assert all(json.dumps(e, ensure_ascii=False) in texts for e in examples)
    kinds = {k for k in KINDS if any(f'"kind": "{k}"' in t for t in texts[len(examples):])}
    assert kinds == set(KINDS), sorted(set(KINDS) - kinds)
    assert sum('"kind": "dave"' in t and '"team_rerolls"' in t for t in texts) >= 16


def test_micropython_answers_the_sample_as_cpython_does(chosen):
    data = chosen
    differ, _, _ = compare(data)
    shown = "\n".join(ascii(f"{request[:160]}\n  CPython:     {a[:240]}\n  MicroPython: {b[:240]}")
                      for request, a, b in differ[:5])
    assert not differ, f"{len(differ)} of {len(data['requests'])} answers differ under MicroPython:\n{shown}"
