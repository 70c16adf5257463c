"""Review 7 (notes/breaker7), finding 8, on the French chain calculator at 360 × 780: on a slow link, one long
chain started Pyodide's 10.8 MB download 3 s after the request (js/engine.mjs, HANDOFF_MS), while MicroPython
was still computing it, and MicroPython answered first anyway. Now, on a link the browser reports as metered or
slow (navigator.connection: saveData, or an effectiveType of slow-2g, 2g or 3g), a slow answer is waited for:
the headline says it is computing, nothing of Pyodide is fetched, and MicroPython's answer is shown. On a fast
link the hand-over stays (test_micropython_first.py).

Chromium's network emulation does not change effectiveType reliably, so the page's navigator.connection is
replaced by an init script. The hand-over budget is made small (`window.nuffleHandoffMs`), as in
test_micropython_first.py, so that the slow chain runs well past it.
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, url_of
from test_micropython_first import SLOW, phone_tab

pytestmark = pytest.mark.browser
LINK = """link => Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => ({
    ...link, downlink: 1.6, rtt: 300, addEventListener() {}, removeEventListener() {}, onchange: null})})"""
PYODIDE = ("/pyodide/", "calc-worker")


@pytest.mark.parametrize("link", [{"effectiveType": "3g", "saveData": False},
                                  {"effectiveType": "4g", "saveData": True}], ids=["3g", "save-data"])
def test_a_slow_chain_on_a_metered_link_waits_for_micropython(context, web, repo, rules, link):
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    context.add_init_script(f"({LINK})({{effectiveType: '{link['effectiveType']}', "
                            f"saveData: {str(link['saveData']).lower()}}})")
    workers: list[str] = []
    page = phone_tab(context)
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(url_of(web, "fr", "calculators/chain/"))
    assert page.evaluate("() => navigator.connection.effectiveType") == link["effectiveType"]
    c = Calc(page, "chain", "fr", repo, rules)
    # the calculator is on the first screen: the page starts Python and computes the form's answer itself
    page.wait_for_selector(f'{c.box} [data-result][data-source="python"][data-state="done"]', state="attached")
    c.check()
    page.evaluate("window.nuffleHandoffMs = 200")
    page.locator(f'{c.form} [data-name="chain"] input').fill(SLOW)
    # past the hand-over budget, the headline still says it is computing, and Pyodide is not fetched
    c.wait("computing")
    page.wait_for_timeout(600)  # three times the hand-over budget; MicroPython takes seconds on this chain
    assert c.state() == "computing"
    assert page.text_content(f'{c.box} [data-result] [data-field="status"]') == c.ctx.t("Computing…")
    page.wait_for_selector(f'{c.box} [data-result][data-source="python"][data-state="done"]', state="attached")
    assert [url for url in fetched if any(part in url for part in PYODIDE)] == []
    assert [url for url in workers if "calc-worker" in url] == []
    assert any("mp-worker" in url for url in workers)
    c.check()  # MicroPython's answer, the resolver's
