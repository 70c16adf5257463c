"""BloodBowlDave's inaccurate passes and Hail Mary Passes caught after the ball scattered (calculators/compat/dave.py
``_scattered``): the chance of the scatter, counted here by hand over every D8 roll, and the notation written."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from calculators.chain import summary
from calculators.compat.dave import scattered_pass_weights, translate
from calculators.errors import CalcError
from calculators.notation import parse_chain

from dave_conformance import check_translation

# the eight one-square moves of the Random Direction Template, written out here on their own
KING_MOVES = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def brute_force() -> tuple[Fraction, Fraction]:
    """Every sequence of three scatter rolls and one bounce roll (8**4 equally likely), the ball starting on
    the receiver's square (0, 0) far from every edge: (ends there after three, ends elsewhere and the bounce
    comes back)."""
    direct = bounced = 0
    for moves in product(KING_MOVES, repeat=4):
        x = sum(dx for dx, _ in moves[:3])
        y = sum(dy for _, dy in moves[:3])
        if (x, y) == (0, 0):
            direct += 1
        elif (x + moves[3][0], y + moves[3][1]) == (0, 0):
            bounced += 1
    total = 8 ** 4
    return Fraction(direct, total), Fraction(bounced, total)


def test_diving_catch_weight_matches_every_d8_roll():
    # Diving Catch: the third scatter ends on the receiver's square or one of the eight around it, every D8 roll counted
    within = sum(1 for moves in product(KING_MOVES, repeat=3)
                 if max(abs(sum(dx for dx, _ in moves)), abs(sum(dy for _, dy in moves))) <= 1)
    assert scattered_pass_weights(diving_catch=True) == (Fraction(within, 8 ** 3), Fraction(0)) == (Fraction(15, 32), 0)


@pytest.mark.parametrize("theirs, ours, edition", [
    # their number holds Diving Catch's +1 on an accurate pass: the scattered ball is caught at one more, in the
    # receiver's square or Tackle Zone, and never after a bounce
    ("P4-2;DC:C2", "T6~4{/C2|(15/32:/C3)}", "bb2025"),
    ("P4-2;C,DC:C2~S2", "T6~4{/C2c|(15/32:/C4c)}", "bb2020"),
    ("M2;DC:C2", "M2,(15/32:/C3)", "bb2025"),
    ("Jeremiah:D3,P2;C,DC:C2", "[loner=4]D3d,T2p/C2c", "bb2025"),  # an accurate pass only: the +1 is in their C2
    ("P4-2;Rodney:C3", "T6~4{/[loner=4]C3c|(15/32:/[loner=4]C4c)}", "bb2025"),  # a star's Diving Catch too
])
def test_diving_catch_is_translated(theirs, ours, edition):
    check_translation(theirs, ours, edition)


def test_scatter_weights_match_every_d8_roll():
    assert scattered_pass_weights() == brute_force() == (Fraction(3, 64), Fraction(27, 512))
    # the numbers BloodBowlDave types (CatchInaccuratePassStrategy): 24/512 and (240 - 24)/512/8
    assert scattered_pass_weights() == (Fraction(24, 512), Fraction(240 - 24, 512) / 8)


@pytest.mark.parametrize("theirs, ours, edition", [
    # BB2025: the ball that scattered in is caught with no modifier (the rulebook), the bounced one at -1
    ("P4-2;C2", "T6~4{/C2|(3/64:/C2|27/512:/C3)}", "bb2025"),
    # BB2020: -1 for the scattered ball too
    ("P4-2;C2~S2", "T6~4{/C2|(3/64:/C3|27/512:/C3)}", "bb2020"),
    # an interception after the pass needs one less once the pass is inaccurate; their 7+ is a natural 6
    ("P4-2,I6;C2", "T6~4{I6/C2|I5,(3/64:/C2|27/512:/C3)}", "bb2025"),
    ("P4-2,I7;C2", "T6~4{I6/C2|I6,(3/64:/C2|27/512:/C3)}", "bb2025"),
    ("P4-2;C1", "T6~4{/C2|(3/64:/C2|27/512:/C2)}", "bb2025"),  # their 1+ is a 2+: a natural 1 fails
    # a Hail Mary Pass is never accurate
    ("M2;C2", "M2,(3/64:/C2|27/512:/C3)", "bb2025"),
    ("PA:M2;C2~S2", "M2p,(3/64:/C3|27/512:/C3)", "bb2020"),
    # the receiver's other actions go into each outcome, the players after it follow the group
    ("P:D3,P4-2;C:C2,R2;D3", "[pro]D3,T6~4{/C2c,R2|(3/64:/C2c,R2|27/512:/C3c,R2)}/D3", "bb2025"),
    ("PA:P5;L3:C3", "T5p~2{/[loner=3]C3|(3/64:/[loner=3]C3|27/512:/[loner=3]C4)}", "bb2025"),
    # no catch after it: the inaccurate pass goes straight on, as theirs
    ("P4-2", "T6~4", "bb2025"),
    ("P4-2;D3", "T6~4/D3", "bb2025"),
    ("P4-2,I6;D3", "T6~4{I6|I5}/D3", "bb2025"),  # the interception still splits
    ("D3,M2", "D3,M2", "bb2025"),
    # a pass that cannot be inaccurate is as before
    ("PA:P2,I6;C2", "T2p,I6/C2", "bb2025"),
])
def test_translation(theirs, ours, edition):
    check_translation(theirs, ours, edition)


def test_inaccurate_pass_value_by_hand():
    # P4-2;C2 in BB2025, no re-roll: a natural 6 then the catch, or a 4-5 and the ball back to the catcher
    direct, bounced = brute_force()
    hand = Fraction(1, 6) * Fraction(5, 6) + Fraction(2, 6) * (direct * Fraction(5, 6) + bounced * Fraction(4, 6))
    t = translate("P4-2;C2")
    assert summary(parse_chain(t.notation, t.edition).chain, 0)[0].success == hand


def test_a_second_pass_is_read_too():
    t = translate("D3,P4-2;C2;P4-2;C3")
    assert t.notation == "D3,T6~4{/C2|(3/64:/C2|27/512:/C3)}/T6~4{/C3|(3/64:/C3|27/512:/C4)}"


@pytest.mark.parametrize("theirs, reason, text, position", [
    ("P4-2,R2", "inaccurate-pass", "R2", 6),
    ("P4-2;C,WD:C2", "skill", "WD", 8),      # a skill not modelled (Whirling Dervish): named where it is in their text
    ("D3;P4-2;D:C3;R9", "target", "R9", 14),   # a player after the receiver
    ("D3;P4-2;D:C3,X2", "unreadable", "X2", 14),
])
def test_refusals_point_into_the_whole_sequence(theirs, reason, text, position):
    with pytest.raises(CalcError) as e:
        translate(theirs)
    assert (e.value.details["reason"], e.value.details["text"], e.value.details["position"]) == (reason, text, position)
    assert f"{text!r} at character {position}: " in e.value.message
