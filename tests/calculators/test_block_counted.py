"""Block: a block with its succeeding faces counted (issue 23: BlockStep.faces, the notation's =N), against an
oracle that enumerates every ordered roll and every re-rolled die."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest


_ORDER = (6, 5, 4, 3, 2, 1)  # POW, Stumble, Push, Push, Both Down, Player Down: the count takes the first


def _counted_oracle(dice: int, count: int, brawler: bool, team: int) -> F:
    """P(a counted block succeeds), every ordered roll and every re-rolled die enumerated: a failed roll may be
    re-rolled whole (a team re-roll) or, with Brawler, one Both Down die of it; one re-roll per roll."""
    good = set(_ORDER[:count])
    n, att = abs(dice), dice > 0

    def ok(faces) -> bool:
        hits = [f in good for f in faces]
        return any(hits) if att else all(hits)

    rolls = list(product(range(1, 7), repeat=n))
    p = F(sum(1 for r in rolls if ok(r)), len(rolls))
    total = F(0)
    for r in rolls:
        if ok(r):
            total += 1
            continue
        options = [F(0)] + ([p] if team else [])
        if brawler:
            for j, f in enumerate(r):
                if f == 2:  # Both Down, failing here (count 4 or less)
                    options.append(F(sum(1 for g in range(1, 7) if ok(r[:j] + (g,) + r[j + 1:])), 6))
        total += max(options)
    return total / len(rolls)


@pytest.mark.parametrize("dice", [1, 2, 3, -2, -3])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("brawler", [False, True])
@pytest.mark.parametrize("team", [0, 1])
def test_counted_block_matches_the_oracle(dice, count, brawler, team):
    from calculators.chain import solve
    from calculators.notation import format_chain, parse_chain
    text = f"B{dice}{'r' if brawler else ''}={count}"
    chain = parse_chain(text, "bb2025").chain
    assert format_chain(chain) == text
    assert solve(chain, team) == _counted_oracle(dice, count, brawler, team)


def test_counted_block_refuses_face_skills_and_branches():
    from calculators.errors import CalcError
    from calculators.notation import parse_chain
    for text in ("B2b=3", "B2:d=3", "B2=3{B1}", "B2=6", "B2=0"):
        with pytest.raises(CalcError):
            parse_chain(text, "bb2025")
