"""Issue 26, item 11, on a 360 × 780 phone in French: what MicroPython does before its first answer.

It used to compile the package's source (0.2 MB) and read the rules through mpshim's pure-Python json before
it could answer; now the package comes as bytecode (plugins/calc/mpbundle.py) and the rules are read by
MicroPython's own json (mpshim/sortedjson.py) when they are the text the build wrote. The worker says how it
started in `self.nuffleBoot`; the answer shown is checked against `calculators.api.handle` in CPython.
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, url_of
from test_build_answers import pick
from test_micropython_first import PHONE, answered_by_python

pytestmark = pytest.mark.browser


def test_micropython_answers_from_bytecode_with_the_rules_read_natively(context, web, repo, rules):
    workers = []
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.on("worker", lambda worker: workers.append(worker) if "mp-worker" in worker.url else None)
    page.goto(url_of(web, "fr", "targets/agility-classic/"))
    c = Calc(page, "agility", "fr", repo, rules)
    pick(c, "tackle_zones", 2)
    pick(c, "reroll", True)  # two fields away from the form as built: no build answer
    answered_by_python(c)
    assert len(workers) == 1
    boot = workers[0].evaluate("self.nuffleBoot")
    assert boot["path"] == "micropython", boot
    assert boot["bytecode"] > 50, boot  # every module came compiled (and imported: the answer is above)
    assert boot["rules"] == "native", boot
