"""Armour, injury, casualty and fouls: hand-counted 2D6 values and a brute-force oracle."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.armour import armour_break, armour_injury, casualty, foul, injury, injury_table
from calculators.errors import CalcError


def test_classic_av8_equals_bb2020_av9():
    # classic AV 8 breaks on 9+ (exceeds); BB2020 AV 9+ breaks on 9+: 10/36 either way (rules-facts §5b)
    a = armour_injury("classic", 8)
    b = armour_injury("bb2020", 9)
    assert a == b
    assert 1 - a["no_break"] == F(10, 36)
    # injury 2-7: 21/36, 8-9: 9/36, 10-12: 6/36
    assert a["stunned"] == F(10, 36) * F(21, 36)
    assert a["ko"] == F(10, 36) * F(9, 36)
    assert a["casualty"] == F(10, 36) * F(6, 36)


def test_mighty_blow_where_it_helps():
    # AV 8 classic with Mighty Blow: a natural 8 breaks using MB on armour (injury unmodified);
    # 9+ breaks anyway and MB goes on injury.  CAS = 10/36 · 10/36 + 5/36 · 6/36 = 130/1296
    a = armour_injury("classic", 8, mighty_blow=True)
    assert a["no_break"] == F(21, 36)
    assert a["casualty"] == F(130, 1296)


def test_claws():
    # AV 10+ (BB2025): plain 10+ is 6/36; Claws breaks on natural 8+: 15/36
    assert 1 - armour_injury("bb2025", 10)["no_break"] == F(6, 36)
    assert 1 - armour_injury("bb2025", 10, claws=True)["no_break"] == F(15, 36)


def test_stunty_and_thick_skull_tables(rulebook):
    # the variant tables of data/tables/ (calculators.injury reads them), BB2025 here
    from calculators.rules import RuleBook
    book = RuleBook.from_dict(rulebook)
    # Stunty: 2-6 stunned (15/36), 7-8 KO (11/36), 9 badly hurt (4/36), 10+ casualty (6/36)
    s = injury(0, injury_table(book, "bb2025", stunty=True))
    assert s == {"stunned": F(15, 36), "ko": F(11, 36), "badly_hurt": F(4, 36), "casualty": F(6, 36)}
    # Thick Skull: 8 is stunned -> 2-8 = 26/36, KO only on 9 = 4/36
    t = injury(0, injury_table(book, "bb2025", thick_skull=True))
    assert t == {"stunned": F(26, 36), "ko": F(4, 36), "badly_hurt": F(0), "casualty": F(6, 36)}
    # both (BB2025 Thick Skull text): 7 stunned, KO on 8 only
    b = injury(0, injury_table(book, "bb2025", stunty=True, thick_skull=True))
    assert b["stunned"] == F(21, 36) and b["ko"] == F(5, 36) and b["badly_hurt"] == F(4, 36)
    # both, classic (LRB6 Stunty and Thick Skull texts, FFB bb2016): 7 KO, 8 Stunned, 9 Badly Hurt
    c = injury(0, injury_table(book, "classic", stunty=True, thick_skull=True))
    assert c == {"stunned": F(20, 36), "ko": F(6, 36), "badly_hurt": F(4, 36), "casualty": F(6, 36)}
    # without the rules data a variant is refused rather than guessed
    with pytest.raises(CalcError) as e:
        injury_table(None, "classic", stunty=True)
    assert e.value.field == "rules"


def test_casualty_tables():
    # D68: 11-38 is 24 of 48 results, 41-48 8 (missed game), 51-52 2 (niggling), 53-58 6 (a characteristic),
    # 61-68 8.  BB2025 D16: 8/16, then 2/16 each.
    assert casualty("classic") == {"badly_hurt": F(1, 2), "miss_next_game": F(1, 6), "niggling_injury": F(1, 24),
                                   "characteristic_loss": F(1, 8), "dead": F(1, 6)}
    assert casualty("bb2025") == {"badly_hurt": F(1, 2), "seriously_hurt": F(1, 8), "serious_injury": F(1, 8),
                                  "lasting_injury": F(1, 8), "dead": F(1, 8)}
    # Decay +1 on the D16: 2..17 capped at 16 -> dead 3/16
    assert casualty("bb2020", modifier=1)["dead"] == F(3, 16)


def test_foul_sent_off():
    # classic AV 8, +1 assist: armour double (6/36) sends off; non-double breaks (natural 8: 4 pairs,
    # 9: 4, 10: 2, 11: 2 -> 12/36) send off on an injury double (1/6): 1/6 + 12/36 · 1/6 = 2/9
    out, sent = foul("classic", 8, 1)
    assert sent == F(2, 9)
    assert 1 - out["no_break"] == F(15, 36)
    # Sneaky Git: armour doubles that do not break no longer count: unbroken doubles are 1-1..3-3
    # (totals 3, 5, 7 +1 <= 8): 3/36 fewer.
    _, sent_sg = foul("classic", 8, 1, sneaky_git=True)
    assert sent_sg == F(2, 9) - F(3, 36)


def test_sneaky_git_per_edition():
    # The same foul in each edition: classic AV 8 (breaks on 9+), BB2020/BB2025 AV 9+, one assist, so the armour
    # breaks on a natural 8+: 15/36.  Without Sneaky Git: 6/36 armour doubles + 12/36 non-double breaks · 1/6
    # injury doubles = 2/9 (test_foul_sent_off), in every edition.
    for edition, av in (("classic", 8), ("bb2016", 8), ("bb2020", 9), ("bb2025", 9)):
        assert foul(edition, av, 1)[1] == F(2, 9)
    # Classic and BB2025 Sneaky Git: an armour double is forgiven only when the armour holds (1-1, 2-2, 3-3);
    # the breaking doubles 4-4, 5-5, 6-6 still send off: 3/36 + 12/36 · 1/6 = 5/36.
    for edition, av in (("classic", 8), ("bb2016", 8), ("bb2025", 9)):
        assert foul(edition, av, 1, sneaky_git=True)[1] == F(3, 36) + F(12, 36) * F(1, 6) == F(5, 36)
    # BB2020 Sneaky Git: no armour double sends off, broken or not; an injury double still does (Designer's
    # Commentary May 2025): every break (15/36, the three breaking doubles included) · 1/6 = 5/72.
    assert foul("bb2020", 9, 1, sneaky_git=True)[1] == F(15, 36) * F(1, 6) == F(5, 72)
    # Sneaky Git changes who is sent off, never the injury
    for edition, av in (("classic", 8), ("bb2020", 9), ("bb2025", 9)):
        assert foul(edition, av, 1, sneaky_git=True)[0] == foul(edition, av, 1)[0]
    # and through the API, where the foul page reads it
    r = handle({"kind": "foul", "edition": "bb2020", "av": 9, "assists": 1, "sneaky_git": True})["result"]
    assert F(r["sent_off"]["exact"]) == F(5, 72)
    r = handle({"kind": "foul", "edition": "classic", "av": 8, "assists": 1, "sneaky_git": True})["result"]
    assert F(r["sent_off"]["exact"]) == F(5, 36)


def oracle(edition, av, assists, dp, sg):
    """Every (armour die, armour die, injury die, injury die), with the rule text applied directly.

    Sneaky Git: BB2020 "not Sent-off ... should they roll a natural double on the Armour roll" (any double);
    classic and BB2025 "... so long as the target player's Armour is not broken"; an injury double always counts.
    """
    exceeds = edition == "classic"
    out = {"no_break": F(0), "stunned": F(0), "ko": F(0), "badly_hurt": F(0), "casualty": F(0)}
    sent = F(0)
    for a, b, c, d in itertools.product(range(1, 7), repeat=4):
        w = F(1, 6 ** 4)
        t = a + b + assists
        brk = (t > av) if exceeds else (t >= av)
        use_dp_on_armour = dp and not brk and ((t + 1 > av) if exceeds else (t + 1 >= av))
        brk = brk or use_dp_on_armour
        if not sg:
            off = a == b
        elif edition == "bb2020":
            off = False
        else:
            off = a == b and brk
        if not brk:
            out["no_break"] += w
        else:
            inj = c + d + (1 if dp and not use_dp_on_armour else 0)
            out["stunned" if inj <= 7 else "ko" if inj <= 9 else "casualty"] += w
            off = off or c == d
        sent += w if off else 0
    return out, sent


@pytest.mark.parametrize("edition, av, assists, dp, sg", [
    ("classic", 7, 0, False, False), ("classic", 9, 2, True, False), ("bb2020", 10, -1, True, True),
    ("bb2025", 8, 3, False, True), ("bb2025", 11, 0, True, False), ("classic", 6, 1, True, True),
    ("bb2020", 8, 2, False, True), ("bb2020", 12, 0, True, True), ("bb2025", 10, 1, True, True)])
def test_foul_oracle(edition, av, assists, dp, sg):
    assert foul(edition, av, assists, dirty_player=dp, sneaky_git=sg) == oracle(edition, av, assists, dp, sg)


def test_errors():
    with pytest.raises(CalcError) as e:
        armour_injury("classic", 13)
    assert e.value.field == "av"
    assert handle({"kind": "armour", "av": 14, "edition": "bb2020"})["error"]["field"] == "av"
    assert handle({"kind": "foul", "av": 8, "assists": 9})["error"]["field"] == "assists"


def test_api_kinds():
    r = handle({"kind": "armour", "av": 8, "mighty_blow": True})["result"]
    assert F(r["outcomes"]["casualty"]["exact"]) == F(130, 1296)
    assert F(r["casualty"]["dead"]["exact"]) == F(130, 1296) * F(1, 6)
    r = handle({"kind": "foul", "av": 8, "assists": 1})["result"]
    assert F(r["sent_off"]["exact"]) == F(2, 9)


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020", "bb2025"])
def test_foul_distributions(edition):
    """Property: every AV, assist count and skill mix gives outcomes in [0, 1] summing to 1, and a sent-off
    chance in [0, 1] that Sneaky Git never raises."""
    lo, hi = (3, 12) if edition in ("classic", "bb2016") else (3, 13)
    for av in range(lo, hi + 1):
        for assists in (-3, 0, 2, 5):
            for dp in (False, True):
                out, sent = foul(edition, av, assists, dirty_player=dp)
                out_sg, sent_sg = foul(edition, av, assists, dirty_player=dp, sneaky_git=True)
                assert sum(out.values()) == 1 and all(0 <= v <= 1 for v in out.values())
                assert 0 <= sent_sg <= sent <= 1 and out_sg == out


def test_armour_break_joint_outcomes():
    # BB2020 foul on AV 9+ with +1 (net assists): breaks on a natural 8+ (15/36), 3 of them doubles (4-4, 5-5, 6-6).
    # Sent off: the doubles on the armour roll (6/36), and 12/36 clean breaks x 1/6 on the injury roll.
    o = armour_break("bb2020", 9, 1, foul=True)
    assert o == {"break": F(10, 36), "break_sent_off": F(3, 36) + F(12, 36) / 6, "hold": F(18, 36),
                 "hold_sent_off": F(3, 36)}
    # not a foul: nobody is sent off
    assert armour_break("classic", 8) == {"break": F(10, 36), "break_sent_off": 0, "hold": F(26, 36),
                                          "hold_sent_off": 0}


def test_armour_break_claws_per_edition():
    # classic Claw: 8 or more after modifiers (Mighty Blow included) breaks: AV 10, MB, natural 7+ = 21/36;
    # BB2025 Claws: an unmodified 8+: AV 10+, MB: natural 8+ by Claws, natural 9+ by MB: 15/36
    assert armour_break("classic", 10, plus_one=True, claws=True)["break"] == F(21, 36)
    assert armour_break("bb2025", 10, plus_one=True, claws=True)["break"] == F(15, 36)
    # a -1 modifier: classic natural 9+ gets to 8 after modifiers; BB2025 still natural 8+
    assert armour_break("classic", 12, -1, claws=True)["break"] == F(10, 36)
    assert armour_break("bb2025", 13, -1, claws=True)["break"] == F(15, 36)


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_armour_break_agrees_with_the_armour_and_foul_calculators(edition):
    hi = 12 if edition == "classic" else 13
    for av in range(3, hi + 1):
        for mod in range(-3, 4):
            for plus in (False, True):
                o = armour_break(edition, av, mod, plus_one=plus)
                assert sum(o.values()) == 1
                assert o["hold"] == armour_injury(edition, av, mod, mighty_blow=plus)["no_break"]
                o = armour_break(edition, av, mod, plus_one=plus, foul=True)
                outcomes, sent = foul(edition, av, mod, dirty_player=plus)
                assert o["hold"] + o["hold_sent_off"] == outcomes["no_break"]
                assert o["break_sent_off"] + o["hold_sent_off"] == sent
    # BB2020+ Claws (unmodified) is what the armour calculator computes too
    if edition != "classic":
        assert armour_break(edition, 11, claws=True)["hold"] == armour_injury(edition, 11, claws=True)["no_break"]


def test_armour_break_errors():
    with pytest.raises(CalcError) as e:
        armour_break("classic", 13)
    assert e.value.field == "av"
    with pytest.raises(CalcError) as e:
        armour_break("bb2020", 9, 9)
    assert e.value.field == "modifier"
    with pytest.raises(CalcError) as e:
        armour_break("bb2020", 9, claws=True, foul=True)
    assert e.value.field == "claws"
