"""Block: the resolver against the brute-force oracle of block_oracle.py, which must agree exactly (every ordered
die, every re-roll die, both coaches' choices), and random requests that must be distributions."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from block_cases import NONE, block_of, exact, fs
from block_oracle import dauntless_faces, oracle

from calculators.api import handle
from calculators.block import OUTCOMES, PUSH_EFFECTS, Block, resolve_block


@pytest.mark.parametrize("att_st, def_st, skills", [(3, 3, ("pro",)), (3, 4, ("pro",)), (4, 3, ("pro", "frenzy")),
                                                     (3, 5, ("pro", "frenzy")), (2, 3, ("pro", "block", "frenzy"))])
@pytest.mark.parametrize("goal", ["knock_down", "safe"])
def test_classic_team_re_roll_on_a_failed_pro_roll_never_helps_a_block(att_st, def_st, skills, goal):
    # The oracle offers the classic team re-roll on a failed Pro roll (LRB6/CRP Pro), the resolver leaves it
    # out (see calculators/block.py): they must agree, with and without Dauntless.
    for dauntless in (False, True):
        b = block_of("classic", att_st, def_st, dauntless=dauntless, attacker=fs(*skills), team_rerolls=1, goal=goal)
        plain, faces = dauntless_faces("classic", att_st, def_st, dauntless=dauntless)
        assert resolve_block(b) == oracle("classic", plain, att=fs(*skills), team=1, goal=goal, faces=faces)


# ---------------------------------------------------------------- oracle agreement

CASES = [
    ("classic", 1, False, NONE, NONE, 0, "knock_down"),
    ("classic", 3, False, fs("block", "tackle"), fs("dodge"), 1, "knock_down"),
    ("classic", -3, False, fs("wrestle"), fs("block", "wrestle"), 1, "safe"),
    ("classic", 2, True, fs("juggernaut", "pro", "frenzy"), fs("wrestle", "dodge"), 2, "knock_down"),
    ("classic", -2, False, fs("pro", "frenzy", "block"), fs("block", "dodge"), 1, "safe"),
    ("bb2016", 2, False, fs("pro"), NONE, 1, "safe"),
    ("bb2020", 2, False, fs("brawler", "pro", "frenzy"), fs("dodge"), 2, "safe"),
    ("bb2020", 3, False, fs("brawler", "pro"), fs("block"), 1, "knock_down"),
    ("bb2020", -2, True, fs("juggernaut", "frenzy", "tackle"), fs("dodge", "wrestle"), 1, "safe"),
    ("bb2025", 1, False, fs("brawler", "pro", "frenzy", "wrestle"), fs("block"), 2, "safe"),
    ("bb2025", -3, False, fs("pro", "brawler"), fs("dodge"), 1, "knock_down"),
    ("bb2025", 2, True, fs("juggernaut", "brawler", "block", "frenzy"), fs("wrestle"), 3, "knock_down"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}d-{'-'.join(sorted(c[3]))}-tr{c[5]}-{c[6]}")
def test_oracle_agrees(case):
    edition, dice, blitz, att, dfd, team, goal = case
    got = resolve_block(Block(edition, dice, blitz, att, dfd, team, goal))
    assert sum(got.values()) == 1
    assert got == oracle(edition, dice, blitz, att, dfd, team, goal)


@pytest.mark.parametrize("dice", [1, 2, -2])
@pytest.mark.parametrize("skills", [NONE, fs("block"), fs("wrestle", "tackle"), fs("frenzy", "pro"), fs("frenzy", "juggernaut")])
@pytest.mark.parametrize("edition", ["classic", "bb2025"])
def test_oracle_agrees_grid(dice, skills, edition):
    for blitz in (False, True):
        for team in (0, 1):
            got = resolve_block(Block(edition, dice, blitz, skills, fs("dodge", "wrestle"), team))
            assert got == oracle(edition, dice, blitz, skills, fs("dodge", "wrestle"), team)


DAUNTLESS_CASES = [
    # (edition, attacker ST, defender ST, att assists, def assists, blitz, horns, attacker, defender, team, goal)
    ("classic", 3, 4, 0, 0, False, False, fs("block"), NONE, 1, "knock_down"),
    ("classic", 2, 5, 1, 0, False, False, fs("pro", "frenzy"), fs("dodge"), 1, "safe"),
    ("classic", 3, 5, 0, 1, True, True, fs("juggernaut", "frenzy"), fs("fend", "wrestle"), 1, "knock_down"),
    ("bb2016", 3, 6, 0, 0, False, False, fs("pro"), fs("block"), 0, "knock_down"),
    ("bb2020", 3, 5, 0, 0, False, False, NONE, NONE, 2, "knock_down"),
    ("bb2020", 2, 5, 0, 0, False, False, fs("pro", "brawler"), fs("dodge"), 1, "safe"),
    ("bb2020", 2, 4, 1, 1, True, True, fs("frenzy", "tackle"), fs("fend", "dodge"), 2, "knock_down"),
    ("bb2025", 3, 4, 0, 0, True, True, fs("frenzy", "pro"), fs("stand_firm"), 1, "knock_down"),
    ("bb2025", 2, 6, 1, 0, False, False, fs("pro", "block"), fs("wrestle"), 2, "safe"),
    ("bb2025", 1, 4, 2, 0, True, True, fs("juggernaut", "frenzy", "pro"), fs("fend", "block"), 1, "knock_down"),
    ("bb2025", 2, 8, 3, 0, False, False, fs("frenzy"), NONE, 1, "knock_down"),  # needs a 7: never
]


@pytest.mark.parametrize("case", DAUNTLESS_CASES, ids=lambda c: f"{c[0]}-st{c[1]}v{c[2]}-{'-'.join(sorted(c[7] | c[8]))}-tr{c[9]}")
def test_oracle_agrees_with_dauntless(case):
    edition, a, d, aa, da, blitz, horns, att, dfd, team, goal = case
    got = resolve_block(block_of(edition, a, d, aa, da, blitz, horns, attacker=att, defender=dfd, team_rerolls=team,
                                 goal=goal))
    plain, faces = dauntless_faces("classic" if edition == "bb2016" else edition, a, d, aa, da, blitz, horns)
    assert faces is not None
    assert got == oracle(edition, plain, blitz, att, dfd, team, goal, faces)
    # and through the JSON API, with the same dice
    req = {"kind": "block", "edition": edition, "attacker_st": a, "defender_st": d, "attacker_assists": aa,
           "defender_assists": da, "blitz": blitz, "attacker_dauntless": True, "attacker_horns": horns,
           "team_rerolls": team, "goal": goal, **{f"attacker_{k}": True for k in att},
           **{f"defender_{k}": True for k in dfd}}
    r = handle(req)
    assert r["ok"], r
    assert exact(r["result"]["outcomes"]) == got


@pytest.mark.parametrize("frenzy", [False, True])
@pytest.mark.parametrize("dfd", [fs("fend"), fs("fend", "stand_firm", "dodge")])
@pytest.mark.parametrize("edition", ["classic", "bb2020"])
def test_oracle_agrees_with_fend(frenzy, dfd, edition):
    att = fs("frenzy", "block") if frenzy else fs("block")
    for dice in (1, 2, -2):
        for goal in ("knock_down", "safe"):
            got = resolve_block(Block(edition, dice, False, att, dfd, 1, goal))
            assert got == oracle(edition, dice, False, att, dfd, 1, goal)


def test_more_team_rerolls_than_rolls():
    # BB2020: each roll takes at most one re-roll, so a block uses at most one team re-roll per roll: the dice
    # (and the Dauntless D6), twice over a Frenzy pair.  The oracle plays all five re-rolls; the resolver
    # must agree.
    for att, faces in ((fs("frenzy"), None), (fs("frenzy", "pro"), dauntless_faces("bb2020", 3, 4)[1])):
        plain = -2 if faces else 1
        got = resolve_block(Block("bb2020", plain, False, att, NONE, 5, dauntless_needed=2 if faces else None,
                                  dauntless_dice=1 if faces else None))
        assert got == oracle("bb2020", plain, False, att, NONE, 5, "knock_down", faces)


def test_random_blocks_are_distributions():
    """Property: for random requests, every probability is in [0, 1], the outcomes sum to 1 and the totals
    follow from them (seeded, so a failure can be replayed)."""
    rng = random.Random(20260504)
    att_skills = ["block", "wrestle", "tackle", "juggernaut", "frenzy", "pro", "dauntless", "horns"]
    for _ in range(60):
        edition = rng.choice(["classic", "bb2016", "bb2020", "bb2025"])
        req = {"kind": "block", "edition": edition, "attacker_st": rng.randint(1, 6), "defender_st": rng.randint(1, 7),
               "attacker_assists": rng.randint(0, 2), "defender_assists": rng.randint(0, 2),
               "blitz": rng.random() < 0.5, "team_rerolls": rng.randint(0, 2), "goal": rng.choice(["knock_down", "safe"])}
        for k in att_skills + (["brawler"] if edition in ("bb2020", "bb2025") else []):
            req[f"attacker_{k}"] = rng.random() < 0.3
        for k in ("block", "dodge", "wrestle", "stand_firm", "fend"):
            req[f"defender_{k}"] = rng.random() < 0.3
        r = handle(req)
        assert r["ok"], (req, r)
        res = r["result"]
        out = exact(res["outcomes"])
        assert set(out) == set(OUTCOMES) and sum(out.values()) == 1, req
        assert all(0 <= v <= 1 for v in out.values()), req
        tot = exact(res["totals"])
        assert tot["defender_knocked_down"] == out["defender_down"] + out["both_down"]
        assert tot["attacker_knocked_down"] == out["attacker_down"] + out["both_down"]
        assert res["push_effect"] in PUSH_EFFECTS
        roll = res["dauntless"]
        if roll is not None:
            assert req["attacker_dauntless"] and 0 <= F(roll["single"]["exact"]) <= F(5, 6)
            assert roll["dice"] in (1, 2, 3) and roll["chooser"] in ("attacker", "defender")


# --- Frenzy's second block with its own dice (issue 23: Block.second_dice, the block request's frenzy_dice) ---


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
@pytest.mark.parametrize("dice, second", [(2, 1), (1, 2), (2, -2), (-2, 1), (3, 1), (1, -3)])
@pytest.mark.parametrize("skills", [("frenzy",), ("frenzy", "block", "pro")])
def test_frenzy_second_block_with_its_own_dice_matches_the_oracle(edition, dice, second, skills):
    att = fs(*skills)
    for team in (0, 1):
        got = resolve_block(Block(edition, dice, False, att, fs("dodge"), team, "knock_down", second_dice=second))
        assert got == oracle(edition, dice, False, att, fs("dodge"), team, second_dice=second)
    # the request: frenzy_dice is that second block's dice
    r = handle({"kind": "block", "edition": edition, "dice": dice, "frenzy_dice": second, "team_rerolls": 1,
                "defender_dodge": True, **{f"attacker_{s}": True for s in skills}})["result"]
    want = oracle(edition, dice, False, att, fs("dodge"), 1, second_dice=second)
    assert F(r["outcomes"]["push"]["exact"]) == want["push"]
    assert F(r["totals"]["defender_knocked_down"]["exact"]) == want["defender_down"] + want["both_down"]
