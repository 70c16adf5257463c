"""Issue 26, item 11, on a 360 × 780 phone in French: the calculators answer with MicroPython first.

A calculator page used to answer a change the build had not precomputed only once Pyodide (10.8 MB, about 36 s
at 1.6 Mbps) had loaded; after a first visit to the home page alone, a calculator offline said that Python
could not be loaded. Now the page's worker runs the MicroPython build of the same package (plugins/calc/
mpbundle.py, 0.35 MB as sent) and Pyodide stands behind it (js/engine.mjs). Every value shown is checked
against `calculators.api.handle` in CPython (`Calc.check`).
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, url_of
from test_build_answers import pick  # one change, not waiting for its answer

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
AGILITY = "targets/agility-classic/"
# The slowest accepted chain of bench_worst_notation.py since MicroPython's shims got faster: 9 × (dodge, rush,
# a three-dice block) with Pro, Loner and Consummate Professional, 8 team re-rolls, BB2025 as written: about 0.3 s
# of CPU in CPython, about 3.5 s in MicroPython, so Pyodide, started after a small budget, answers first. (The
# chain used before, with a foul in each step, takes MicroPython about 1.3 s now: it could finish first.)
SLOW = "[pro,loner=2,consummate]" + ",".join(["D6d,R6f,B-3bt:bdw"] * 9) + ";tr=8"


def phone_tab(context):
    tab = context.new_page()
    tab.set_viewport_size(PHONE)
    return tab


def answered_by_python(c: Calc) -> None:
    """The page computed the form's answer itself (not the build's), and it is the resolver's."""
    c.page.wait_for_selector(f'{c.box} [data-result][data-source="python"]:is([data-state="done"], '
                             '[data-state="error"])', state="attached")
    c.check()


def answer_two_changes(context, web, repo, rules, changes: dict) -> None:
    """Open the French Agility page on a phone, make `changes` (two fields: no build answer), and check that
    the page computes the resolver's answer to that request."""
    page = phone_tab(context)
    page.goto(url_of(web, "fr", AGILITY))
    c = Calc(page, "agility", "fr", repo, rules)
    for name, value in changes.items():
        pick(c, name, value)
    answered_by_python(c)
    assert {name: c.request()[name] for name in changes} == changes


def test_an_answer_the_build_did_not_foresee_comes_with_every_pyodide_url_blocked(context, web, repo, rules):
    """Two fields away from the form as built: the build has no answer, and Pyodide cannot be fetched. Before,
    the page waited for Pyodide and showed no number ("loading", then "Python could not be loaded")."""
    blocked: list[str] = []

    def abort(route):
        blocked.append(route.request.url)
        route.abort()

    context.route("**/pyodide/**", abort)
    answer_two_changes(context, web, repo, rules, {"tackle_zones": 2, "reroll": True})
    assert not [url for url in blocked if url.endswith((".wasm", ".zip"))], "Pyodide was not needed"


def test_offline_after_visiting_only_the_french_home_page_a_calculator_answers(context, web, repo, rules):
    """Item 10: the home page promises offline use once visited. After a visit to /fr/ alone (its service
    worker installed), offline, a calculator page answers a change the build did not foresee. Before, it
    said that Python could not be loaded."""
    home = phone_tab(context)
    home.goto(web.url + "fr/")
    home.wait_for_load_state("load")
    # offline.js registers the service worker when the browser is idle; `ready` once it is active (its
    # install, which precaches, is over by then)
    home.evaluate("navigator.serviceWorker.ready.then(() => true)")
    home.close()
    context.set_offline(True)
    try:
        answer_two_changes(context, web, repo, rules, {"tackle_zones": 3, "reroll": True})
    finally:
        context.set_offline(False)


def test_a_request_micropython_cannot_finish_in_its_budget_gets_pyodides_answer(context, web, repo, rules):
    """MicroPython answers the page's first request; the slowest chain outruns its budget (made small here:
    `window.nuffleHandoffMs`), so Pyodide starts, gets the same request and answers first: MicroPython's busy
    worker is stopped, and the answer shown is the resolver's."""
    workers: dict[str, list] = {"mp": [], "py": []}
    closed: list = []

    def started(worker):
        name = "mp" if "mp-worker" in worker.url else "py" if "calc-worker" in worker.url else None
        if name:
            workers[name].append(worker)
            worker.on("close", lambda w: closed.append(w))

    page = phone_tab(context)
    page.on("worker", started)
    page.goto(url_of(web, "fr", "calculators/chain/"))
    c = Calc(page, "chain", "fr", repo, rules)
    c.set("edition", "bb2025")
    c.check()
    assert len(workers["mp"]) == 1 and not workers["py"], "MicroPython answers first, Pyodide is not fetched"

    page.evaluate("window.nuffleHandoffMs = 200")
    c.set("chain", SLOW)
    c.check()
    assert len(workers["py"]) == 1, "Pyodide was started for the slow request"
    for _ in range(50):  # the close event comes from the browser process
        if closed:
            break
        page.wait_for_timeout(100)
    assert closed == workers["mp"], "Pyodide answered first and MicroPython's busy worker was stopped"
