"""Ram, Slayer and Crushing Blow (star players' once-per-game +1s after a block, BB2020 and BB2025): a brute-force
oracle over every armour and injury die against calculators.armour and the chain's armour step."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from calculators.armour import armour_then_injury
from calculators.chain import solve
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain

PAIRS = list(product(range(1, 7), repeat=2))


def oracle(edition: str, av: int, need: int, mb: int, either: int, armour_only: int) -> Fraction:
    """P(armour broken and injury total >= need): after the armour dice, each bonus goes whole on the armour roll
    or (not Crushing Blow) on the injury roll, every split tried and the best kept."""
    best_total = Fraction(0)
    for a, b in PAIRS:
        best = Fraction(0)
        for mb_on_armour, crush, e_on_armour in product((True, False), (True, False), range(either + 1)):
            if crush and not armour_only:
                continue
            armour = a + b + (mb if mb_on_armour else 0) + (1 if crush else 0) + e_on_armour
            if armour < av:  # BB2020/BB2025: the AV target is reached
                continue
            left = (0 if mb_on_armour else mb) + either - e_on_armour
            p = Fraction(sum(1 for c, d in PAIRS if c + d + left >= need), 36)
            best = max(best, p)
        best_total += best / 36
    return best_total


CASES = [(av, need, mb, ram, slayer, crush) for av in (6, 8, 10, 12) for need in (2, 8, 10)
         for mb in (0, 1, 2) for ram in (False, True) for slayer in (False, True) for crush in (False, True)]


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("av, need, mb, ram, slayer, crush", CASES)
def test_star_bonuses_match_the_oracle(edition, av, need, mb, ram, slayer, crush):
    either = int(ram) + int(slayer)
    want = oracle(edition, av, need, mb, either, int(crush))
    got = armour_then_injury(edition, av, need=need, bonus=mb, either=either, armour_only=int(crush))
    assert got["break"] == want
    marks = ("m" + (str(mb) if mb > 1 else "") if mb else "") + ("r" if ram else "") + ("s" if slayer else "") \
        + ("b" if crush else "")
    text = f"A{av}{marks},J{need}"
    chain = parse_chain(text, edition).chain
    assert format_chain(chain) == text
    assert solve(chain, 0) == want


def test_ram_keeps_its_plus_one_for_the_injury_when_the_armour_breaks_without_it():
    # their R:2D3,K8,J8 without the block: armour 8+ then injury 8+, Ram on whichever roll needs it
    assert solve(parse_chain("A8r,J8", "bb2025").chain, 0) == Fraction(15 * 21 + 6 * 15, 36 * 36)
    # Crushing Blow goes on the armour roll only: the injury roll gets nothing from it
    assert solve(parse_chain("A8b,J8", "bb2025").chain, 0) == Fraction(21 * 15, 36 * 36)


@pytest.mark.parametrize("text, edition, field", [
    ("A9r", "classic", "Ram"),                 # star player rules of BB2020 and BB2025
    ("F9s", "bb2025", None),                   # on a foul, s is Sneaky Git
    ("A9kr", "bb2025", "Ram"),                 # a Stab is not a block
    ("A8wb", "bb2025", "Crushing Blow"),       # nor a Chainsaw
    ("B2,A9r/B2,A9", "bb2025", None),          # another player: allowed
    ("B2,A9r,B2,A9r", "bb2025", "once per game"),        # once per game
])
def test_star_bonuses_where_they_apply(text, edition, field):
    if field is None:
        parse_chain(text, edition)
        return
    with pytest.raises(CalcError) as e:
        parse_chain(text, edition)
    assert field in str(e.value)


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("ram, slayer, crush", [(True, False, False), (False, True, True), (True, True, True)])
def test_the_armour_request_takes_the_star_bonuses(edition, ram, slayer, crush):
    from calculators.api import handle
    for av in (6, 9, 12):
        r = handle({"kind": "armour", "edition": edition, "av": av, "mighty_blow": True, "ram": ram, "slayer": slayer,
                    "crushing_blow": crush})["result"]
        assert Fraction(r["armour_broken"]["exact"]) == oracle(edition, av, 2, 1, int(ram) + int(slayer), int(crush))
    fields = [f["name"] for f in handle({"kind": "form", "for": "armour", "edition": edition})["result"]["fields"]]
    assert {"ram", "slayer", "crushing_blow"} <= set(fields)


def test_the_armour_request_refuses_the_star_bonuses_in_classic():
    from calculators.api import handle
    r = handle({"kind": "armour", "edition": "classic", "av": 8, "slayer": True})
    assert not r["ok"] and r["error"]["field"] == "slayer" and r["error"]["details"]["reason"] == "edition-skill"
    fields = [f["name"] for f in handle({"kind": "form", "for": "armour", "edition": "classic"})["result"]["fields"]]
    assert not {"ram", "slayer", "crushing_blow"} & set(fields)
