"""Old Pro on a foul (Helmut Wulf, BB2020 and BB2025; calculators/oldpro.py): Pro re-rolls one die of the fouler's
armour roll, where FFB offers it (the armour held, or a double that would send him off).  A brute-force oracle over
every armour die, re-rolled die, Pro die and the next roll, against the chain resolver."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.chain import solve
from calculators.notation import parse_chain

PRO = Fraction(4, 6)  # Pro: 3+ in BB2020 and BB2025


def _foul(edition: str, a: int, b: int, av: int, dp: int, sneaky: bool) -> tuple[bool, bool]:
    """(broken, sent off on the armour roll) for armour dice a, b: the AV target reached, Dirty Player's +X where it
    breaks; a double sends off unless Sneaky Git forgives it (BB2020 always, BB2025 when the armour holds)."""
    broken = a + b >= av or a + b + dp >= av
    forgiven = sneaky and (edition == "bb2020" or not broken)
    return broken, a == b and not forgiven


def oracle(edition: str, av: int, dp: int, sneaky: bool, after: int | None) -> Fraction:
    """P(the chain succeeds): ``F<av>`` by a player with Pro and Old Pro, then (``after``) his own ``N<after>`` test,
    no team re-roll.  With nothing after, a foul that breaks the armour succeeds, sent off or not."""
    def rest(pro: bool) -> Fraction:
        if after is None:
            return Fraction(1)
        p = Fraction(7 - after, 6)
        return p + (1 - p) * PRO * p if pro else p

    def kept(a: int, b: int, pro: bool) -> Fraction:
        broken, sent = _foul(edition, a, b, av, dp, sneaky)
        if not broken:
            return Fraction(0)
        if after is None:
            return Fraction(1)
        return Fraction(0) if sent else Fraction(5, 6) * rest(pro)  # an injury double sends off too

    total = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            options = [kept(a, b, True)]
            if not _foul(edition, a, b, av, dp, sneaky)[0] or a == b:  # FFB: the armour held, or a spotted foul
                for keep_first in (True, False):
                    new = sum((kept(a, c, False) if keep_first else kept(c, b, False) for c in range(1, 7)),
                              Fraction(0)) / 6
                    options.append(PRO * new + (1 - PRO) * kept(a, b, False))
            total += max(options) / 36
    return total


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("av", [6, 8, 10])
@pytest.mark.parametrize("dp", [0, 1])
@pytest.mark.parametrize("sneaky", [False, True])
@pytest.mark.parametrize("after", [None, 2, 4])
def test_old_pro_on_a_foul_matches_the_oracle(edition, av, dp, sneaky, after):
    marks = ("d" if dp else "") + ("s" if sneaky else "")
    text = f"[pro,oldpro]F{av}{marks}" + (f",N{after}" if after else "")
    assert solve(parse_chain(text, edition).chain, 0) == oracle(edition, av, dp, sneaky, after)


def test_old_pro_on_a_foul_helps():
    # without Old Pro the same foul is lower: the held roll is never saved
    with_it = solve(parse_chain("[pro,oldpro]F9,N2", "bb2025").chain, 0)
    without = solve(parse_chain("[pro]F9,N2", "bb2025").chain, 0)
    assert with_it > without
