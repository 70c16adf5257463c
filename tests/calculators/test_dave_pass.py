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
    ("P4-2;C,DS:C2", "skill", "DS", 8),      # a skill not modelled (Dwarven Scourge): named where it is in their text
    ("D3;P4-2;D:C3;R9", "target", "R9", 14),   # a player after the receiver
    ("D3;P4-2;D:C3,X2", "unreadable", "X2", 14),
])
def test_refusals_point_into_the_whole_sequence(theirs, reason, text, position):
    with pytest.raises(CalcError) as e:
        translate(theirs)
    assert (e.value.details["reason"], e.value.details["text"], e.value.details["position"]) == (reason, text, position)
    assert f"{text!r} at character {position}: " in e.value.message


def _blast_it_by_hand(worth: Fraction, diving: bool) -> tuple[Fraction, Fraction]:
    """Blast It!'s weights counted over every sequence of D8 results, each die kept or re-rolled once: at each die
    the coach compares keeping it with the average over the eight re-rolled results, the rest of the sequence
    played the same way (no memo: every branch is walked)."""
    def end(x, y):
        near = max(abs(x), abs(y))
        if diving:
            return (Fraction(int(near <= 1)), Fraction(0))
        return (Fraction(int(near == 0)), Fraction(1, 8) if near == 1 else Fraction(0))

    def play(x, y, left):
        if not left:
            return end(x, y)
        outcomes = [play(x + dx, y + dy, left - 1) for dx, dy in KING_MOVES]
        again = (sum(o[0] for o in outcomes) / 8, sum(o[1] for o in outcomes) / 8)
        chosen = [max((o, again), key=lambda p: (p[0] + worth * p[1], p is o)) for o in outcomes]
        return (sum(c[0] for c in chosen) / 8, sum(c[1] for c in chosen) / 8)

    return play(0, 0, 3)


@pytest.mark.parametrize("worth, diving", [(Fraction(1), False), (Fraction(1, 2), False), (Fraction(0), False),
                                           (Fraction(1), True)])
def test_blast_it_weights_match_every_d8_roll(worth, diving):
    from calculators.compat.blastit import blast_it_weights

    assert blast_it_weights(worth, diving) == _blast_it_by_hand(worth, diving)
    # re-rolling at best beats never re-rolling (scattered_pass_weights), for that worth
    base = scattered_pass_weights(diving)
    ours = blast_it_weights(worth, diving)
    assert ours[0] + worth * ours[1] > base[0] + worth * base[1]


def test_blast_it_is_translated():
    # their Diving Catch number for Blast It! (CatchInaccuratePassStrategy: 0.756103515625) is ours exactly
    from calculators.compat.blastit import blast_it_weights

    assert blast_it_weights(Fraction(1), True) == (Fraction(3097, 4096), 0) and float(Fraction(3097, 4096)) == 0.756103515625
    check_translation("BI:M2;C2", "M2,(1275/8192:/C2|7237/131072:/C2)")
    check_translation("BI:M2;C,DC:C2", "M2,(3097/4096:/C2c)")
    # BB2025: the +1 on both catches, the scattered ball's with no modifier (3+), the bounced one's at -1 (4+): the
    # re-rolls are planned for a bounced catch worth 3/4 of a direct one
    check_translation("BI:M2;C4", "M2,(645/4096:/C3|3497/65536:/C4)")
    check_translation("BI,PA:M3;C4~S2", "M3p,(1275/8192:/C4|7237/131072:/C4)", "bb2020")  # BB2020: -1 and +1
