"""Chains of rolls: armour rolls and fouls (never re-rolled, the send-off, a hopeless chain), hand-worked and
against the armour and foul calculators."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from chain_cases import P

from calculators.chain import ArmourStep, Chain, policy, sent_off_by_rerolls, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import parse_chain


# --------------------------------------------------------------------- armour rolls and fouls

def test_armour_rolls_are_never_rerolled():
    # classic AV 8 breaks on 9+ (exceeds AV), BB2020 AV 9+ on 9+: 10/36 = 5/18, whatever the team re-rolls
    assert success_by_rerolls(P("A8"), 2) == (F(5, 18),) * 3
    assert success_by_rerolls(P("[pro]A9", "bb2020"), 2) == (F(5, 18),) * 3
    assert policy(P("A8"), 1) == ("none",)
    # Mighty Blow +1 where it breaks: 8+ = 15/36
    assert solve(P("A9m", "bb2020")) == F(5, 12)
    # Claws: BB2025 an unmodified 8+ breaks AV 10+: 15/36.  Classic Claw counts the 8 after modifiers (LRB6/CRP;
    # data/skills/claws.yml), so with Mighty Blow a natural 7 reaches it: 21/36; BB2020 AV 11+ with both: natural
    # 8+ by Claws, natural 10+ with Mighty Blow: still 15/36
    assert solve(P("A10c", "bb2025")) == F(5, 12)
    assert solve(P("A10mc")) == F(7, 12)
    assert solve(P("A11mc", "bb2020")) == F(5, 12)
    # classic AV 12 cannot be exceeded by 2D6
    assert solve(P("A12")) == 0


def test_a_block_then_its_armour_roll():
    # B2b then A8 with Mighty Blow (classic: 8+ = 15/36): 3/4 · 5/12 = 5/16; the team re-roll goes on the block
    # (armour rolls are never re-rolled): 15/16 · 5/12 = 25/64
    assert success_by_rerolls(P("B2b,A8m"), 1) == (F(5, 16), F(25, 64))


def test_a_foul_and_its_send_off():
    # classic F8 (AV 8, no assist): breaks on 9+, 10/36.  Sent off: a double on the armour roll (6/36), or a
    # break without a double (9+ without 5-5, 6-6: 8/36) then a double on the injury roll (1/6): 6/36 + 8/216 = 11/54
    c = P("F8")
    assert solve(c) == F(5, 18) and sent_off_by_rerolls(c, 0) == (F(11, 54),)
    # a later step needs the fouler NOT sent off (a send-off is a turnover): breaks and stays = 10/36 - (2/36 +
    # 8/216) = 40/216 = 5/27, then N2 (5/6): 25/162; the chance of a send-off is the same 11/54
    c = P("F8,N2")
    assert solve(c) == F(25, 162) and sent_off_by_rerolls(c, 0) == (F(11, 54),)
    # assists and Dirty Player: BB2020 F9+1d breaks on natural 7+ (21/36); sent off 6/36 + 18/36 · 1/6 = 1/4
    c = P("F9+1d", "bb2020")
    assert solve(c) == F(7, 12) and sent_off_by_rerolls(c, 0) == (F(1, 4),)


def test_a_hopeless_chain_is_not_chased_into_a_send_off():
    # classic [pro]N4,F8,A12: AV 12 can never break, so success is 0 whatever is done; playing on after a failed
    # N4 could only add send-offs, so the coach accepts it: P(sent off) = 1/2 · 11/54 = 11/108
    c = P("[pro]N4,F8,A12")
    assert solve(c, 1) == 0
    assert sent_off_by_rerolls(c, 1)[1] == F(11, 108)
    assert policy(c, 1) == ("none", "none", "none")


def test_armour_steps_agree_with_the_armour_and_foul_calculators():
    from calculators.armour import armour_injury, foul

    for edition in ("classic", "bb2020", "bb2025"):
        hi = 12 if edition == "classic" else 13
        for av in range(3, hi + 1):
            for mod in (-2, 0, 1, 3):
                for mb in (False, True):
                    c = Chain((ArmourStep(av, mod, mighty_blow=mb),), edition=edition)
                    assert solve(c) == 1 - armour_injury(edition, av, mod, mighty_blow=mb)["no_break"]
                    outcomes, sent = foul(edition, av, mod, dirty_player=mb)
                    c = Chain((ArmourStep(av, mod, foul=True, dirty_player=mb),), edition=edition)
                    assert solve(c) == 1 - outcomes["no_break"]
                    assert sent_off_by_rerolls(c, 0) == (sent,)


def test_armour_step_errors():
    for text, fragment in [("A13", "3 to 12"), ("A14", "3 to 13"), ("A9+6", "-5 to 5"), ("F9+9", "-8 to 8"),
                           ("A9d", "unknown armour skill mark 'd'"), ("F9m", "unknown foul skill mark 'm'")]:
        with pytest.raises(CalcError) as e:
            parse_chain(text, "classic" if text == "A13" else "bb2020")
        assert fragment in e.value.message and "token 1" in e.value.message, (text, e.value.message)
    with pytest.raises(CalcError) as e:
        solve(Chain((ArmourStep(9, foul=True, mighty_blow=True),), edition="bb2020"))
    assert e.value.field == "steps[0].mighty_blow"
