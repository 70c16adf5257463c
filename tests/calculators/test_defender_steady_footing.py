"""The defender's Steady Footing on a block (BB2025, defender mark ``f``: ``B2:f``): a defender Knocked Down stays
standing on a 6, an opponent's roll nobody re-rolls (calculators/chain/footing.py and its sources).  Hand-worked
values, the refusals, and a brute-force oracle that plays every block die, every re-roll and every Steady Footing
die of a block and of Frenzy's second block."""

from __future__ import annotations

from fractions import Fraction as F
from functools import lru_cache
from itertools import product

import pytest

from calculators.chain import success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain

PRO_NEEDS = 3  # BB2025 Pro


def P(text, edition="bb2025"):
    return parse_chain(text, edition).chain


def test_a_knocked_down_defender_stays_standing_on_a_six():
    # one die, no re-roll: POW or Stumble (1/3), then the defender's 5 in 6
    assert success_by_rerolls(P("B1:f"), 0) == (F(1, 3) * F(5, 6),)
    # Frenzy: the saved defender is still standing after the push, so the second block follows
    assert success_by_rerolls(P("B1:f{B1}"), 0) == (F(1, 3) * F(5, 6) + (F(1, 3) * F(1, 6) + F(1, 3)) * F(1, 3),)


def test_the_goal_standing_does_not_depend_on_the_defender():
    assert success_by_rerolls(P("B2:f=s"), 2) == success_by_rerolls(P("B2=s"), 2)


def test_the_mark_is_written_back_and_refused_before_bb2025():
    assert format_chain(P("B-2bt:bdf{B1:f}")) == "B-2bt:bdf{B1:f}"
    for edition in ("classic", "bb2020"):
        with pytest.raises(CalcError) as e:
            parse_chain("B2:f", edition)
        assert "BB2025" in e.value.message


def test_no_reroll_of_ours_touches_the_defenders_roll():
    # with every re-roll the block still loses one success in six to the defender's 6
    with_rerolls = success_by_rerolls(P("[pro]B1:f"), 3)
    without = success_by_rerolls(P("[pro]B1"), 3)
    assert all(a == b * F(5, 6) for a, b in zip(with_rerolls, without))


# --------------------------------------------------------------------- the oracle


def die_result(face: int, att: frozenset, dfd: frozenset) -> str:
    """What one block die does (BB2025 block results: 1 Player Down, 2 Both Down, 3-4 Push, 5 Stumble, 6 POW): ``down``
    (the defender Knocked Down, the attacker standing), ``push`` (both standing), ``fall`` (the attacker Knocked Down,
    the defender standing), ``fall_both`` (both Knocked Down)."""
    if face == 1:
        return "fall"
    if face == 2:
        attacker_down, defender_down = "block" not in att, "block" not in dfd
        if attacker_down:
            return "fall_both" if defender_down else "fall"
        return "down" if defender_down else "push"
    if face in (3, 4):
        return "push"
    if face == 5 and "dodge" in dfd and "tackle" not in att:
        return "push"
    return "down"


def oracle(text: str, team_rerolls: int) -> F:
    """Expectimax over every die of ``[flags]first{second}`` (or ``first``): blocks of one BB2025 player (Pro, Loner,
    Steady Footing), each block roll re-rolled at most once (a team re-roll of every die behind the Loner roll, a
    second team re-roll on a failed Loner roll, or Pro's 3+ roll and one die of the coach's choice), the chooser of the
    dice taking the die best (attacker) or worst (defender) for the attacker's chance; a defender with Steady Footing
    who is Knocked Down rolls a D6 (a 6: standing, pushed), nobody re-rolling it; an attacker with it who would fall
    with the defender rolls a 6+ which Pro or a team re-roll may re-roll.  A push leads to Frenzy's second block
    where there is one, else the chain fails."""
    chain = P(text)
    pl = chain.players[0]
    first = chain.steps[0]
    second = first.branch[0] if first.branch else None

    def mean(fn):
        return sum((fn(f) for f in range(1, 7)), F(0)) / 6

    def team(tr, go, stands):
        """A team re-roll behind the Loner roll: ``go(tr)`` once it goes ahead, ``stands(tr)`` if lost."""
        if pl.loner is None:
            return go(tr - 1)
        q = F(7 - pl.loner, 6)
        lost = stands(tr - 1)
        if tr > 1:
            lost = max(lost, q * go(tr - 2) + (1 - q) * stands(tr - 2))
        return q * go(tr - 1) + (1 - q) * lost

    def footing(tr, pro, then):
        """The attacker's 6+ roll and its one re-roll; ``then(tr, pro)`` after a 6."""
        def die(t, p):
            return F(1, 6) * then(t, p)
        best = die(tr, pro)
        fail = [F(0)]
        if pro:
            fail.append(F(7 - PRO_NEEDS, 6) * die(tr, False))
        if tr:
            fail.append(team(tr, lambda t: die(t, pro), lambda t: F(0)))
        return best + F(5, 6) * max(fail)

    def after(block, result, tr, pro, on_push, on_down):
        """The value of block ``block``'s chosen die result."""
        def down(t, p):
            return (F(5, 6) * on_down(t, p) + F(1, 6) * on_push(t, p)) if "steady-footing" in block.defender \
                else on_down(t, p)
        if result == "down":
            return down(tr, pro)
        if result == "push":
            return on_push(tr, pro)
        if result == "fall_both" and pl.steady:
            return footing(tr, pro, down)
        return F(0)

    def roll(block, tr, pro, on_push, on_down):
        n, att_chooses = abs(block.dice), block.dice > 0

        def chosen(faces, t, p):
            values = [after(block, die_result(f, block.attacker, block.defender), t, p, on_push, on_down) for f in faces]
            return max(values) if att_chooses else min(values)

        def fresh(t, p):
            return sum((chosen(faces, t, p) for faces in product(range(1, 7), repeat=n)), F(0)) / 6 ** n

        def first_roll(faces):
            best = chosen(faces, tr, pro)
            if pro:  # the Pro roll, then the best die to re-roll
                one = max(mean(lambda f: chosen(faces[:d] + (f,) + faces[d + 1:], tr, False)) for d in range(n))
                best = max(best, F(7 - PRO_NEEDS, 6) * one + F(PRO_NEEDS - 1, 6) * chosen(faces, tr, False))
            if tr:
                best = max(best, team(tr, lambda t: fresh(t, pro), lambda t: chosen(faces, t, pro)))
            return best

        return sum((first_roll(faces) for faces in product(range(1, 7), repeat=n)), F(0)) / 6 ** n

    @lru_cache(maxsize=None)
    def frenzy(tr, pro):
        return roll(second, tr, pro, lambda t, p: F(0), lambda t, p: F(1)) if second is not None else F(0)

    return roll(first, team_rerolls, pl.pro, frenzy, lambda t, p: F(1))


CASES = ["B1:f", "B2:f", "B-2:f", "B3:f", "B2b:f", "B-2b:bf", "B2t:df", "B2:bdf", "B1:f{B1}", "B2:f{B1:f}",
         "B-2:f{B2:f}", "B2b:f{B-2:bf}", "B1{B1:f}"]


@pytest.mark.parametrize("flags", ["", "[pro]", "[loner=4]", "[pro,loner=3]"])
@pytest.mark.parametrize("block", CASES)
def test_oracle(flags, block):
    text = flags + block
    assert success_by_rerolls(P(text), 2) == tuple(oracle(text, tr) for tr in range(3)), text


@pytest.mark.parametrize("flags", ["[steady]", "[pro,steady]", "[loner=4,steady]"])
@pytest.mark.parametrize("block", ["B1:f", "B2:f", "B-2:f", "B2t:df", "B-3:f"])
def test_oracle_with_the_attackers_steady_footing_too(flags, block):
    text = flags + block
    assert success_by_rerolls(P(text), 2) == tuple(oracle(text, tr) for tr in range(3)), text
