"""Chains of rolls: the solver against the enumeration oracle of chain_oracle.py on random chains (D6 tests,
Pro and Loner, blocks, armour rolls and fouls), and what the solver's summary and memo must be."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from chain_cases import RULESETS, P, random_chain
from chain_oracle import FACES, oracle, oracle_full

from calculators.chain import Chain, Player, Step, policy, sent_off_by_rerolls, solve, success_by_rerolls, summary
from calculators.notation import format_chain


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(16))
def test_dp_agrees_with_oracle_on_random_chains(seed, edition, reading):
    agrees_on_a_random_chain(random.Random(seed), edition, reading, flag_rate=0.3)


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(8))
def test_dp_agrees_with_oracle_when_pro_and_loner_are_common(seed, edition, reading):
    # most players carry Pro and Loner, so the Pro roll's and the Loner roll's team re-rolls are in play
    agrees_on_a_random_chain(random.Random(1000 + seed), edition, reading, flag_rate=0.8)


def agrees_on_a_random_chain(rng, edition, reading, flag_rate):
    """The solver's P(success) is the oracle's for a random chain of D6 tests, with 0 to 4 team re-rolls."""
    chain = random_chain(rng, edition, reading, flag_rate=flag_rate)
    for tr in range(0, 5):
        assert solve(chain, tr) == oracle(chain, tr), (format_chain(chain), edition, reading, tr)


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(24))
def test_dp_agrees_with_oracle_on_chains_with_blocks_armour_and_fouls(seed, edition, reading):
    # success and the chance of a send-off, with Pro and Loner common
    rng = random.Random(5000 + seed)
    chain = random_chain(rng, edition, reading, flag_rate=0.5, rich=True)
    sent = sent_off_by_rerolls(chain, 3)
    for tr in range(0, 4):
        assert (solve(chain, tr), sent[tr]) == oracle_full(chain, tr), (format_chain(chain), edition, reading, tr)


def test_the_oracle_sees_the_new_choices():
    # the oracle is not a copy of the old rules: it finds the values worked by hand above
    assert oracle(P("[loner=4]N4", "bb2025", "rulebook"), 2) == F(11, 16)
    assert oracle(P("[loner=4]N4", "bb2025", "designers-commentary"), 2) == F(5, 8)
    assert oracle(P("[pro,loner=4]N4", "classic"), 1) == F(21, 32)
    assert oracle(P("[pro,loner=4]N4", "bb2020"), 1) == F(2, 3)
    assert oracle(P("[pro,loner=4]N4/N4", "classic"), 2) == F(31, 64)
    # and the block, armour and foul values worked by hand above
    assert oracle(P("B2b"), 1) == F(15, 16)
    assert oracle(P("[pro]B-2", "bb2020"), 0) == F(17, 81)
    assert oracle(P("B-2r", "bb2025"), 0) == F(4, 27)
    assert oracle(P("A10mc"), 0) == F(7, 12)
    assert oracle_full(P("F8,N2"), 0) == (F(25, 162), F(11, 54))
    assert oracle_full(P("[pro]N4,F8,A12"), 1) == (F(0), F(11, 108))


def test_summary_is_what_the_separate_functions_give():
    # the chain request reads everything from one solver; the separate entry points build their own
    for text, edition in [("[pro]R2,B-2bt:d,D3/[loner=4]B3br,A9m/F9+1d", "bb2025"), ("[pro,loner=4]N4/N4", "classic"),
                          ("D3,R2,P3", "bb2020")]:
        c = P(text, edition)
        rows = summary(c, 3)
        assert [r.success for r in rows] == list(success_by_rerolls(c, 3))
        assert [r.policy for r in rows] == [policy(c, k) for k in range(4)]
        fouls = any(s.kind == "foul" for s in c.steps)
        assert [r.sent_off for r in rows] == (list(sent_off_by_rerolls(c, 3)) if fouls else [None] * 4)


def test_no_choice_chain_matches_full_enumeration():
    # without any re-roll the chain succeeds on exactly the die sequences where every die passes
    import itertools
    chain = P("D3,R2,I4,C5")
    hits = 0
    for dice in itertools.product(FACES, repeat=4):
        ok = all((d == 6 or (d != 1 and d >= s.target)) != (s.kind == "interception")
                 for d, s in zip(dice, chain.steps))
        hits += ok
    assert solve(chain) == F(hits, 6 ** 4)


def test_memo_forgets_what_no_later_step_can_use():
    # Issue 12, defect 3: D6d/D6d/... remembered every player's Dodge use, so the states (and time, memory)
    # doubled with each player.  A player's once-per-turn skills and Pro matter only up to its last step.
    from calculators.chain import _solver

    for edition in ("classic", "bb2020", "bb2025"):
        for players in (4, 8, 11):
            chain = Chain(tuple(Step("dodge", 6, True, k) for k in range(players)),
                          tuple(Player(pro=True, loner=4) for _ in range(players)), edition)
            value = _solver(chain)[0]
            value(0, 3, 0, frozenset(), frozenset())
            # at most (steps + 1) x (team re-rolls 0..3) x (used this turn 0..3) x (Dodge used) x (Pro used)
            assert value.cache_info().currsize <= (players + 1) * 4 * 4 * 2 * 2, (edition, players)
