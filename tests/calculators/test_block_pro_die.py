"""Pro (BB2020, BB2025: one block die) on a block with a non-critical branch (Frenzy): the attacker's roll shows a
non-critical die (a Push) and a critical one; Pro must re-roll the critical die, so the Push is still there to fall
back on.  The solver re-rolled the Push before (values too low with a team re-roll); the oracle of
test_chain_branches plays every die."""

from __future__ import annotations

import pytest
from tree_oracle import oracle_tree

from calculators.chain import success_by_rerolls
from calculators.notation import parse_chain


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("text", ["[pro]B2{B2}", "[pro]B2b:d{B2}", "[pro,loner=4]B3{B-2}", "[pro]B3t:d{B1}"])
def test_pro_rerolls_the_die_that_keeps_a_push_to_fall_back_on(text, edition):
    chain = parse_chain(text, edition).chain
    assert success_by_rerolls(chain, 2) == tuple(oracle_tree(chain, tr)[0] for tr in range(3))
