"""Before Python is ready, a change one field away from the form as built is answered from the build
(`data-answers`, plugins/site/render/answers.py): the reader on a slow link gets a number at once.

Python's runtime requests are held (never answered) so that the page stays in the state a slow first visit
is in for most of a minute; every value shown is still checked against `calculators.api.handle` in
CPython (`Calc.check`), and a change the build did not foresee waits for Python, showing no number.
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, url_of

pytestmark = pytest.mark.browser

STATUS_BUILT = {"fr": "Calculé lors de la construction de la page.", "ja": "ページ生成時に計算した結果です。"}


def hold_python(page) -> list[str]:
    """Keep every request for Python's runtimes (MicroPython's, first, and Pyodide's) pending, as on a slow
    link; returns the URLs asked for."""
    asked: list[str] = []
    page.route("**/pyodide/**", lambda route: asked.append(route.request.url))
    page.route("**/micropython/**", lambda route: asked.append(route.request.url))
    return asked


def open_waiting_for_python(page, web, repo, rules, lang: str, path: str, kind: str) -> tuple[Calc, list[str]]:
    """The page, Python held: its calculator shows the pre-rendered result (or "loading", when it is near
    enough to start Python at once). Returns the calculator and the runtime URLs asked for so far."""
    asked = hold_python(page)
    page.goto(url_of(web, lang, path))
    c = Calc(page, kind, lang, repo, rules)
    c.page.wait_for_selector(f'{c.box} [data-result]:is([data-state="prerendered"], [data-state="loading"])',
                             state="attached")
    return c, asked


def source(c: Calc) -> str | None:
    return c.page.eval_on_selector(f"{c.box} [data-result]", "el => el.dataset.source || null")


def status_line(c: Calc) -> str:
    return c.page.inner_text(f'{c.box} [data-result] [data-field="status"]').strip()


def pick(c: Calc, name: str, value) -> None:
    """Change one field without waiting for an answer (one that waits for Python never comes here)."""
    wrapper = f'{c.form} [data-name="{name}"]'
    if c.page.locator(f"{wrapper} select").count():
        c.page.locator(f"{wrapper} select").select_option(str(value))
    elif c.page.get_attribute(wrapper, "data-type") == "bool":
        box = c.page.locator(f"{wrapper} input")
        box.check() if value else box.uncheck()
    else:
        c.page.locator(f"{wrapper} input").fill(str(value))


def test_french_agility_change_is_answered_from_the_build_while_python_loads(page, web, repo, rules):
    c, asked = open_waiting_for_python(page, web, repo, rules, "fr", "targets/agility-classic/", "agility")
    c.set("tackle_zones", 2)
    assert asked, "the change did not start Python"  # started, and still loading
    assert source(c) == "build" and status_line(c) == STATUS_BUILT["fr"]
    c.check()  # every value shown is the resolver's, for the form's request
    assert c.query()["tackle_zones"] == "2"  # the address follows, as with Python
    # Two fields away from the form as built: not foreseen, so no number until Python answers.
    pick(c, "reroll", True)
    c.wait("loading")
    assert {cell["text"] for cell in c.results()} == {"—"}
    # Back to one change away: answered again at once.
    c.set("reroll", False)
    assert source(c) == "build"
    c.check()


def test_japanese_block_change_is_answered_from_the_build_while_python_loads(page, web, repo, rules):
    c, asked = open_waiting_for_python(page, web, repo, rules, "ja", "calculators/block/", "block")
    c.set("attacker_st", 4)
    assert asked
    assert source(c) == "build" and status_line(c) == STATUS_BUILT["ja"]
    c.check()
    c.set("attacker_st", 3)  # the form as built: its own answer, not a blank
    assert source(c) == "build"
    c.check()
    c.set("attacker_block", True)
    assert source(c) == "build"
    c.check()
