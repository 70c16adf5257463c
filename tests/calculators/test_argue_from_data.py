"""Argue the Call's numbers come from the data (issue 19 item 5): the face the call is won on and the faces that eject
the coach are the rows' outcomes in ``data/tables/argue-the-call-<edition>.yml``, read through the rules the foul
request gets (``calculators.arguing``). Changing the rules changes the answer: the oracle reads the same (changed)
rows and rolls every die of the send-off group, in the edition's order (the call first in BB2020 and BB2025; no Bribe
after an ejection in BB2020).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from calculators.api import handle
from calculators.chain import APPEAL_TARGETS
from yaml_files import read_yaml

DATA = Path(__file__).resolve().parents[2] / "data"
EDITIONS = ("bb2020", "bb2025")


def faces_with_outcome(rows: list[dict], outcome: str) -> set[int]:
    """The die faces of the table `rows` whose outcome is `outcome`."""
    out = set()
    for row in rows:
        low, high = (row["roll"], row["roll"]) if isinstance(row["roll"], int) else row["roll"]
        if row["outcome"] == outcome:
            out |= set(range(low, high + 1))
    return out


def _oracle(edition: str, rows: list[dict], bribes: int, lowered: bool) -> tuple[Fraction, ...]:
    """(P(a Bribe keeps the fouler), P(the call keeps him), P(still sent off)) given a send-off, over every die: the
    call won on its `not-sent-off` faces (one face more with a Biased Referee: `lowered`), the coach ejected on its
    `coach-ejected` faces, a Bribe on 2+."""
    won, ejects = faces_with_outcome(rows, "not-sent-off"), faces_with_outcome(rows, "coach-ejected")
    if lowered:
        won |= {min(won) - 1}
    counts = [Fraction(0)] * 3
    for dice in product(range(1, 7), repeat=1 + bribes):
        ejected, outcome = dice[0] in ejects, 2
        if dice[0] in won:
            outcome = 1
        else:
            for d in dice[1:]:
                if not (ejected and edition == "bb2020") and d >= 2:
                    outcome = 0
                    break
        counts[outcome] += 1
    return tuple(c / 6 ** (1 + bribes) for c in counts)


def _appeals(rules: dict, edition: str, bribes: int, argue: int) -> tuple[Fraction, ...]:
    response = handle({"kind": "foul", "edition": edition, "av": 8, "bribes": bribes, "argue_the_call": argue}, rules)
    assert response["ok"], response
    got, sent = response["result"]["appeals"], Fraction(response["result"]["sent_off"]["exact"])
    return tuple(Fraction(got[k]["exact"]) / sent for k in ("bribe_keeps", "argue_keeps", "sent_off"))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("bribes", [0, 1, 2])
def test_the_foul_request_reads_the_table(rulebook, edition, bribes):
    rows = read_yaml(DATA / "tables" / f"argue-the-call-{edition}.yml")["rows"]
    target = min(faces_with_outcome(rows, "not-sent-off"))
    assert _appeals(rulebook, edition, bribes, target) == _oracle(edition, rows, bribes, lowered=False)
    assert _appeals(rulebook, edition, bribes, target - 1) == _oracle(edition, rows, bribes, lowered=True)


@pytest.mark.parametrize("edition", EDITIONS)
def test_changing_the_data_changes_the_answer(rulebook, edition):
    """A table won on 5-6 whose 1-2 eject the coach: the request now offers 5 (4 with the +1) and computes with them."""
    changed = copy.deepcopy(rulebook)
    rows = changed["tables"][f"argue-the-call-{edition}"]["rows"]
    bands = {"coach-ejected": [1, 2], "sent-off": [3, 4], "not-sent-off": [5, 6]}
    for row in rows:
        row["roll"] = bands[row["outcome"]]
    assert _appeals(changed, edition, 1, 5) == _oracle(edition, rows, 1, lowered=False)
    assert _appeals(changed, edition, 1, 5) != _appeals(rulebook, edition, 1, 6)
    error = handle({"kind": "foul", "edition": edition, "av": 8, "argue_the_call": 6}, changed)["error"]
    assert (error["field"], error["allowed"]) == ("argue_the_call", [5, 4])
    form = handle({"kind": "form", "for": "foul", "edition": edition}, changed)["result"]["fields"]
    assert next(f for f in form if f["name"] == "argue_the_call")["choices"] == [5, 4]


def test_a_table_with_no_target_is_refused_as_rules_data(rulebook):
    changed = copy.deepcopy(rulebook)
    for row in changed["tables"]["argue-the-call-bb2020"]["rows"]:
        row["roll"] = {"coach-ejected": 6, "sent-off": [2, 5], "not-sent-off": 1}[row["outcome"]]
    error = handle({"kind": "foul", "edition": "bb2020", "av": 8, "argue_the_call": 6}, changed)["error"]
    assert error["details"]["reason"] == "rules" and error["field"].startswith("rules.tables.argue-the-call-bb2020")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_chains_target_is_the_datas(edition):
    """The chain notation still checks its Q steps against APPEAL_TARGETS (calculators/chain/): it must say what the
    data says, until the chain reads the table too."""
    rows = read_yaml(DATA / "tables" / f"argue-the-call-{edition}.yml")["rows"]
    assert APPEAL_TARGETS["argue-the-call"] == min(faces_with_outcome(rows, "not-sent-off"))
