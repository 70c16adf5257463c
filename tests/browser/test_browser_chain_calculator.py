"""The sequence (chain) calculator in a real browser, in French or Japanese: tables, readings, BloodBowlDave's
sequences, weather, branches, blocks and fouls, every value shown checked against the resolver."""

from __future__ import annotations

import re
from fractions import Fraction

from urllib.parse import quote

import pytest
from calc_driver import Calc, calc, norm, open_as_built  # noqa: F401  (calc: a fixture)


pytestmark = pytest.mark.browser


# ------------------------------------------------------------------------------------------ chain

def test_action_sequence_calculator_with_its_table(calc, web):
    c = open_as_built(calc, web, "ja", "calculators/chain/", "chain")
    c.set("edition", "bb2020")
    c.set("chain", "D3d,R2f,P3h/[loner=4]C3c;tr=2")
    result = c.check()
    assert len(result["by_team_rerolls"]) == 4
    c.set("max_team_rerolls", "6")
    assert len(c.check()["by_team_rerolls"]) == 7
    rows = c.page.eval_on_selector_all(f"{c.box} table tr[data-row]", "rows => rows.map(r => !r.hidden)")
    assert rows == [True] * 7 + [False] * 2
    c.check_query()
    assert c.query()["chain"] == "D3d,R2f,P3h/[loner=4]C3c;tr=2"
    c.round_trip()
    c.check_bad_input("max_team_rerolls", "9", "2")
    # a notation the resolver cannot read: explained in Japanese next to the notation (more in
    # test_calculator_reader.py), with no English line below
    c.set("chain", "D3,X9")
    assert c.state() == "error" and c.message("chain").startswith("ロールの2番目の項目（4文字目、「X9」）：")
    assert c.error_line() is None
    c.set("chain", "[pro]P3h,T4")
    c.check()


def test_a_bloodbowldave_sequence_is_translated_and_linked_in_our_notation(calc, web):
    # in French: their notation in, our numbers out (calculators.dave), a refusal explained in French, and the
    # link that opens the same sequence in the chain form (its URL round trip)
    c = open_as_built(calc, web, "fr", "calculators/chain/", "dave")
    c.set("dave", "D,SF:D3,R2;C:C3~S2")
    result = c.check()
    assert (result["notation"], result["edition"]) == ("D3d,R2f/C3c;tr=1", "bb2020")
    link = f'{c.box} a[data-field="notation"]'
    assert c.page.get_attribute(link, "href") == f"?chain={quote('D3d,R2f/C3c;tr=1', safe='')}&edition=bb2020#calculator"
    c.check_address()
    c.set("dave", "D3,H5,R2")  # a throw of a team-mate with no landing after it
    nb = "\u00a0"
    assert c.state() == "error"
    assert c.message("dave").startswith(f"Élément 2 de la séquence collée, au caractère 4 («{nb}H5{nb}»){nb}: une de leurs actions")
    assert c.page.get_attribute(link, "href") is None  # no link left to the previous translation (review)
    c.set("dave", "L4:2,2")
    c.check()
    c.page.click(link)
    c.page.wait_for_url(re.compile(r"chain=%5Bloner%3D4%5DN2%2CN2%3Btr%3D1"))
    chain = Calc(c.page, "chain", "fr", None, c.rules)
    chain.ctx = c.ctx
    chain.wait()
    assert c.page.input_value('form[data-calculator="chain"] [data-name="chain"] input') == "[loner=4]N2,N2;tr=1"
    assert chain.request()["edition"] == "bb2025"
    chain.check()


def test_action_sequence_calculator_loner_reading_and_pro_roll(calc, web):
    # in French: the BB2025 reading of the Loner ruling changes the result to the hand-worked values of
    # tests/calculators/test_chain.py, and says which reading it used
    path = "calculators/chain/"
    c = calc("fr", path, "chain")
    c.set("edition", "classic")  # the form opens on the newest edition (issue 26, item 6)
    reading = f'{c.form} [data-name="reading"]'
    assert c.page.locator(reading).is_hidden()  # classic: no disputed reading
    c.set("chain", "[loner=4]N4;tr=2")
    result = c.check()
    assert "reading" not in result and Fraction(result["success"]["exact"]) == Fraction(5, 8)
    c.set("edition", "bb2025")
    assert c.page.locator(reading).is_visible()
    result = c.check()
    # the rulebook as written (default): 1/2 + 1/2·(1/2·1/2 + 1/2·1/2·1/2) = 11/16
    assert result["reading"] == "rulebook" and Fraction(result["success"]["exact"]) == Fraction(11, 16)
    shown = {cell["path"]: norm(cell["text"]) for cell in c.results()}
    assert shown["success"].startswith("11/16 ")
    assert shown["reading"].startswith("Livre tel qu'il est écrit")
    c.check_query()
    assert c.query()["reading"] == "rulebook"  # the select is in use in BB2025
    c.set("reading", "designers-commentary")
    result = c.check()
    # BB2020's answer carried over: 1/2 + 1/2·1/2·1/2 = 5/8
    assert Fraction(result["success"]["exact"]) == Fraction(5, 8)
    shown = {cell["path"]: norm(cell["text"]) for cell in c.results()}
    assert shown["success"].startswith("5/8 ") and shown["reading"].startswith("Comme le Designer's Commentary")
    c.check_query()
    assert c.query()["reading"] == "designers-commentary"
    c.round_trip()
    # BB2020 has no reading: the field and the result row go away
    c.set("edition", "bb2020")
    assert c.page.locator(reading).is_hidden()
    result = c.check()
    assert "reading" not in result and "reading" not in c.query()
    # classic: a failed Pro roll re-rolled with the turn's team re-roll: 1/2 + 1/2·(1/4 + 1/16) = 21/32
    c.set("edition", "classic")
    c.set("chain", "[pro,loner=4]N4;tr=1")
    result = c.check()
    assert Fraction(result["success"]["exact"]) == Fraction(21, 32)
    assert result["by_team_rerolls"][1]["policy"] == ["pro+team"]


def test_action_sequence_calculator_in_the_weather(calc, web):
    # in French: a Rush then a catch, the numbers written without the weather; the Weather field moves each roll
    # the data's weather changes (tests/calculators/test_chain_weather.py): Blizzard R2 -> 3+ (4/6) and C3 stays
    # (4/6); Pouring Rain R2 stays (5/6) and C3 -> 4+ (3/6)
    path = "calculators/chain/"
    c = calc("fr", path, "chain")
    c.set("edition", "bb2020")
    c.set("chain", "R2,C3;tr=0")
    labels = c.page.eval_on_selector_all(f'{c.form} [data-name="weather"] option', "os => os.map(o => o.textContent)")
    assert labels[0] == "Tout autre temps (aucun modificateur)" and "Blizzard (−1)" in labels, labels
    c.set("weather", "blizzard")
    assert Fraction(c.check()["success"]["exact"]) == Fraction(4, 9)
    c.set("weather", "pouring-rain")
    result = c.check()
    assert Fraction(result["success"]["exact"]) == Fraction(5, 12)
    shown = {cell["path"]: norm(cell["text"]) for cell in c.results()}
    assert shown["notation"] == "R2,C3;tr=0"  # the rolls as written: the weather is its own field
    assert shown["weathered"] == "R2,C4;tr=0"  # and the rolls as computed, the catch moved by the rain
    c.check_query()
    assert c.query()["weather"] == "pouring-rain"
    c.round_trip()


def test_action_sequence_calculator_with_branches_new_rolls_and_injuries(calc, web):
    # in Japanese (issue 9): a pass split into two catches, a Dauntless split, Frenzy, the new D6 rolls with Break
    # Tackle, an armour roll with its injury roll; every value shown is the resolver's (check), two by hand
    path = "calculators/chain/"
    c = calc("ja", path, "chain")
    c.set("edition", "bb2020")
    c.set("chain", "T4~2{/C3|/C5};tr=0")  # accurate 1/2 x C3 2/3 + inaccurate 1/3 x C5 1/3 = 4/9
    assert Fraction(c.check()["success"]["exact"]) == Fraction(4, 9)
    c.set("chain", "B2b{B2b};tr=0")  # Frenzy's second block after a Push
    c.check()
    c.set("chain", "U4{B2b|B-2b},A9m,JK;tr=1")
    result = c.check()
    assert [s["kind"] for s in result["steps"]] == ["dauntless", "armour", "injury"]
    c.set("chain", "D4b1,V3,E5;tr=1")
    assert [s["kind"] for s in c.check()["steps"]] == ["dodge", "jump", "tentacles"]
    c.check_address()
    # a roll or skill this edition lacks (classic: no Break Tackle bonus) is explained next to the field, in Japanese
    c.set("edition", "classic")
    assert c.state() == "error" and "「D4b1」" in c.message("chain")


def test_action_sequence_calculator_bribe_after_a_foul_in_french(calc, web):
    # BB2025: a foul on AV 8+, a Bribe rolled only when it sends the fouler off, then a 2+ roll: 425/1296, the
    # value BloodBowlDave publishes for their F8,B,2 (0.32793); a Bribe anywhere else is explained in French
    c = calc("fr", "calculators/chain/", "chain")
    c.set("edition", "bb2025")
    c.set("chain", "F8,K2,N2;tr=0")
    result = c.check()
    assert Fraction(result["success"]["exact"]) == Fraction(425, 1296)
    assert Fraction(result["sent_off"]["exact"]) == Fraction(1, 27)  # a send-off the Bribe did not cancel
    c.check_address()
    c.set("chain", "F8,N2,K2")
    assert c.state() == "error"
    message = c.message("chain")
    assert "caractère 7 (« K2 »)" in message.replace("\u00a0", " "), message  # the token, where it is
    assert "juste après une agression" in message, message  # and the rule that refuses it, not a general word


def test_action_sequence_calculator_new_branches_in_japanese(calc, web):
    # alternatives that open a player, a gaze whose failure goes on, Diving Tackle on a leap (BB2025), values by
    # hand: (1/2: N2 | 1/2: next player D3) = 1/2 · 5/6 + 1/2 · 2/3 = 3/4; G2~1{D2} = 5/6 + 1/6 · 5/6 = 35/36;
    # V3^ with the dive after every re-roll: 5+ only, 1/3; classic has no dive on a leap
    c = calc("ja", "calculators/chain/", "chain")
    c.set("edition", "bb2025")
    for notation, value in (("(1/2:N2|1/2:/D3);tr=0", Fraction(3, 4)), ("G2~1{D2};tr=0", Fraction(35, 36)),
                            ("V3^;tr=0", Fraction(1, 3))):
        c.set("chain", notation)
        assert Fraction(c.check()["success"]["exact"]) == value, notation
    c.check_query()
    c.set("edition", "classic")
    assert c.state() == "error" and "「V3^」" in c.message("chain")


def test_action_sequence_calculator_with_a_block_and_a_foul(calc, web):
    # in Japanese: chains with a block, an armour roll and a foul typed in the notation; the values are the
    # hand-worked ones of tests/calculators/test_chain.py
    path = "calculators/chain/"
    c = calc("ja", path, "chain")
    c.set("edition", "classic")  # the form opens on the newest edition (issue 26, item 6)
    sent_row = f'{c.box} [data-field="sent_off"]'
    # two block dice, Block against no skill: a die succeeds on Both Down, Stumbles or POW (1/2), so
    # 1 - (1/2)^2 = 3/4; with the team re-roll 3/4 + 1/4 · 3/4 = 15/16
    c.set("chain", "B2b;tr=1")
    result = c.check()
    assert Fraction(result["success"]["exact"]) == Fraction(15, 16)
    assert [Fraction(r["success"]["exact"]) for r in result["by_team_rerolls"][:2]] == [Fraction(3, 4), Fraction(15, 16)]
    shown = {cell["path"]: norm(cell["text"]) for cell in c.results()}
    assert shown["success"].startswith("15/16 ") and shown["notation"] == "B2b;tr=1"
    assert c.page.locator(sent_row).is_hidden()  # no foul: no send-off row
    # a Blitz then a foul (classic): the turn's one team re-roll goes on the rush or the block (R2,B2b:d succeeds
    # with 725/972, test_chain.py), the foul on AV 8 breaks on 9+ (10/36) and sends its fouler off with 11/54
    c.set("chain", "R2,B2b:d,F8;tr=1")
    result = c.check()
    assert Fraction(result["success"]["exact"]) == Fraction(725, 972) * Fraction(5, 18)
    assert Fraction(result["sent_off"]["exact"]) == Fraction(725, 972) * Fraction(11, 54)
    assert c.page.locator(sent_row).is_visible()
    c.check_query()
    assert c.query()["chain"] == "R2,B2b:d,F8;tr=1"
    c.round_trip()
    # BB2025: Brawler re-rolls a Both Down on a Block action; B-2r: 1/9 + 1/27 = 4/27 with no team re-roll
    c.set("edition", "bb2025")
    c.set("chain", "B-2r;tr=0")
    assert Fraction(c.check()["success"]["exact"]) == Fraction(4, 27)
    # a Blitz cannot use Brawler: the message next to the field names the token and that rule (details.rule), in
    # Japanese, rather than the notation's general "not allowed here"
    c.set("chain", "R2,B2r")
    assert c.state() == "error"
    message = c.message("chain")
    assert "「B2r」" in message and "Brawler はブロックアクションでのみ使えます。ブリッツでは使えません。" in message, message
