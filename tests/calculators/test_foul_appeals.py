"""The foul request's Bribes and Argue the Call (issue 23): a brute-force oracle over every appeal die, in each
edition's order (BB2020, BB2025: the call argued first; FUMBBL's BB2016: the Bribes first; BB2020: no Bribe after
a 1 on Argue the Call), against the ``foul`` request."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from calculators.api import handle


def oracle(edition: str, bribes: int, argue: int | None) -> tuple[Fraction, Fraction, Fraction]:
    """(P(a Bribe keeps the fouler), P(Argue the Call keeps him), P(still sent off)) given a send-off, every die
    of the group enumerated: a Bribe succeeds on 2+, the call on ``argue``+, a natural 1 on it ejects the coach."""
    order = ["argue"] * (argue is not None) + ["bribe"] * bribes
    if edition == "bb2016":
        order.reverse()
    n = len(order)
    counts = [Fraction(0)] * 3
    for dice in product(range(1, 7), repeat=n):
        ejected, outcome = False, 2
        for kind, d in zip(order, dice):
            if kind == "argue":
                if d >= argue:
                    outcome = 1
                    break
                ejected = d == 1
            elif not (ejected and edition == "bb2020") and d >= 2:
                outcome = 0
                break
        counts[outcome] += 1
    return tuple(c / 6 ** n for c in counts)


@pytest.mark.parametrize("edition", ["bb2016", "bb2020", "bb2025"])
@pytest.mark.parametrize("bribes", [0, 1, 2, 3])
@pytest.mark.parametrize("argue", [None, 6, 5])
def test_foul_appeals_match_the_oracle(edition, bribes, argue):
    req = {"kind": "foul", "edition": edition, "av": 8, "bribes": bribes}
    if argue is not None:
        req["argue_the_call"] = argue
    r = handle(req)["result"]
    if not bribes and argue is None:
        assert "appeals" not in r
        return
    sent = Fraction(r["sent_off"]["exact"])
    want = oracle(edition, bribes, argue)
    got = r["appeals"]
    assert (Fraction(got["bribe_keeps"]["exact"]), Fraction(got["argue_keeps"]["exact"]),
            Fraction(got["sent_off"]["exact"])) == tuple(sent * w for w in want)


def test_classic_has_bribes_but_no_argue_the_call():
    r = handle({"kind": "foul", "edition": "classic", "av": 8, "bribes": 1})["result"]
    assert Fraction(r["appeals"]["bribe_keeps"]["exact"]) == Fraction(r["sent_off"]["exact"]) * Fraction(5, 6)
    r = handle({"kind": "foul", "edition": "classic", "av": 8, "argue_the_call": 6})
    assert not r["ok"] and r["error"]["field"] == "argue_the_call"
    fields = [f["name"] for f in handle({"kind": "form", "for": "foul", "edition": "classic"})["result"]["fields"]]
    assert "bribes" in fields and "argue_the_call" not in fields
