"""The chain reads Argue the Call's ejection from the data too (issue 19 item 5): which faces of the call eject the
coach comes from the rows' outcomes in ``data/tables/argue-the-call-<edition>.yml``, as in the foul request
(``tests/calculators/test_argue_from_data.py``), instead of a natural 1 written in the code.

The oracle takes the chance that the foul sends the fouler off from the same chain without its appeals, then rolls
every die of the send-off group (the call, then a Bribe) against the (possibly changed) rows: the call is won on its
notation's target or more, ejects the coach on the rows' ``coach-ejected`` faces, and in BB2020 an ejected coach
can no longer Bribe (BB2025 lets him).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product

import pytest

from calculators.api import handle
from test_argue_from_data import faces_with_outcome

EJECTING_ONE_AND_TWO = {"coach-ejected": [1, 2], "sent-off": [3, 4], "not-sent-off": [5, 6]}


def _sent_off(rules: dict, edition: str, chain: str) -> Fraction:
    response = handle({"kind": "chain", "edition": edition, "chain": chain}, rules)
    assert response["ok"], response
    return Fraction(response["result"]["sent_off"]["exact"])


def _still_sent_off(edition: str, rows: list[dict], target: int) -> Fraction:
    """P(the fouler is still sent off after the call on `target`+ and then a Bribe on 2+), over every die."""
    ejects = faces_with_outcome(rows, "coach-ejected")
    still = 0
    for call, bribe in product(range(1, 7), repeat=2):
        if call >= target:
            continue
        bribe_allowed = not (call in ejects and edition == "bb2020")
        if not (bribe_allowed and bribe >= 2):
            still += 1
    return Fraction(still, 36)


def _changed(rulebook: dict, edition: str) -> dict:
    rules = copy.deepcopy(rulebook)
    for row in rules["tables"][f"argue-the-call-{edition}"]["rows"]:
        row["roll"] = EJECTING_ONE_AND_TWO[row["outcome"]]
    return rules


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("changed", [False, True], ids=["rulebook", "changed-table"])
@pytest.mark.parametrize("target", [6, 5])
def test_the_chain_sends_off_as_the_table_says(rulebook, edition, changed, target):
    rules = _changed(rulebook, edition) if changed else rulebook
    rows = rules["tables"][f"argue-the-call-{edition}"]["rows"]
    before = _sent_off(rules, edition, "F9,D3")
    assert before > 0
    got = _sent_off(rules, edition, f"F9,Q{target},K2,D3")
    assert got == before * _still_sent_off(edition, rows, target)


def test_changing_the_table_changes_the_bb2020_chain(rulebook):
    """In BB2020 an ejected coach cannot Bribe, so a table that ejects on 1-2 sends off more often."""
    chain = "F9,Q6,K2,D3"
    assert _sent_off(_changed(rulebook, "bb2020"), "bb2020", chain) > _sent_off(rulebook, "bb2020", chain)
