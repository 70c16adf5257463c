"""Issue 26, item 11: one implementation of the rules, two runtimes, both tested in CI.

Replays requests on MicroPython's WebAssembly port (npm ``@micropython/micropython-webassembly-pyscript``, from
node_modules) running the package exactly as the site ships it: the `.mpy` pack that the build writes
(``plugins.calc.mpbundle.micropython_package``, made once per test run), booted by the site's own worker
(plugins/site/assets/mp-worker.js) with the site's rules text, which it reads with MicroPython's own json; and
requires CPython's answer text, byte for byte.  The requests (``plugins.calc.micropython_compare.sample``, chosen
by position, never by timing): the 30 examples of calculators/API.md, the door's 8 lone-surrogate cases, the
recorded requests stratified by kind (every one of a kind with at most 400, every 2nd of agility's, every 3rd of
chain's and armour's: 2,230 of the 4,011) and all 256 BloodBowlDave vectors, 2,524 requests in :data:`SHARDS` Node
processes that the test workers share.  About 37 s of CPU time in all on the 2-core machine (Node's 35 s at a load
of 7-10, CPython's 2 s, the package made once, 1 s), so about 19 s of `make test`'s wall time with both cores busy.
The whole replay, 4,267 requests, stays a command: ``.venv/bin/python -m plugins.calc.micropython_compare``.

Never skipped: ``make test`` installs Node.js's packages (``npm ci``); without them these tests fail and say so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from filelock import FileLock

from calculators.api import KINDS, handle_json
from plugins.calc.micropython_compare import (NO_KIND, PER_KIND, ROOT, SURROGATE_REQUESTS, api_examples, check,
                                              corpus, cpython_answers, differences, kind_of, left_out, parts,
                                              sample, shard, shipped_answers, stratum)
from plugins.calc.mpbundle import micropython_package, unpack

PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

#: Node processes the replay is split into (interleaved parts: tests/ workers take them as they come)
SHARDS = 4


def test_node_and_micropython_are_installed():
    assert shutil.which("node"), "Node.js is needed: install it, then `make test` (npm ci) installs MicroPython"
    assert PACKAGE.is_file(), f"{PACKAGE} is missing: run `npm ci` (make install)"


@pytest.fixture(scope="session")
def recorded(repo) -> dict:
    """The whole corpus: the recording and the vectors, on the site's rules text (the last rules)."""
    return corpus(repo)


@pytest.fixture(scope="session")
def chosen(recorded) -> dict:
    """The CI subset of the recorded requests and vectors."""
    return sample(recorded, list(KINDS))


@pytest.fixture(scope="session")
def shipped_package(tmp_path_factory, request) -> Path:
    """The `.mpy` pack as the build makes it (mpbundle.micropython_package, the function the build calls), made
    once per test run: the first test process makes it under a file lock, the others read the file."""
    base = tmp_path_factory.getbasetemp()
    folder = base.parent if hasattr(request.config, "workerinput") else base  # every worker's common folder
    with FileLock(folder / "mp-package.lock"):
        made = sorted(folder.glob("mp-calculators-*.bin"))
        if made:
            return made[0]
        name, data = micropython_package()
        (folder / name).write_bytes(data)
        return folder / name


def test_the_recording_answers_every_kind(recorded):
    """Each kind of calculators/api/kinds.py has a recorded request that CPython answers with a result (not an
    error): a kind added to the door without a test through it, or a recording older than the kind, fails here."""
    requests, _, _ = parts(recorded)
    rules = recorded["rules"]
    for kind in KINDS:
        of_kind = [(r, i) for r, i in requests if kind_of(r) == kind]
        assert of_kind, f"no recorded request of kind {kind!r}: record again (plugins/calc/micropython_record.py)"
        answers = (handle_json(r) if i is None else handle_json(r, rules[i]) for r, i in of_kind)
        assert any(json.loads(a)["ok"] for a in answers), f"every recorded {kind!r} request is answered with an error"


def test_the_sample_covers_every_kind_every_example_and_every_vector(recorded, chosen):
    texts = [r for r, _ in chosen["requests"]]
    examples = api_examples()
    assert len(examples) >= len(KINDS) and all(t in texts for t in SURROGATE_REQUESTS)
    assert all(json.dumps(e, ensure_ascii=False) in texts for e in examples)
    requests, vectors, _ = parts(recorded)
    assert len(vectors) == 256 and chosen["requests"][-256:] == vectors
    kinds, at = list(KINDS), {(r, i): n for n, (r, i) in enumerate(requests)}
    replayed = [at[r, i] for r, i in chosen["requests"][len(examples) + len(SURROGATE_REQUESTS):-256]]
    assert replayed == sorted(set(replayed))  # recorded requests, in the recording's order, none twice
    for group in [*kinds, NO_KIND]:
        count = sum(stratum(r, kinds) == group for r, _ in requests)
        kept = sum(stratum(requests[n][0], kinds) == group for n in replayed)
        # a kind of at most PER_KIND recorded requests whole, a larger one at least half of PER_KIND
        assert kept >= min(count, PER_KIND // 2) and (kept == count or count > PER_KIND), (group, count, kept)
    assert set(left_out(recorded, list(KINDS))) <= set(KINDS)


@pytest.mark.parametrize("part", range(SHARDS))
def test_micropython_as_shipped_answers_as_cpython(part, chosen, shipped_package):
    data = shard(chosen, part, SHARDS)
    answered, report = shipped_answers(data, shipped_package, chosen["rules"][-1])
    modules = sum(path.endswith(".mpy") for path in unpack(shipped_package.read_bytes()))
    # the site's path: every module from the build's bytecode, the site's rules read by MicroPython's own json
    assert report["boot"]["bytecode"] == modules and report["boot"]["rules"] == "native", report["boot"]
    check(data["requests"], cpython_answers(data), answered)


def test_one_differing_byte_fails_the_comparison():
    requests = [['{"kind": "test", "target": 3}', None], ['{"kind": "chain", "chain": "D3"}', None]]
    expected = cpython_answers({"rules": [], "requests": requests})
    check(requests, expected, list(expected))
    altered = [expected[0], expected[1].replace("}", " }", 1)]  # the same JSON value, not the same text
    assert differences(requests, expected, altered) == [(requests[1][0], expected[1], altered[1])]
    with pytest.raises(AssertionError, match=r"1 of 2 answers differ under MicroPython"):
        check(requests, expected, altered)
    with pytest.raises(ValueError):  # an answer missing is not agreement
        check(requests, expected, expected[:1])


def test_keys_in_another_order_fail_the_comparison():
    """The answers are compared as text, so the order of their keys is compared too: MicroPython's dict keeps
    no order (the build makes every dict an OrderedDict, plugins/calc/micropython.py). The page reads an answer
    parsed (worker-rpc.mjs), mostly by key, but it also walks some of its objects in their order (roll-form.js
    reads a player's flags with Object.keys), and the build's answers and both runtimes' are one text. Here the
    same JSON value with the keys of its result reversed, written alike otherwise, is a difference."""
    requests = [['{"kind": "chain", "chain": "D3,R2"}', None]]
    answer = json.loads(cpython_answers({"rules": [], "requests": requests})[0])
    reordered = {**answer, "result": dict(reversed(answer["result"].items()))}
    assert reordered == answer and list(reordered["result"]) != list(answer["result"])  # same value, other order
    differ = differences(requests, [json.dumps(answer)], [json.dumps(reordered)])
    assert len(differ) == 1
