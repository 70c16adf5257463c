"""Branching chains: non-critical failures and their branches, Dauntless, weighted alternatives, success
branches, "do not re-roll" marks, hand-worked (the oracle's values in test_chain_tree_oracle.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from chain_cases import RULESETS, P
from tree_oracle import oracle_tree

from calculators.chain import Chain, Player, Step, policy, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain


# --------------------------------------------------------------------- non-critical failures

def test_a_non_critical_failure_goes_on_by_its_branch():
    # T4~2{C3}: 4+ passes (1/2), 2-3 is inaccurate (1/3): then a 3+ catch (2/3); a 1 ends it (1/6).
    # No re-roll: 1/2 + 1/3 · 2/3 = 13/18.  With one team re-roll (BB2020): an inaccurate pass is kept (the
    # catch keeps the re-roll: 8/9), a fumble re-rolled: 1/2 + 1/3 · 8/9 + 1/6 · (1/2 + 1/3 · 2/3) = 11/12
    assert success_by_rerolls(P("T4~2{C3}", "bb2020"), 1) == (F(13, 18), F(11, 12))
    assert policy(P("T4~2{C3}", "bb2020"), 1) == ({"non_critical": "none", "critical": "team"},)
    # an empty branch: the main line goes straight on, 1/2 + 1/3 = 5/6
    assert solve(P("T4~2")) == F(5, 6)


def test_a_bad_branch_is_re_rolled_away():
    # T4~2{N6}: the branch needs a 6.  With one team re-roll, re-rolling the inaccurate pass gives
    # 1/2 + 1/3 · 1/6 = 5/9, keeping it 1/6 + 5/6 · 1/6 = 11/36: re-roll.  P = 1/2 + 1/2 · 5/9 = 7/9
    c = P("T4~2{N6}", "bb2020")
    assert success_by_rerolls(c, 1) == (F(5, 9), F(7, 9))
    assert policy(c, 1) == ("team",)


def test_a_failed_pro_roll_leaves_the_non_critical_result():
    # BB2020 [pro]T4~2{N4}: inaccurate (1/3): keeping it keeps Pro for N4 (1/2 + 1/2 · 2/3 · 1/2 = 2/3); Pro on the
    # pass gives 2/3 · (1/2 + 1/3 · 1/2) + 1/3 · 1/2 = 11/18 (a failed Pro roll leaves the inaccurate pass).
    # Fumble (1/6): Pro, 2/3 · (1/2 + 1/3 · 1/2) = 4/9.  P = 1/2 + 1/3 · 2/3 + 1/6 · 4/9 = 43/54
    c = P("[pro]T4~2{N4}", "bb2020")
    assert solve(c) == F(43, 54)
    assert policy(c) == ({"non_critical": "none", "critical": "pro"},)


def test_frenzy_second_block_on_a_push():
    # B1{B1} (classic, no skills): Stumbles, POW succeed (1/3), a Push (1/3) leads to the second block: 4/9
    assert solve(P("B1{B1}")) == F(4, 9)
    # B2b{B2b}: per die success 1/2 (Both Down, Stumbles, POW), Push 1/3, Attacker Down 1/6.  Two dice: success
    # 3/4; no success but a Push 1/4 - 1/36 = 2/9.  P = 3/4 + 2/9 · 3/4 = 11/12
    assert solve(P("B2b{B2b}")) == F(11, 12)
    # with an empty branch a Push is as good as a knock-down: 1 - 1/36
    assert solve(P("B2b{}")) == F(35, 36)
    # without braces a Push still ends the chain, as before
    assert solve(P("B2b")) == F(3, 4)


# --------------------------------------------------------------------- Dauntless

def test_dauntless_splits_the_chain():
    # U4{B2b|B-2b}: 1/2 · 3/4 + 1/2 · 1/4 = 1/2.  With one team re-roll: a failed Dauntless roll re-rolled gives
    # 1/2 (3/4 or 1/4), kept 1/4 + 3/4 · 1/4 = 7/16: re-roll; after a success the block keeps it, 15/16.
    # P = 1/2 · 15/16 + 1/2 · 1/2 = 23/32 in every edition (one re-roll is spent at most)
    for edition, reading in RULESETS:
        assert success_by_rerolls(P("U4{B2b|B-2b}", edition, reading), 1) == (F(1, 2), F(23, 32))
    assert policy(P("U4{B2b|B-2b}"), 1) == ("team",)
    # then the main line: an armour roll after either block (classic AV 8 with Mighty Blow: 15/36)
    assert solve(P("U4{B2b|B-2b},A8m")) == F(1, 2) * F(5, 12)


# --------------------------------------------------------------------- weighted alternatives

def test_weighted_alternatives():
    # D3,(1/2:R2|1/3:R3,P4),P3: 2/3 · (1/2 · 5/6 + 1/3 · 2/3 · 1/2) · 2/3 = 19/81 (1/6 of the time it fails)
    assert solve(P("D3,(1/2:R2|1/3:R3,P4),P3")) == F(19, 81)
    # an empty alternative goes straight on
    assert solve(P("N4,(1/2:|1/2:N4)")) == F(1, 2) * (F(1, 2) + F(1, 4))


def test_alternatives_may_be_a_players_first_item():
    # BB2020 (Pro 3+), no team re-roll.  [pro](1/2:D4|1/2:R2,D4): D4 with Pro 1/2 + 1/2 · 2/3 · 1/2 = 2/3; R2,D4 with
    # one Pro: R2 passes (5/6) then D4 with Pro (2/3), or R2 fails (1/6), Pro (2/3) saves it (5/6), D4 without Pro
    # (1/2): 5/9 + 5/108 = 65/108.  P = 1/2 · 2/3 + 1/2 · 65/108 = 137/216
    first = P("[pro](1/2:D4|1/2:R2,D4)", "bb2020")
    assert first.steps[0].player == 0 and first.players[0].pro
    assert solve(first) == F(137, 216) == oracle_tree(first, 0)[0]
    # the main line after the group is the same player's, its Pro the same Pro: the same chain written so
    assert solve(P("[pro](1/2:R2|1/2:),D4", "bb2020")) == F(137, 216)
    # after '/': the second player's, flags included (Loner 4+ on its team re-roll, in every alternative)
    second = P("D2/[loner=4](1/2:R3|1/2:D3,R3)", "bb2020")
    assert second.steps[1].player == 1 and second.players[1].loner == 4
    assert all(t.player == 1 for _, steps in second.steps[1].options for t in steps)
    for tr in range(3):
        assert solve(second, tr) == oracle_tree(second, tr)[0]
    # no team re-roll: D2 5/6, then R3 (2/3) or D3 and R3 (4/9)
    assert solve(second, 0) == F(5, 6) * (F(1, 2) * F(2, 3) + F(1, 2) * F(4, 9))


def test_a_gaze_may_go_on_after_any_failure():
    # G3~1{D2}: a failed gaze, a natural 1 too, ends only the gazer's activation: 2/3 + 1/3 · 5/6 = 17/18 with no
    # re-roll; with one team re-roll (BB2020) a failed gaze is re-rolled or kept, both 2/3 + 1/3 · 5/6 for what
    # follows: 2/3 + 1/3 · max(35/36, 17/18) = 2/3 + 35/108 = 107/108
    c = P("G3~1{D2}", "bb2020")
    assert success_by_rerolls(c, 1) == (F(17, 18), F(107, 108))
    for edition, reading in RULESETS:
        chain = P("[pro]G4~1{/R2|/D3},N3", edition, reading)
        for tr in range(3):
            assert solve(chain, tr) == oracle_tree(chain, tr)[0], (edition, reading, tr)
    # a band from 1 on a gaze only: every other roll's natural 1 is critical
    for text in ("D3~1", "T4~1{C3}", "N2~1"):
        with pytest.raises(CalcError) as e:
            P(text, "bb2020")
        assert e.value.details["reason"] == "bad-partial", text
    with pytest.raises(CalcError) as e:
        Chain((Step("pass", 4, partial=1),), edition="bb2020").validate()
    assert e.value.field == "steps[0].partial"
    assert format_chain(P("G2~1{D2}")) == "G2~1{D2}"


# --------------------------------------------------------------------- do not re-roll

def test_do_not_reroll_marks():
    # D3!,R2 with one team re-roll (BB2020): the dodge stands, the rush may be re-rolled: 2/3 · 35/36
    assert solve(P("D3!,R2", "bb2020"), 1) == F(2, 3) * F(35, 36)
    assert solve(P("D3d!")) == F(2, 3)
    assert solve(P("[pro]B2b!"), 1) == F(3, 4)
    assert policy(P("D3!,R2", "bb2020"), 1) == ("none", "team")
    # a Dauntless roll left as it is
    assert solve(P("U4!{B2b|B-2b}"), 1) == F(1, 2) * F(15, 16) + F(1, 2) * F(7, 16)


def test_a_success_branch_splits_a_roll_with_a_band():
    # BB2020, no re-roll: T4~2{/C3|/C5}: accurate 1/2 then C3 2/3; inaccurate 1/3 then C5 1/3: 1/3 + 1/9 = 4/9
    # (the reviewer's "C3 if accurate, C5 if inaccurate"); T4~2{/C5}/C3 asks for both after an inaccurate pass
    split = P("T4~2{/C3|/C5}", "bb2020")
    assert solve(split) == F(4, 9) == oracle_tree(split, 0)[0]
    assert solve(P("T4~2{/C5}/C3", "bb2020")) == F(1, 2) * F(2, 3) + F(1, 3) * F(1, 3) * F(2, 3)
    # the main line goes on after either branch, and the oracle agrees with re-rolls and Pro
    for text in ("[pro]T4p~2{/C3c|/[loner=4]C5},N3;tr=1", "T5~3{D3|R2},N4;tr=2", "T4~2{N3|},N2;tr=1"):
        for edition in ("classic", "bb2020", "bb2025"):
            chain = P(text, edition)
            for tr in range(3):
                assert solve(chain, tr) == oracle_tree(chain, tr)[0], (text, edition, tr)


def test_a_success_branch_round_trips_and_needs_a_band():
    for text in ("T4~2{/C3|/C5}", "T4~2{N3|}", "T4~2{|N3}/C4"):
        assert format_chain(P(text, "bb2020")) == text.replace("{|N3}", "{N3}")
    with pytest.raises(CalcError) as e:
        Chain((Step("pass", 4, success=(Step("catch", 3, player=1),)),), (Player(), Player()), "bb2020").validate()
    assert e.value.field == "steps[0].success"
    with pytest.raises(CalcError) as e:
        P("T4~2{C3|C4|C5}", "bb2020")
    assert e.value.details["reason"] == "branch-shape"
