"""Branching chains in the notation: round trips, the tree it builds, its errors (reason and token), and the
validation of the branching fields."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from chain_cases import P

from calculators.chain import Alternatives, BlockStep, Chain, Dauntless, Step, solve
from calculators.errors import CalcError
from calculators.notation import REASONS, format_chain, parse_chain


# --------------------------------------------------------------------- notation

@pytest.mark.parametrize("text", [
    "T4~2{C3}", "T4p~2", "[pro]T4~3{/C3c},D3", "B2b{B2b}", "B2b:d{}", "U4{B2b|B-2b},A9m", "U3!{|B-2}",
    "D3,(1/2:R2|1/3:R3,P4),P3", "N4,(1/2:|1/2:N4)", "D3^", "D3d!^", "B2b!", "R2!,P3h!",
    "T4~2{C3~2{N4}},(1:D3)", "D3/[loner=4]T4~2{/C5}/C3;tr=2",
    "(1/2:D3|1/2:)", "D3/[pro](1/3:R2|2/3:D4,R2)", "[loner=4](1/2:D3|1/2:/C3),R2", "D3/(1/2:/C3|1/2:C4),N2",
])
def test_notation_round_trip(text):
    parsed = parse_chain(text, "bb2020")
    assert format_chain(parsed.chain, parsed.team_rerolls) == text


def test_notation_builds_the_tree():
    c = P("[pro]T4~2{/C3},U4{B2b|B-2},(1/2:R2|1/3:)", "bb2020")
    t, u, alt = c.steps
    assert t == Step("pass", 4, player=0, partial=2, branch=(Step("catch", 3, player=1),))
    assert u == Dauntless(4, (BlockStep(2, frozenset({"block"})),), (BlockStep(-2),))
    assert alt == Alternatives(((F(1, 2), (Step("rush", 2),)), (F(1, 3), ())))
    assert c.players[0].pro and len(c.players) == 2


@pytest.mark.parametrize("text, reason, token", [
    ("T4{C3}", "misplaced-branch", 2),
    ("T4~2{C3", "unclosed-branch", 2),
    ("T4~2}", "unexpected-close", 2),
    ("T4~5", "bad-partial", 1),
    ("I4~2", "bad-partial", 1),
    ("D3^~2", "unreadable", 1),
    ("U4", "branch-shape", 1),
    ("U4{B2}", "branch-shape", 2),
    ("B2b{C3|C4}", "branch-shape", 2),
    ("D3,(1/2:R2|2/3:R3)", "bad-weight", 6),
    ("D3,(0:R2)", "bad-weight", 3),
    ("D3,(R2)", "bad-alternatives", 3),
    ("[pro](R2)", "bad-alternatives", 2),
    ("D3,[pro](1/2:R2)", "misplaced-flags", 2),
    ("D3/(1/2:R2|1/2:R3)/[pro]", "unreadable", 9),
    ("T4~2{C3}C4", "missing-separator", 5),
    ("R3^", "bad-roll-mark", 1),
    ("D3^^", "bad-roll-mark", 1),
    ("I4!", "bad-roll-mark", 1),
    ("A9!", "bad-armour", 1),
    ("D3,(1/2:(1/2:(1/2:(1/2:D3))))", "too-deep", 8),
    ("T4~2{,C3}", "leading-separator", 3),
    ("T4~2{C3,}", "empty-step", 4),
])
def test_notation_errors(text, reason, token):
    with pytest.raises(CalcError) as e:
        parse_chain(text, "bb2020")
    assert e.value.field == "chain"
    assert e.value.details["reason"] == reason and reason in REASONS, (text, e.value.details, e.value.message)
    assert e.value.details["token"] == token, (text, e.value.details)
    assert f"token {token}" in e.value.message


def test_a_rule_broken_inside_a_branch_names_its_token():
    with pytest.raises(CalcError) as e:
        parse_chain("N3,U4{B2r|B2}", "bb2020")
    assert e.value.details["reason"] == "step-rule" and e.value.details["text"] == "B2r"
    with pytest.raises(CalcError) as e:
        parse_chain("N3,B2{A14}", "bb2020")
    assert e.value.details["reason"] == "step-rule" and e.value.details["text"] == "A14"


def test_chain_validation_of_the_new_fields():
    for step, field in [(Step("pass", 4, partial=4), "steps[0].partial"),
                        (Step("pass", 4, branch=(Step("catch", 3),)), "steps[0].branch"),
                        (Step("rush", 2, diving_tackle=True), "steps[0].diving_tackle"),
                        (Step("interception", 4, no_reroll=True), "steps[0].no_reroll"),
                        (Dauntless(7), "steps[0].target"),
                        (Alternatives(((F(2, 3), ()), (F(1, 2), ()))), "steps[0].options"),
                        (BlockStep(2, goal="standing", branch=()), "steps[0].branch")]:
        with pytest.raises(CalcError) as e:
            solve(Chain((Step("test", 3), step) if isinstance(step, Alternatives) else (step,)))
        assert e.value.field in (field, field.replace("steps[0]", "steps[1]")), (step, e.value.field)
