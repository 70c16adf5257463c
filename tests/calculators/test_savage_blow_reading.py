"""Savage Blow on a Blitz's block, a named reading (calculators/rerolls.py): ``rulebook`` (the default, the rule text's
"Block Action": not after a move, not with Juggernaut or Unstoppable Momentum) or ``fumbbl`` (FFB offers it on any
block).  The request field ``savage_blow_reading`` and the answer's line naming it; a brute-force oracle over every
die of a move, then a block, under both readings."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from itertools import product

import pytest

from calculators.api import handle
from calculators.chain import success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import parse_chain


def P(text, edition="bb2025", reading=None):
    return replace(parse_chain(text, edition).chain, savage_reading=reading)


def oracle(dodge: int, dice: int, savage: bool) -> F:
    """P(``D<dodge>,B<dice>``) with no re-roll but Savage Blow (any set of the block dice re-rolled, once) when
    ``savage``: every die of the dodge, every face of every block die and every set of dice re-rolled; the attacker
    keeps the best die, the defender gives the worst; only POW and Stumble knock the defender down (no skills)."""
    def ok(face):
        return face >= 5

    n, att = abs(dice), dice > 0

    def roll_ok(faces):
        return any(map(ok, faces)) if att else all(map(ok, faces))

    def after_roll(faces):
        if roll_ok(faces):
            return F(1)
        best = F(0)
        if savage:
            for picked in product((False, True), repeat=n):
                if not any(picked):
                    continue
                k = sum(picked)
                kept = [f for f, p in zip(faces, picked) if not p]
                total = sum((roll_ok(kept + list(new)) for new in product(range(1, 7), repeat=k)), 0)
                best = max(best, F(total, 6 ** k))
        return best

    block = sum((after_roll(list(faces)) for faces in product(range(1, 7), repeat=n)), F(0)) / 6 ** n
    dodge_passes = F(sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f >= dodge)), 6)
    return dodge_passes * block


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("dodge, dice", [(3, 2), (4, 1), (2, -2), (5, 3)])
def test_a_blitz_takes_savage_blow_under_fumbbl_only(edition, dodge, dice):
    text = f"[savageblow]D{dodge},B{dice}"
    assert success_by_rerolls(P(text, edition), 0) == (oracle(dodge, dice, False),)
    assert success_by_rerolls(P(text, edition, "rulebook"), 0) == (oracle(dodge, dice, False),)
    assert success_by_rerolls(P(text, edition, "fumbbl"), 0) == (oracle(dodge, dice, True),)
    assert oracle(dodge, dice, True) > oracle(dodge, dice, False)


def test_a_block_action_takes_it_under_both_readings():
    for reading in ("rulebook", "fumbbl"):
        assert success_by_rerolls(P("[savageblow]B2,A9", reading=reading), 1) == \
            success_by_rerolls(P("[savageblow]B2,A9"), 1)
    # Juggernaut says a Blitz: FFB still offers Savage Blow there
    assert success_by_rerolls(P("[savageblow]B2j"), 0) == success_by_rerolls(P("B2j"), 0)
    assert success_by_rerolls(P("[savageblow]B2j", reading="fumbbl"), 0) > success_by_rerolls(P("B2j"), 0)


def test_the_request_field_and_the_answers_reading_line():
    base = {"kind": "chain", "chain": "[savageblow]D3,B2", "edition": "bb2025"}
    default = handle(base)["result"]
    assert default["savage_blow_reading"] == "rulebook"
    assert default["success"]["exact"] == str(oracle(3, 2, False))
    ffb = handle({**base, "savage_blow_reading": "fumbbl"})["result"]
    assert ffb["savage_blow_reading"] == "fumbbl" and ffb["success"]["exact"] == str(oracle(3, 2, True))
    assert "savage_blow_reading" not in handle({**base, "chain": "D3,B2"})["result"]  # no Savage Blow: no line
    refused = handle({**base, "savage_blow_reading": "jervis"})
    assert refused["ok"] is False and refused["error"]["field"] == "savage_blow_reading"
    classic = handle({**base, "chain": "D3,B2", "edition": "classic", "savage_blow_reading": "rulebook"})
    assert classic["ok"] is False and classic["error"]["field"] == "savage_blow_reading"


def test_the_chain_refuses_an_unknown_reading():
    with pytest.raises(CalcError) as e:
        success_by_rerolls(P("[savageblow]B2", reading="any"), 0)
    assert e.value.field == "savage_reading"
