"""Issue 26, items 6 and 7, on a 360-px phone: calculators keep the reader's edition, and the live region reads
the headline chance.

- With no edition chosen (the site's picker on "All editions") a calculator computes the newest edition, BB2025.
- An edition chosen anywhere (the picker or a calculator's own edition select) is the reader's choice on every
  page, so the two edition controls of a screen never disagree.
- After a change, the result's live region says the headline chance (the panel's `[data-headline]`, or its
  first probability), not its first row ("Rolls as read: …").
"""
from __future__ import annotations

import re

import pytest

from calc_driver import Calc, live_says, norm, url_of

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
PICKER = "select[data-nc-edition-picker]"


def open_calc(open_page, web, repo, rules, lang: str, path: str, kind: str, query: str = "") -> Calc:
    """A phone page of calculator `kind`, its first answer in (from the build or from Python)."""
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, path, query))
    c = Calc(page, kind, lang, repo, rules)
    c.wait()
    return c


def goto_calc(c: Calc, web, repo, rules, path: str, kind: str) -> Calc:
    """Another calculator page in the same tab (the reader follows a link there)."""
    c.page.goto(url_of(web, c.lang, path))
    other = Calc(c.page, kind, c.lang, repo, rules)
    other.wait()
    return other


def controls(c: Calc) -> dict:
    """The edition the calculator computes, the one its result names, and what the site's picker says."""
    page = c.page
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")
    return {
        "select": page.input_value(f'{c.form} select[name="edition"]'),
        "named": norm(page.inner_text(f"{c.box} [data-nc-edition-used]")),
        "picker": page.eval_on_selector(PICKER, "s => s.value"),
        "stored": page.evaluate("() => localStorage.getItem('nuffle.edition')"),
    }


def test_with_no_edition_chosen_a_calculator_computes_bb2025_in_french(open_page, web, repo, rules):
    c = open_calc(open_page, web, repo, rules, "fr", "calculators/armour/", "armour")
    assert controls(c) == {"select": "bb2025", "named": "BB2025", "picker": "", "stored": None}
    assert c.request()["edition"] == "bb2025"
    assert c.check()["edition"] == "bb2025"  # every value shown is BB2025's, as the resolver computes it
    assert "edition" not in c.query()  # nothing chosen: the address stays as it was


@pytest.mark.parametrize("first, second, edition, name", [
    (("calculators/armour/", "armour"), ("calculators/foul/", "foul"), "bb2025", "BB2025"),
    (("calculators/block/", "block"), ("calculators/chain/", "chain"), "bb2020", "BB2020"),
])
def test_an_edition_chosen_in_a_calculator_is_the_readers_on_the_next_page_in_french(
        open_page, web, repo, rules, first, second, edition, name):
    c = open_calc(open_page, web, repo, rules, "fr", *first)
    if edition == "bb2025":  # BB2025 is already shown with nothing chosen: the reader moves away and back
        c.set("edition", "classic")
    c.set("edition", edition)
    c.check()
    # the picker of the same screen says it at once: the two controls agree
    assert controls(c) == {"select": edition, "named": name, "picker": edition, "stored": edition}
    other = goto_calc(c, web, repo, rules, *second)
    assert controls(other) == {"select": edition, "named": name, "picker": edition, "stored": edition}
    assert other.request()["edition"] == edition
    assert other.check()["edition"] == edition


def headline_text(c: Calc) -> str:
    """The headline the panel shows: its `[data-headline]`, else its first probability shown."""
    return c.page.eval_on_selector(f"{c.box} [data-result]", """panel => {
        const marked = panel.querySelector('[data-headline]');
        if (marked) return marked.textContent;
        const value = [...panel.querySelectorAll('[data-field][data-format="probability"]')]
            .find((el) => !el.closest('[hidden]'));
        return value ? value.textContent : '';
    }""")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_after_a_change_the_live_region_reads_the_headline_chance_at_360_px(open_page, web, repo, rules, lang):
    c = open_calc(open_page, web, repo, rules, lang, "calculators/chain/", "chain")
    c.set("max_team_rerolls", "0")
    c.check()
    shown = norm(headline_text(c))
    percent = re.search(r"\(([^()]*%[^()]*)\)", shown)
    assert percent, shown  # the headline is a chance, shown as "n/d (p %)"
    live = norm(live_says(c.page, c.box))
    assert percent.group(1) in live, (live, shown)
    assert live.count("\n") == 0 and len(live) < 200, live  # one short line, never the whole result
