"""Lord of Chaos (Lord Borak, BB2025) on a Blitz's block follows the reading of Savage Blow's "Block Action"
(calculators/rerolls.py, ``savage_blow_reading``): both rules say "when he performs a Block Action" (BBBase
``docs/bb2025/starplayers/Lord_Borak_the_Despoiler.md`` and ``Anqi_Panqi.md``), and FFB's BB2025 ``StepBlockRoll``
offers either on any block, checking the action only for Unstoppable Momentum's Blitz re-roll and Brawler.
``rulebook`` (the default): not after a move of his nor on a block marked ``j`` or ``u``; ``fumbbl``: any block.

Exact values worked by hand and a brute force over every die (the dodge's, every face of every block die and every
die Lord of Chaos may re-roll), under both readings."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from itertools import product

import pytest

from calculators.api import handle
from calculators.chain import success_by_rerolls
from calculators.notation import parse_chain


def P(text, reading=None):
    return replace(parse_chain(text, "bb2025").chain, savage_reading=reading)


def oracle(dodge: int | None, dice: int, lord: bool) -> F:
    """P(``D<dodge>,B<dice>``, the dodge left out when None) with no re-roll but, when ``lord``, one block die
    re-rolled once (the best one to re-roll, each tried): every face of every die; the attacker keeps the best die,
    the defender gives the worst; with no skill only 5 and 6 (Stumble and POW) knock the defender down."""
    n, att = abs(dice), dice > 0

    def roll_ok(faces) -> bool:
        good = [f >= 5 for f in faces]
        return any(good) if att else all(good)

    def after_roll(faces) -> F:
        if roll_ok(faces):
            return F(1)
        if not lord:
            return F(0)
        return max(F(sum(roll_ok(faces[:j] + (new,) + faces[j + 1:]) for new in range(1, 7)), 6) for j in range(n))

    block = sum((after_roll(faces) for faces in product(range(1, 7), repeat=n)), F(0)) / 6 ** n
    if dodge is None:
        return block
    return F(sum(1 for f in range(1, 7) if f != 1 and f >= dodge), 6) * block


def test_hand_worked_values():
    # B2: 1 - (2/3)² = 5/9; both dice failing (4/9), one re-rolled saves a third of them: 5/9 + 4/27 = 19/27
    assert success_by_rerolls(P("[lordofchaos]B2"), 0) == (F(19, 27),)
    # after a dodge on 3+ (2/3) the block is a Blitz's: the rule text gives no re-roll, FUMBBL does
    assert success_by_rerolls(P("[lordofchaos]D3,B2"), 0) == (F(2, 3) * F(5, 9),) == (F(10, 27),)
    assert success_by_rerolls(P("[lordofchaos]D3,B2", "rulebook"), 0) == (F(10, 27),)
    assert success_by_rerolls(P("[lordofchaos]D3,B2", "fumbbl"), 0) == (F(2, 3) * F(19, 27),) == (F(38, 81),)
    # Juggernaut says a Blitz too: B-2bj is 1/4 (Block: 3 faces of 6 per die) without it, 1/2 with one die re-rolled
    assert success_by_rerolls(P("[lordofchaos]B-2bj"), 0) == (F(1, 4),)
    assert success_by_rerolls(P("[lordofchaos]B-2bj", "fumbbl"), 0) == (F(1, 2),)


@pytest.mark.parametrize("dodge, dice", [(3, 2), (4, 1), (2, -2), (5, 3), (None, 2), (None, -3)])
def test_brute_force_under_both_readings(dodge, dice):
    text = f"[lordofchaos]{'' if dodge is None else f'D{dodge},'}B{dice}"
    blitz = dodge is not None
    assert success_by_rerolls(P(text), 0) == (oracle(dodge, dice, not blitz),)
    assert success_by_rerolls(P(text, "rulebook"), 0) == (oracle(dodge, dice, not blitz),)
    assert success_by_rerolls(P(text, "fumbbl"), 0) == (oracle(dodge, dice, True),)
    assert oracle(dodge, dice, True) > oracle(dodge, dice, False)


def test_the_tree_oracle_agrees_under_both_readings():
    from tree_oracle import oracle_tree

    for text in ("[lordofchaos]D3,B-2b", "[lordofchaos,pro]R2,B2:d,A9", "[lordofchaos]B2j,B-2b", "[lordofchaos]B2,B2u"):
        for reading in ("rulebook", "fumbbl"):
            chain = P(text, reading)
            for tr in range(2):
                assert success_by_rerolls(chain, tr)[tr] == oracle_tree(chain, tr)[0], (text, reading, tr)


def test_the_request_field_and_the_answers_reading_line():
    base = {"kind": "chain", "chain": "[lordofchaos]D3,B2", "edition": "bb2025"}
    default = handle(base)["result"]
    assert default["savage_blow_reading"] == "rulebook" and default["success"]["exact"] == str(oracle(3, 2, False))
    ffb = handle({**base, "savage_blow_reading": "fumbbl"})["result"]
    assert ffb["savage_blow_reading"] == "fumbbl" and ffb["success"]["exact"] == str(oracle(3, 2, True))
    assert "savage_blow_reading" not in handle({**base, "chain": "D3,B2"})["result"]  # neither rule: no line
