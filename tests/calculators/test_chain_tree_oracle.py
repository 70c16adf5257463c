"""Branching chains: the solver against the oracle of tree_oracle.py (hand-worked values, random branching
chains, straight chains against chain_oracle.py), and the solver's summary and memo on a branching chain."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from chain_cases import RULESETS, P, random_branching, random_chain
from chain_oracle import oracle_full
from tree_oracle import oracle_tree

from calculators.chain import policy, sent_off_by_rerolls, solve, success_by_rerolls, summary
from calculators.notation import format_chain


def test_the_oracle_finds_the_hand_worked_values():
    assert oracle_tree(P("T4~2{C3}", "bb2020"), 1)[0] == F(11, 12)
    assert oracle_tree(P("T4~2{N6}", "bb2020"), 1)[0] == F(7, 9)
    assert oracle_tree(P("[pro]T4~2{N4}", "bb2020"), 0)[0] == F(43, 54)
    assert oracle_tree(P("B2b{B2b}"), 0)[0] == F(11, 12)
    assert oracle_tree(P("U4{B2b|B-2b}"), 1)[0] == F(23, 32)
    assert oracle_tree(P("D3,(1/2:R2|1/3:R3,P4),P3"), 0)[0] == F(19, 81)
    assert oracle_tree(P("D3^", "bb2025"), 1)[0] == F(4, 9)
    assert oracle_tree(P("D3^", "bb2020"), 1)[0] == F(5, 9)
    assert oracle_tree(P("D3!,R2", "bb2020"), 1)[0] == F(2, 3) * F(35, 36)


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(12))
def test_dp_agrees_with_the_oracle_on_random_branching_chains(seed, edition, reading):
    rng = random.Random(9000 + seed)
    text = random_branching(rng, edition)
    chain = P(text, edition, reading)
    assert format_chain(chain) == text
    sent = sent_off_by_rerolls(chain, 2)
    for tr in range(0, 3):
        assert (solve(chain, tr), sent[tr]) == oracle_tree(chain, tr), (text, edition, reading, tr)


@pytest.mark.parametrize("edition, reading", RULESETS)
def test_the_tree_oracle_agrees_on_straight_chains(edition, reading):
    # the same oracle on chains without branches gives the straight solver's values (and oracle_full's)
    rng = random.Random(77)
    for k in range(3):
        chain = random_chain(rng, edition, reading, flag_rate=0.5, rich=k == 0)
        for tr in range(3):
            assert oracle_tree(chain, tr) == oracle_full(chain, tr), (format_chain(chain), tr)


# --------------------------------------------------------------------- API values and structure

def test_summary_and_policy_on_a_branching_chain():
    c = P("[pro]T4~2{/C3},U4{B2b|B-2b},(1/2:R2|1/2:),A9", "bb2025")
    rows = summary(c, 2)
    assert [r.success for r in rows] == list(success_by_rerolls(c, 2))
    assert [r.policy for r in rows] == [policy(c, k) for k in range(3)]
    assert len(rows[0].policy) == 4 and rows[0].policy[2] == "none"


def test_the_memo_stays_small_on_a_branching_chain():
    from calculators.chain import _solver

    # at most (nodes + end) x (team re-rolls 0..3) x (Dodge, Sure Feet used) x (Pro used) states: what a node's
    # descendants cannot use is forgotten, whatever branch led there
    chain = P("[pro]D6d,R2f,T4~2{C3c,D3d},U4{B2b|B-2b{B2b}},D4d", "bb2020")
    value, _, _, _, (nodes, main) = _solver(chain)
    assert len(nodes) == 11 and main == [0, 1, 2, 5, 9]  # pre-order: a branch's nodes follow its step
    value(0, 3, 0, frozenset(), frozenset())
    assert value.cache_info().currsize <= 11 * 4 * 4 * 2
