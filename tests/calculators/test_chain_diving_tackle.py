"""Branching chains: Diving Tackle per edition (on a dodge; on a jump in BB2020 and BB2025), hand-worked and
against the oracle of tree_oracle.py."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from chain_cases import RULESETS, P
from chain_oracle import FAMILY
from tree_oracle import oracle_tree

from calculators.chain import policy, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain


# --------------------------------------------------------------------- Diving Tackle

def test_diving_tackle_per_edition():
    # D3^: the diver takes 2 off a pass that it turns into a failure (a natural 6 still passes).
    # classic, BB2020: decided after each roll, before the re-roll, and its -2 stays: a 5+ dodge, 1/3 and with a
    # team re-roll 1/3 + 2/3 · 1/3 = 5/9.  BB2025: decided after every re-roll, so a 3-4 is failed beyond any
    # re-roll: 1/3 + 1/3 (a 1-2, re-rolled) · 1/3 = 4/9
    for edition, reading in RULESETS:
        want = F(4, 9) if edition == "bb2025" else F(5, 9)
        assert success_by_rerolls(P("D3^", edition, reading), 1) == (F(1, 3), want), edition
    assert solve(P("D3d^", "bb2025")) == F(4, 9)
    assert policy(P("D3^", "bb2025"), 1) == ({"critical": "team", "dived": "none"},)
    # a natural 6 always passes: D5^ needs a 6
    assert solve(P("D5^")) == F(1, 6)


def test_diving_tackle_on_a_jump_in_bb2020_and_bb2025_only():
    # BB2020 and BB2025 Diving Tackle acts on a Dodge, Jump or Leap, at the dodge's moment in each edition:
    # V3^ is 1/3 with no re-roll; with one team re-roll 5/9 in BB2020 (dived before the re-roll, a 5+ jump
    # re-rolled) and 4/9 in BB2025 (a 3-4 dived after the re-rolls; a 1-2 re-rolled needs 5+)
    for edition, reading in RULESETS:
        if FAMILY[edition] == "classic":
            continue
        chain = P("V3^", edition, reading)
        assert success_by_rerolls(chain, 1) == (F(1, 3), F(4, 9) if edition == "bb2025" else F(5, 9)), edition
        pro = P("[pro,loner=4]V4^,D3^", edition, reading)
        for tr in range(3):
            assert solve(pro, tr) == oracle_tree(pro, tr)[0], (edition, reading, tr)
    # [pro]V4^, no team re-roll: a 6 passes; BB2020: Pro (3+) re-rolls any failure, 1/6 + 5/6 · 2/3 · 1/6 = 7/27;
    # BB2025: a 4-5 dived is final, a 1-3 re-rolled with Pro: 1/6 + 1/2 · 2/3 · 1/6 = 2/9
    assert solve(P("[pro]V4^", "bb2020")) == F(7, 27) and solve(P("[pro]V4^", "bb2025")) == F(2, 9)
    # classic (LRB6/CRP, FFB's BB2016 skill): the diver acts on a dodge only
    for edition in ("classic", "bb2016"):
        with pytest.raises(CalcError) as e:
            P("V3^", edition)
        assert e.value.details["reason"] == "step-rule" and e.value.details["rule"] == "not-in-edition"
    with pytest.raises(CalcError) as e:
        P("R3^", "bb2025")
    assert e.value.details["reason"] == "bad-roll-mark"
    assert format_chain(P("V3!^", "bb2025")) == "V3!^"
