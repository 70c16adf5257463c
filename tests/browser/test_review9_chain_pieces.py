"""Review 8 (notes/breaker8), m7, in French at 360 px: one roll the chain calculator's roll-by-roll form cannot show
as a row (`R3`, a catch with no thrower, a roll with branches) made the whole sequence uneditable text, so the
three dodges of `D3,D3,D3,R3;tr=1` could no longer be changed one by one.

Now every step the form can show is a row, and only the others are read-only items in their place, each with a
button that removes it, and the reason next to it when a neighbour is the cause (a catch written as the same
player's). The notation the form writes from its rows and items is the one typed or linked, so the chain computed
is unchanged (the result is checked against `calculators.api.handle`).
"""
from __future__ import annotations

from urllib.parse import quote

import pytest

from calc_driver import Calc, norm, url_of
from plugins.site.messages import Messages
from test_roll_form import FORM
from test_roll_form_review3 import form_violations

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
BUILDER = "fieldset[data-builder]"
FIELD = f'{FORM} [data-name="chain"] input'
FR = Messages("fr")
RECEIVER = FR("In the form, this roll is always another player's (the receiver of a pass or a hand-off, or a thrown "
              "team-mate), written after “/”: here it is not.")
PLAYER = FR("This roll is another player's: the form starts another player only with a catch, a hand-off or a "
            "landing.")

# a chain, then what each of its steps shows as in the form: "row", or the text of a read-only item and the reason
# shown next to it ("" for none)
CHAINS = [
    ("D3,D3,D3,R3;tr=1", ["row", "row", "row", ("R3", "")]),
    ("D4,D4,D4,R2,R2,J3,P4,C4,D3,R2,R3,D5;tr=3",
     ["row"] * 5 + [("J3", ""), "row", ("C4", RECEIVER), "row", "row", ("R3", ""), "row"]),
    ("C4;tr=1", [("C4", RECEIVER)]),
    ("P4,C4;tr=1", ["row", ("C4", RECEIVER)]),
    ("R2,T4~2{/C3|/C5},D3;tr=1", ["row", ("T4~2{/C3|/C5}", ""), "row"]),
    ("D3/D3,R2;tr=1", ["row", ("D3", PLAYER), "row"]),
]

# each item of the form's list: a row, or a read-only item (its notation, its reason)
ITEMS = """list => [...list.children].map(li => li.matches('.nc-builder-row') ? 'row'
    : li.matches('[data-kept-step]') ? [li.querySelector('code').textContent,
                                        li.querySelector('.nc-builder-kept-help')?.textContent || '']
    : li.className)"""


def items(page) -> list:
    return [i if i == "row" or not isinstance(i, list) else (i[0], norm(i[1]))
            for i in page.eval_on_selector(f"{BUILDER} [data-rows]", ITEMS)]


def open_chain(open_page, web, repo, rules, chain: str):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", "calculators/chain/", "chain=" + quote(chain)))
    page.wait_for_selector(f"{BUILDER}[data-mounted]", state="visible")
    return page, Calc(page, "chain", "fr", repo, rules)


def wait_loaded(page, count: int) -> None:
    """Wait until the resolver's answer has put `count` items (rows and read-only items) in the form."""
    page.wait_for_function("""([s, n]) => document.querySelectorAll(s).length === n""",
                           arg=[f"{BUILDER} [data-rows] > li:is(.nc-builder-row, [data-kept-step])", count])


@pytest.mark.parametrize("chain, shown", CHAINS, ids=[c for c, _ in CHAINS])
def test_a_linked_chain_shows_every_step_it_can_as_a_row(open_page, web, repo, rules, chain, shown):
    page, c = open_chain(open_page, web, repo, rules, chain)
    wait_loaded(page, len(shown))
    c.wait()
    expected = [s if s == "row" else (s[0], norm(s[1])) for s in shown]
    assert items(page) == expected
    # the notation the form writes from them is the one linked, and the field still holds it: same chain, same answer
    assert page.text_content(f"{BUILDER} [data-notation]") == chain == page.input_value(FIELD)
    assert c.request()["chain"] == chain
    c.check()
    assert form_violations(page) == []
    # nothing of the form sticks out of a 360 px screen
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_dodges_of_a_typed_chain_are_changed_one_by_one(open_page, web, repo, rules):
    """The reviewer's steps: `D3,D3,D3,R3;tr=1` typed in the notation field; then the third dodge changed in its
    row (AG 4), and the rush the form cannot show removed with its own button."""
    page, c = open_chain(open_page, web, repo, rules, "D2;tr=0")
    wait_loaded(page, 1)
    c.wait()
    typed = "D3,D3,D3,R3;tr=1"
    page.fill(FIELD, typed)
    wait_loaded(page, 4)
    c.wait()
    assert items(page) == ["row", "row", "row", ("R3", "")]
    assert page.text_content(f"{BUILDER} [data-notation]") == typed == page.input_value(FIELD)
    c.check()

    third = page.locator(f"{BUILDER} li.nc-builder-row").nth(2)
    third.locator("select").first.select_option("4")  # the dodger's AG: 4+ with no modifier
    changed = "D3,D3,D4,R3;tr=1"
    page.wait_for_function("([f, v]) => document.querySelector(f).value === v", arg=[FIELD, changed])
    assert page.text_content(f"{BUILDER} [data-notation]") == changed
    c.wait()
    c.check()
    assert c.request()["chain"] == changed

    kept = page.locator(f"{BUILDER} li[data-kept-step]")
    kept.get_by_role("button", name=f"{FR('Remove this roll')}: R3").click()
    assert page.input_value(FIELD) == "D3,D3,D4;tr=1" and kept.count() == 0
    assert items(page) == ["row", "row", "row"]
    c.wait()
    c.check()


def test_a_sequence_whose_players_the_form_cannot_show_is_still_kept_whole(open_page, web, repo, rules):
    """Another player's flags (`/[pro]C3`: the receiver has Pro) have no box in the form: the sequence stays one
    read-only item, with its own player flags (the form's boxes are then off), as before."""
    chain = "T4/[pro]C3;tr=1"
    page, c = open_chain(open_page, web, repo, rules, chain)
    kept = page.locator(f"{BUILDER} li.nc-builder-kept")
    kept.wait_for(state="visible")
    c.wait()
    assert kept.count() == 1 and kept.locator("code").inner_text() == "T4/[pro]C3"
    assert norm(kept.inner_text()).startswith(norm(FR("Rolls the form cannot show, kept as written:")))
    assert page.locator(f"{BUILDER} li.nc-builder-row").count() == 0
    assert page.is_disabled(f"{BUILDER} [data-pro]")
    assert page.text_content(f"{BUILDER} [data-notation]") == chain == page.input_value(FIELD)
    c.check()
