"""A Bribe (K) or Argue the Call (Q) after a foul's send-off, in the chain: exact values worked by hand, the
rules per edition (calculators/chain.py, "Bribes and Argue the Call"), the refusals, and the brute-force oracle
of test_chain.py on random chains."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from calculators.chain import appeal_chances, policy, rolls_2d6, sent_off_by_rerolls, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain

from chain_cases import RULESETS
from chain_oracle import FAMILY, oracle_full


def P(text, edition="bb2025", reading=None):
    return parse_chain(text, edition, reading).chain


# BB2025 (and BB2020) F8, no assist: 8+ on 2D6 is 15/36.  Doubles among them (4-4, 5-5, 6-6): 3/36, a send-off;
# the other 12/36 break, then the injury roll is a double 1/6 of the time: 2/36 more sent off, 10/36 clean.
# So the armour breaks with the fouler kept 10/36 and breaks with a send-off 5/36; a double below 8 (1-1, 2-2,
# 3-3, 3/36) is a send-off on a held armour.  N2 afterwards: 5/6.
CLEAN, SENT_BROKE, SENT_HELD = F(10, 36), F(5, 36), F(3, 36)


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_a_bribe_cancels_the_send_off_and_its_turnover(edition):
    # F8,K2,N2: the chain goes on when the fouler is kept, or sent off and bribed (5/6):
    # (10/36 + 5/36 · 5/6) · 5/6 = (60 + 25)/216 · 5/6 = 425/1296 (BloodBowlDave's F8,B,2: 0.32793)
    c = P("F8,K2,N2", edition)
    assert solve(c) == (CLEAN + SENT_BROKE * F(5, 6)) * F(5, 6) == F(425, 1296)
    # still sent off: every send-off (5/36 + 3/36 = 2/9) whose Bribe fails (1/6): 1/27
    assert sent_off_by_rerolls(c, 0) == (F(1, 27),)
    # a failed Bribe may be followed by another: 1 - (1/6)^2 = 35/36 of send-offs cancelled
    c = P("F8,K2,K2,N2", edition)
    assert solve(c) == (CLEAN + SENT_BROKE * F(35, 36)) * F(5, 6) == F(2675, 7776)
    assert sent_off_by_rerolls(c, 0) == (F(2, 9) / 36,)


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_argue_the_call_keeps_the_fouler_but_not_the_turn(edition):
    # a 6 keeps the fouler, but the turnover stands: the N2 after it is never rolled, so F8,Q6,N2 is F8,N2:
    # 10/36 · 5/6 = 25/108 (BloodBowlDave's F8,A6,2 goes on after the 6: 0.25077, dave_differences.yml)
    assert solve(P("F8,Q6,N2", edition)) == solve(P("F8,N2", edition)) == CLEAN * F(5, 6) == F(25, 108)
    # what it changes is the send-off: 2/9 · 5/6 = 5/27
    assert sent_off_by_rerolls(P("F8,Q6,N2", edition), 0) == (F(5, 27),)
    # a foul that ends the chain counts its broken armour with or without a send-off: 15/36 = 5/12 either way
    assert solve(P("F8,Q6", edition)) == solve(P("F8,K2", edition)) == solve(P("F8", edition)) == F(5, 12)


def test_after_a_one_on_argue_the_call_bb2020_allows_no_bribe_bb2025_does():
    # F8,Q6,K2,N2: after a send-off, a 6 on the argument keeps the fouler with a turnover (1/6); 2-5 (4/6): the
    # Bribe, 5/6 going on; a 1 (1/6) ejects the coach: BB2020 no Bribe, BB2025 the Bribe still (5/6)
    go_2020, go_2025 = F(4, 6) * F(5, 6), F(5, 6) * F(5, 6)
    assert appeal_chances("bb2020", P("F8,Q6,K2", "bb2020").steps[1:]) == (go_2020, F(1, 6))
    assert appeal_chances("bb2025", P("F8,Q6,K2").steps[1:]) == (go_2025, F(1, 6))
    # BB2020: (10/36 + 5/36 · 20/36) · 5/6 = (360 + 100)/1296 · 5/6 = 575/1944
    assert solve(P("F8,Q6,K2,N2", "bb2020")) == (CLEAN + SENT_BROKE * go_2020) * F(5, 6) == F(575, 1944)
    # BB2025: (10/36 + 5/36 · 25/36) · 5/6 = 485/1296 · 5/6 = 2425/7776 (BloodBowlDave's F8,A6,B,2: 0.31507)
    assert solve(P("F8,Q6,K2,N2")) == (CLEAN + SENT_BROKE * go_2025) * F(5, 6) == F(2425, 7776)
    # still sent off: 2/9 of the time, then neither a 6 nor a Bribe: BB2020 1 - 1/6 - 20/36 = 10/36, BB2025 5/36
    assert sent_off_by_rerolls(P("F8,Q6,K2,N2", "bb2020"), 0) == (F(2, 9) * F(10, 36),)
    assert sent_off_by_rerolls(P("F8,Q6,K2,N2"), 0) == (F(2, 9) * F(5, 36),)


@pytest.mark.parametrize("edition", ["classic", "bb2016"])
def test_classic_bribes_and_fumbbls_bb2016_order(edition):
    # classic F8 breaks on 9+ (10/36); kept and clean 5/27, broken with a send-off 5/54 (test_chain.py):
    # F8,K2,N2 = (5/27 + 5/54 · 5/6) · 5/6 = 85/324 · 5/6 = 425/1944
    assert solve(P("F8,K2,N2", edition)) == F(425, 1944)
    if edition == "bb2016":
        # FUMBBL's BB2016 asks for the Bribe first, then Argue the Call, whose 6 sends the fouler to the
        # Reserves with a turnover: the chain's chance is the Bribe's; still sent off 11/54 · 1/6 · 5/6
        assert solve(P("F8,K2,Q6,N2", edition)) == F(425, 1944)
        assert sent_off_by_rerolls(P("F8,K2,Q6,N2", edition), 0) == (F(11, 54) * F(5, 36),)


def test_the_group_follows_the_injury_roll_and_folds_into_the_foul():
    # with the foul's injury roll written, the group comes after it; the pair's joint outcome is split the same way
    c = P("F8,J8,K2,N2")
    o = rolls_2d6(c)[0]
    assert solve(c) == (o["break"] + o["break_sent_off"] * F(5, 6)) * F(5, 6)
    assert sent_off_by_rerolls(c, 0) == ((o["break_sent_off"] + o["hold_sent_off"]) / 6,)
    # a foul and its injury roll that end the chain count their send-off as a success: the Bribe changes only
    # the chance of a send-off, by 1/6
    for edition in ("classic", "bb2025"):
        assert solve(P("F8,J8,K2", edition)) == solve(P("F8,J8", edition))
        assert sent_off_by_rerolls(P("F8,J8,K2", edition), 0)[0] == sent_off_by_rerolls(P("F8,J8", edition), 0)[0] / 6
    # in a branch, the group belongs to the branch's foul
    assert solve(P("T4~2{/F9,K2|/C3}")) == F(1, 2) * solve(P("F9,K2")) + F(1, 3) * F(2, 3)  # accurate 4-6, else 2-3
    # nothing re-rolls them: their steps pass on, and the policy names none for them
    assert policy(P("F8,Q6,K2/N2"), 2) == ("none", "none", "none", "team")
    assert success_by_rerolls(P("[pro]F8,K2"), 2) == (F(5, 12),) * 3


@pytest.mark.parametrize("text, edition, rule, fragment", [
    ("K2", "bb2025", "send-off-group", "only when a foul sends"),           # no foul before it
    ("D3,Q6", "bb2025", "send-off-group", "only when a foul sends"),
    ("F8/K2", "bb2025", "send-off-group", "same player"),                   # another player's
    ("F8,N2,K2", "bb2025", "send-off-group", "right after that foul"),
    ("B2,A9,K2", "bb2025", "send-off-group", "only when a foul sends"),     # an armour roll after a block sends nobody off
    ("F8,K3", "bb2025", "range", "2+"),                                  # a Bribe is 2+ in every edition
    ("F8,K2,Q6", "bb2025", "send-off-group", "argued before any Bribe"),    # BB2020 FAQ, BB2025 Bribes: argue first
    ("F8,K2,Q6", "bb2020", "send-off-group", "argued before any Bribe"),
    ("F8,Q6,K2", "bb2016", "send-off-group", "Bribes come before"),         # FUMBBL's BB2016 order
    ("F8,Q6,Q6", "bb2025", "send-off-group", "one Argue the Call"),
    ("F8,Q6/F8,Q6", "bb2020", "send-off-group", "one Argue the Call"),
    ("F8,Q6", "classic", "not-in-edition", "no Argue the Call"),
])
def test_misplaced_bribes_and_arguments_are_refused(text, edition, rule, fragment):
    with pytest.raises(CalcError) as e:
        P(text, edition)
    assert e.value.details["reason"] == "step-rule" and e.value.details["rule"] == rule, e.value.details
    assert fragment in e.value.message


@pytest.mark.parametrize("text, edition", [("F8,K2", "classic"), ("F9+1d,J8,K2,K2/D3", "bb2020"),
                                           ("D3,F8s,Q5,K2,N2", "bb2025"), ("F8,K2,Q6", "bb2016")])
def test_round_trip(text, edition):
    assert format_chain(P(text, edition)) == text


def random_send_off_chain(rng: random.Random, edition: str, reading: str | None) -> tuple:
    """A random chain with fouls, each perhaps followed by a send-off group written in the edition's order."""
    fam = FAMILY[edition]
    argued = False
    parts = []
    for _ in range(rng.choice([1, 2, 2])):
        flags = [f for f, on in (("pro", rng.random() < 0.4), (f"loner={rng.randint(2, 6)}", rng.random() < 0.3)) if on]
        toks = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                av = rng.randint(6, 11)
                mod = rng.choice([0, 0, 1, -1])
                toks.append(f"F{av}{f'{mod:+d}' if mod else ''}{'d' if rng.random() < 0.3 else ''}")
                bribes = ["K2"] * rng.choice([0, 1, 1, 2])
                argue = [] if argued or edition == "classic" or rng.random() < 0.5 else [f"Q{rng.choice([5, 6, 6])}"]
                argued = argued or bool(argue)
                toks += (bribes + argue) if fam == "classic" else (argue + bribes)
            else:
                letter = rng.choice("DRPN")
                toks.append(f"{letter}{rng.randint(2, 6)}{'d' if letter == 'D' and rng.random() < 0.3 else ''}")
        parts.append((f"[{','.join(flags)}]" if flags else "") + ",".join(toks))
    return P("/".join(parts), edition, reading)


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(10))
def test_dp_agrees_with_oracle_on_chains_with_send_off_groups(seed, edition, reading):
    chain = random_send_off_chain(random.Random(7700 + seed), edition, reading)
    sent = sent_off_by_rerolls(chain, 2)
    for tr in range(0, 3):
        assert (solve(chain, tr), sent[tr]) == oracle_full(chain, tr), (format_chain(chain), edition, reading, tr)


def test_the_oracle_finds_the_hand_worked_values():
    assert oracle_full(P("F8,K2,N2"), 0) == (F(425, 1296), F(1, 27))
    assert oracle_full(P("F8,Q6,K2,N2", "bb2020"), 0) == (F(575, 1944), F(2, 9) * F(10, 36))
    assert oracle_full(P("F8,Q6,K2,N2"), 0) == (F(2425, 7776), F(2, 9) * F(5, 36))
    assert oracle_full(P("F8,Q6,N2"), 0) == (F(25, 108), F(5, 27))
