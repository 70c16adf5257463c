"""Review 7 (notes/breaker7), finding 5, on the French chain calculator at 360 × 780, first visit: the site's
picker said « Aucune édition choisie » while the calculator's own edition field, a few lines below, said « BB2025 »
and computed BB2025: two edition controls that disagreed on one screen. The picker keeps its name for "no choice"
(the same on every page, review 6 finding 14); the calculator's field now says why it computes BB2025:
« BB2025 (la plus récente, par défaut) », the newest edition of the data, until the reader chooses one.
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, norm, url_of
from test_a11y import axe_violations, inject_axe

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
PICKER = "select[data-nc-edition-picker]"


def shown_editions(c: Calc) -> dict:
    """What the picker says, what the calculator's edition field says, and the edition the result names."""
    page = c.page
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")
    select = page.locator(f'{c.form} select[name="edition"]')
    return {"picker": norm(page.eval_on_selector(PICKER, "s => s.selectedOptions[0].text")),
            "chosen": page.eval_on_selector(PICKER, "s => s.value"),
            "field": norm(select.evaluate("s => s.selectedOptions[0].text")),
            "options": [norm(t) for t in select.evaluate("s => [...s.options].map((o) => o.text)")],
            "named": norm(page.inner_text(f"{c.box} [data-nc-edition-used]"))}


def test_with_no_edition_chosen_the_calculator_says_it_computes_the_newest_by_default(open_page, web, repo, rules):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", "calculators/chain/"))
    c = Calc(page, "chain", "fr", repo, rules)
    c.wait()
    # the newest edition, from the data: the picker lists the editions oldest first
    newest = page.eval_on_selector(PICKER, "s => s.options[s.options.length - 1].value")
    seen = shown_editions(c)
    name = seen["named"]  # the edition the result says it is for, by its name in the calculator
    by_default = c.ctx.t("{edition} (newest, by default)", edition=name)
    assert seen["picker"] == c.ctx.t("No edition chosen"), seen
    assert seen["field"] == norm(by_default), seen
    assert c.request()["edition"] == newest
    c.set("max_team_rerolls", "0")  # it computes that edition
    c.check()
    inject_axe(page)
    assert axe_violations(page) == []
    # an edition chosen in the picker: both say it, and no option says "by default" any more
    page.select_option(PICKER, "bb2020")
    c.wait()
    seen = shown_editions(c)
    assert seen["field"] == "BB2020" and seen["chosen"] == "bb2020", seen
    assert norm(by_default) not in seen["options"] and name in seen["options"], seen
    # the newest chosen by the reader is their choice, not a default
    c.set("edition", newest)
    seen = shown_editions(c)
    assert seen["field"] == name and seen["chosen"] == newest, seen
    # "Show all": no edition chosen again, and the field says which one it computes
    page.click("button[data-nc-show-all]")
    seen = shown_editions(c)
    assert seen["picker"] == c.ctx.t("No edition chosen") and seen["field"] == norm(by_default), seen
    assert seen["named"] == name, seen
