"""A request past the worker's time budget (issue 12, defect 3): the page says it is too large, in the reader's
language, terminates the worker and starts a fresh one, which answers the next request.

The budget is made small for the slow request only (`window.nuffleCalcBudgetMs`, read by nuffle.js on each
call); the chain below takes a few hundred milliseconds of CPU in CPython, more in Pyodide. The budget is
Pyodide's: the page runs Pyodide alone here (`window.nuffleRuntime`), as it does once MicroPython has handed
a request over (js/engine.mjs; tests/browser/test_micropython_first.py tests the hand-over).
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, url_of

pytestmark = pytest.mark.browser

BUDGET_MS = 150
# 7 x (dodge, rush, a three-dice block, a foul) with Pro and Loner, 8 team re-rolls: the slowest chain kind
SLOW = "[pro,loner=2]" + ",".join(["D6d,R6f,B-3bt:bdw,F10+8d"] * 7) + ";tr=8"


def test_a_request_past_the_budget_is_stopped_and_a_fresh_worker_answers(page, web, repo, rules):
    workers, closed = [], []

    def started(worker):
        if "calc-worker" not in worker.url:
            return  # Material's search worker
        workers.append(worker)
        worker.on("close", lambda w: closed.append(w))

    page.on("worker", started)
    page.add_init_script("window.nuffleRuntime = 'pyodide'")
    page.goto(url_of(web, "fr", "calculators/chain/"))
    c = Calc(page, "chain", "fr", repo, rules)
    c.wait()  # the default request, with the default budget
    assert len(workers) == 1
    c.set("edition", "bb2020")
    c.check()

    # a small budget for the slow request only (nuffle.js reads it on each call): a busy machine may take
    # more than that for the small requests too
    page.evaluate(f"window.nuffleCalcBudgetMs = {BUDGET_MS}")
    c.set("chain", SLOW)
    assert c.state() == "error"
    assert c.error_line() == c.ctx.t("This request is too large to compute in the page: it was stopped. Try fewer "
                                     "rolls, players or re-rolls.")
    for _ in range(50):  # the events arrive from the browser process
        if len(workers) == 2 and closed:
            break
        page.wait_for_timeout(100)
    assert len(workers) == 2, "a fresh worker is started"
    assert closed == [workers[0]], "the busy worker is terminated"

    # the fresh worker answers the next request
    page.evaluate("delete window.nuffleCalcBudgetMs")
    c.set("chain", "D3d,R2f")
    c.check()
