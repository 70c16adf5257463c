"""BloodBowlDave's alternative outcomes ``(w,…)(w,…)`` as our weighted alternatives (calculators/compat/dave.py
``_alternatives``): the notation written, a value by hand, and the refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.chain import summary
from calculators.compat.dave import translate
from calculators.errors import CalcError
from calculators.notation import parse_chain

from dave_conformance import check_translation


@pytest.mark.parametrize("theirs, ours", [
    ("2(1/2)(1/4)(1/4)2", "N2,(1/2:|1/4:|1/4:),N2"),
    # the branches are the player's own actions, with its skills; the actions after the group follow it
    ("D:D3,(1/2,D3)(1/3,R2)R2", "D3d,(1/2:D3d|1/3:R2),R2"),
    ("P:D3,(1/2,D3)(1/2)", "[pro]D3,(1/2:D3|1/2:)"),
    # a ';' inside a branch starts another player
    ("D3,(1/2,D3;C3)(1/2)", "D3,(1/2:D3/C3|1/2:)"),
    # a player's first item: our alternatives open that player, its actions after the group follow them
    ("(1/2)(1/4)(1/4)", "(1/2:|1/4:|1/4:)"),
    ("(1/2,2)(1/4,3)(1/4,4)", "(1/2:N2|1/4:N3|1/4:N4)"),
    ("D3;L3:(1/2,C3)(1/4,C4)R2", "D3/[loner=3](1/2:C3|1/4:C4),R2"),
    ("D3;(1/2,C3)(1/2)", "D3/(1/2:C3|1/2:)"),
    ("P2;(1/2,C3)(1/2)", "T2/(1/2:C3|1/2:)"),  # a pass that cannot be inaccurate
    # after a throw of a team-mate: the landing needs one more after an inaccurate throw (their LandingStrategy)
    ("L3:H4-1';(27/512,G4)(54/512,G4,R2)", "[loner=3]W5~3!{(27/512:/L4|27/256:/L4,R2)|(27/512:/L5|27/256:/L5,R2)}"),
    ("H6+3;(1/2,G4)(1/2,G3)", "W3~2{(1/2:/L4|1/2:/L3)|(1/2:/L5|1/2:/L4)}"),
    ("H2;(1/2,G4)(1/2,G3)", "W2,(1/2:/L4|1/2:/L3)"),  # no inaccurate face: only the plain landing
])
def test_translation(theirs, ours):
    check_translation(theirs, ours)


def test_value_by_hand():
    # 2, then one of three outcomes (weights 1/2, 1/4, 1/4) each with a different roll, then 2; no re-roll
    t = translate("2,(1/2,2)(1/4,3)(1/4,4)2")
    assert t.notation == "N2,(1/2:N2|1/4:N3|1/4:N4),N2"
    five, four, three = Fraction(5, 6), Fraction(4, 6), Fraction(3, 6)
    hand = five * (Fraction(1, 2) * five + Fraction(1, 4) * four + Fraction(1, 4) * three) * five
    assert summary(parse_chain(t.notation, t.edition).chain, 0)[0].success == hand


@pytest.mark.parametrize("theirs, reason, text, position", [
    ("D3,(1/2,2)(x,3)", "alternatives", "x", 12),                 # a weight is a/b
    ("D3,(1/2,2)(1/0,3)", "alternatives", "1/0", 12),
    ("D3,(1/2,2)(1/2,3);C3", "alternatives", "(1/2,2)(1/2,3)", 4),  # another player after the group
    ("D3,(1/2,2{3})(1/2)", "alternatives", "(1/2,2{3})(1/2)", 4),  # another bracket inside
    ("H5;(1/2,R2)(1/2,G3)", "alternatives", "R2", 9),             # after a throw: the landing first
    ("D3,(1/2,2,X2)(1/2)", "unreadable", "X2", 11),               # an error inside a branch points into the whole
    # their inaccurate pass or throw carries into the group (an interception, catch or landing there changes)
    ("P4-2;(1/2,C2)(1/2,C3)", "alternatives", "(1/2,C2)(1/2,C3)", 6),
    ("M2,(1/2,I6)(1/2)", "alternatives", "(1/2,I6)(1/2)", 4),
    ("H5,(1/2,2)(1/2)", "alternatives", "(1/2,2)(1/2)", 4),
])
def test_refusals(theirs, reason, text, position):
    with pytest.raises(CalcError) as e:
        translate(theirs)
    assert (e.value.details["reason"], e.value.details["text"], e.value.details["position"]) == (reason, text, position)
