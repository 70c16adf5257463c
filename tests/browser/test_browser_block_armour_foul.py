"""The block, armour and foul calculators in a real browser, in French or Japanese: edition selects, Dauntless,
skills per edition, every value shown checked against the resolver."""

from __future__ import annotations

from fractions import Fraction

import pytest
from calc_driver import calc, field_shown, norm, open_as_built, shown  # noqa: F401  (calc: a fixture)


pytestmark = pytest.mark.browser


def test_armour_calculator_classic_claws_reading_in_japanese(calc, web):
    """Classic Claw with Mighty Blow is disputed: the Japanese form offers both readings, the result names the
    one used (the 36-pair counts of tests/calculators/test_readings.py), and BB2020 has no such field."""
    c = calc("ja", "calculators/armour/", "armour")
    reading = f'{c.form} [data-name="claws_reading"]'
    c.set("edition", "classic")
    assert "claws_reading" not in c.check()  # no Claws, no reading used
    for name, value in (("av", 9), ("claws", True)):
        assert c.page.locator(reading).is_hidden()  # the reading matters only with Claws ticked
        c.set(name, value)
    assert c.page.locator(reading).is_visible()
    c.set("mighty_blow", True)
    result = c.check()
    assert result["claws_reading"] == "rulebook" and Fraction(result["armour_broken"]["exact"]) == Fraction(7, 12)
    shown = {cell["path"]: norm(cell["text"]) for cell in c.results()}
    assert shown["claws_reading"].startswith("ルールブックの記述どおり")
    c.set("claws_reading", "fumbbl")
    result = c.check()
    assert Fraction(result["armour_broken"]["exact"]) == Fraction(5, 12)
    assert {cell["path"]: norm(cell["text"]) for cell in c.results()}["claws_reading"].startswith("FUMBBL の処理")
    c.check_query()
    assert c.query()["claws_reading"] == "fumbbl"
    c.set("edition", "bb2020")
    assert c.page.locator(reading).is_hidden()
    assert "claws_reading" not in c.check() and "claws_reading" not in c.query()


# ------------------------------------------------------------------------------------------ block

def test_block_calculator_with_the_edition_select(calc, web):
    c = open_as_built(calc, web, "fr", "calculators/block/", "block")
    c.set("edition", "classic")  # the form opens on the newest edition (issue 26, item 6)
    brawler = f'{c.form} [data-name="attacker_brawler"]'
    assert c.page.locator(brawler).is_hidden()  # classic has no Brawler
    for name, value in [("attacker_st", "4"), ("defender_assists", "1"), ("attacker_block", True),
                        ("defender_dodge", True), ("attacker_tackle", True), ("team_rerolls", "1"),
                        ("edition", "bb2025"), ("attacker_brawler", True), ("attacker_frenzy", True),
                        ("goal", "safe"), ("attacker_st", "9")]:
        c.set(name, value)
        c.check()
        c.check_query()
    assert c.check()["dice"] == 3
    c.round_trip()
    # inputs faster than the worker: only the latest form state is answered, never a stale one
    c.set("attacker_pro", True)
    c.set("team_rerolls", "8")
    for value in ("5", "6", "8", "2", "10", "4"):
        c.page.locator(f'{c.form} [data-name="attacker_st"] input').fill(value)
    c.wait()
    assert c.request()["attacker_st"] == 4
    c.check()
    c.set("edition", "classic")
    assert c.page.locator(brawler).is_hidden() and "attacker_brawler" not in c.request()
    c.check()
    c.check_bad_input("attacker_st", "0", "3")


def test_block_calculator_with_dauntless_in_japanese(calc, web):
    path = "calculators/block/"
    c = calc("ja", path, "block")
    assert shown(c)["dauntless.needed"] is None  # no Dauntless roll: its rows are hidden
    # classic ST 3 against ST 4: the defender's two dice, or one die after a Dauntless roll of 2+ (5/6).
    # P(defender Knocked Down) = 5/6 · 1/2 + 1/6 · 1/4 = 11/24; turnover 41/216 + 35/216 = 19/54 (test_block.py)
    c.set_each([("attacker_st", "3"), ("defender_st", "4"), ("attacker_dauntless", True)], check=False)
    c.check()
    values = shown(c)
    assert values["dice"] == "2" and values["chooser"] == "防御側"
    assert values["dauntless.needed"] == "2+" and values["dauntless.single"] == "5/6 (83.3%)"
    assert values["dauntless.dice"] == "1" and values["dauntless.chooser"] == "攻撃側"
    assert values["totals.defender_knocked_down"] == "11/24 (45.8%)"
    assert values["totals.attacker_knocked_down"] == "19/54 (35.2%)"
    assert values["push_effect"] == "1マス押し出され、攻撃側はフォローアップできる"
    c.check_address()
    # BB2025, ST 3 with Horns on a Blitz against ST 4: Dauntless compares 3 with 4 (2+), then Horns: two dice
    # after a success, one die after a failure: 5/6 · 3/4 + 1/6 · 1/2 = 17/24
    c.set_each([("edition", "bb2025"), ("blitz", True), ("attacker_horns", True)], check=False)
    c.check()
    values = shown(c)
    assert (values["dice"], values["dauntless.dice"]) == ("1", "2")
    assert values["totals.defender_knocked_down"] == "17/24 (70.8%)"
    # BB2020 counts Horns first: 4 against 4, no Dauntless roll, one die: 1/2
    c.set("edition", "bb2020")
    c.check()
    values = shown(c)
    assert values["dauntless.needed"] is None and values["totals.defender_knocked_down"] == "1/2 (50.0%)"
    # Stand Firm: what a push does changes, not the chances
    c.set("defender_stand_firm", True)
    c.check()
    values = shown(c)
    assert values["push_effect"] == "その場に留まる（Stand Firm）ので、攻撃側はフォローアップできない"
    assert values["totals.defender_knocked_down"] == "1/2 (50.0%)"
    c.check_address()


# ---------------------------------------------------------------------------------- armour and foul

def test_armour_calculator_follows_the_editions_range(calc, web):
    c = open_as_built(calc, web, "ja", "calculators/armour/", "armour")
    c.set_each([("edition", "bb2025"), ("av", "13"), ("mighty_blow", True), ("armour_modifier", "2"),
                 ("claws", True), ("stunty", True), ("thick_skull", True)])
    c.check_address()
    # AV 13 exists only as a BB2020/BB2025 target: back in classic the field says so
    c.set("edition", "classic")
    assert c.state() == "error" and "3〜12" in c.message("av")
    c.set("av", "12")
    c.check()


def test_foul_calculator(calc, web):
    c = open_as_built(calc, web, "fr", "calculators/foul/", "foul")
    c.set_each([("assists", "-2"), ("dirty_player", True), ("edition", "bb2020"), ("sneaky_git", True),
                 ("av", "10"), ("assists", "3")])
    c.check_address()
    c.check_bad_input("assists", "12", "1")


def test_foul_calculator_sneaky_git_per_edition(calc, web):
    # The same foul, one offensive assist, armour broken on a natural 8+ (classic AV 8, BB2020/BB2025 AV 9+).
    # Classic Sneaky Git: the breaking doubles still send off: 3/36 + 12/36 · 1/6 = 5/36.  BB2020: no armour
    # double does, an injury double still does: 15/36 · 1/6 = 5/72 (test_armour.py).
    path = "calculators/foul/"
    c = calc("fr", path, "foul")
    c.set_each([("edition", "classic"), ("av", "8"), ("assists", "1")], check=False)
    c.check()
    assert shown(c)["sent_off"] == "2/9 (22,2 %)"
    c.set("sneaky_git", True)
    c.check()
    assert shown(c)["sent_off"] == "5/36 (13,9 %)"
    c.set_each([("edition", "bb2020"), ("av", "9")], check=False)
    c.check()
    assert shown(c)["sent_off"] == "5/72 (6,9 %)"
    assert shown(c)["armour_broken"] == "5/12 (41,7 %)"
    c.set("edition", "bb2025")
    c.check()
    assert shown(c)["sent_off"] == "5/36 (13,9 %)"
    c.check_address()


def test_armour_calculator_mighty_blow_value_and_iron_hard_skin_in_french(calc, web):
    """BB2020, AV 9+: Mighty Blow (+2) breaks on a natural 7+ (21/36 = 7/12); against Iron Hard Skin nothing
    modifies the roll, so 9+ again (10/36 = 5/18). Classic has neither field (+1 only, no such skill)."""
    c = calc("fr", "calculators/armour/", "armour")
    c.set_each([("edition", "bb2020"), ("av", "9"), ("mighty_blow", True), ("mighty_blow_value", "2")])
    assert shown(c)["armour_broken"] == "7/12 (58,3 %)"
    c.set("iron_hard_skin", True)
    c.check()
    assert shown(c)["armour_broken"] == "5/18 (27,8 %)"
    c.check_address()
    c.check_bad_input("mighty_blow_value", "3", "2")
    c.set("iron_hard_skin", False)
    c.set("mighty_blow", False)  # the +X field goes with the box, and what it holds no longer counts: 9+ again
    assert not field_shown(c, "mighty_blow_value")
    c.check()
    assert shown(c)["armour_broken"] == "5/18 (27,8 %)"
    c.set("mighty_blow", True)
    assert field_shown(c, "mighty_blow_value")
    c.check()
    assert shown(c)["armour_broken"] == "7/12 (58,3 %)"
    c.set("edition", "classic")
    c.set("av", "8")
    c.check()
    assert not field_shown(c, "mighty_blow_value") and not field_shown(c, "iron_hard_skin")
    assert c.request().get("iron_hard_skin") is None and c.request().get("mighty_blow_value") is None


def test_foul_calculator_lone_fouler_and_dirty_player_value_in_japanese(calc, web):
    """BB2025, AV 9+, no assists: 10/36 alone; Lone Fouler re-rolls a failed armour roll,
    1 − (26/36)² = 155/324. BB2020 Dirty Player (+2): 2D6 + 2 ≥ 9, 21/36; BB2025 has no +2 and no Lone
    Fouler field outside it."""
    c = calc("ja", "calculators/foul/", "foul")
    c.set_each([("edition", "bb2025"), ("av", "9"), ("assists", "0")], check=False)
    c.check()
    assert shown(c)["armour_broken"].startswith("5/18 ")
    c.set("lone_fouler", True)
    c.check()
    assert shown(c)["armour_broken"].startswith("155/324 ")
    c.check_address()
    assert not field_shown(c, "dirty_player_value")  # BB2025 Dirty Player is +1 only
    c.set("edition", "bb2020")
    assert not field_shown(c, "lone_fouler")
    assert not field_shown(c, "dirty_player_value")  # BB2020 has +2, shown once Dirty Player is ticked
    c.set("dirty_player", True)
    assert field_shown(c, "dirty_player_value")
    c.set("dirty_player_value", "2")
    c.check()
    assert shown(c)["armour_broken"].startswith("7/12 ")
    c.set("iron_hard_skin", True)  # the victim's skin: Dirty Player does not modify the armour roll
    c.check()
    assert shown(c)["armour_broken"].startswith("5/18 ")
    c.check_query()
