"""The JSON entry point: request kinds, exact values, errors that name the field."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from calculators import api
from calculators.api import handle, handle_json
from calculators.rules import RuleBook


def exact(d):
    return {k: F(v["exact"]) for k, v in d.items()}


def test_agility_classic_long_pass(classic_rules):
    r = handle({"kind": "agility", "edition": "classic", "action": "pass", "ag": 3, "range": "long",
                "tackle_zones": 1, "reroll": False}, classic_rules)
    assert r["ok"], r
    res = r["result"]
    assert (res["roll"], res["target"], res["modifier_total"], res["needed"]) == ("pass-classic", 4, -2, 6)
    # hand-worked in test_rolls.test_classic_long_pass_ag3_one_tackle_zone
    assert exact(res["without_reroll"]) == {"success": F(1, 6), "failure": F(1, 3), "fumble": F(1, 2)}
    assert exact(res["with_reroll"]) == {"success": F(11, 36), "failure": F(5, 18), "fumble": F(5, 12)}
    assert res["probabilities"] == res["without_reroll"]
    assert res["modifiers"] == [{"key": "long", "value": -1}, {"key": "tackle-zone", "value": -1}]
    assert res["without_reroll"]["success"]["float"] == pytest.approx(1 / 6)


def test_agility_catch_accurate(classic_rules):
    # AG 3 -> 4+, accurate +1 -> 3+: 4/6; with a re-roll 1 - (2/6)^2 = 8/9
    r = handle({"kind": "agility", "action": "catch", "ag": 3, "delivery": "accurate", "reroll": True}, classic_rules)
    assert r["ok"], r
    assert exact(r["result"]["probabilities"]) == {"success": F(8, 9), "failure": F(1, 9)}


def test_agility_interception_always_modifier(classic_rules):
    # AG 4 -> 3+, interception -2 -> 5+: 1/3
    r = handle({"kind": "agility", "action": "interception", "ag": 4}, classic_rules)
    assert exact(r["result"]["probabilities"])["success"] == F(1, 3)
    assert r["result"]["modifiers"] == [{"key": "interception", "value": -2}]


def test_agility_modern_pass(modern_rules):
    # BB2020 PA 3+ short pass (-1), one marker (-1): 5+; a modified 1 (die 2 or 3) is wildly inaccurate
    r = handle({"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 3, "range": "short", "markers": 1},
               modern_rules)
    assert r["ok"], r
    assert exact(r["result"]["probabilities"]) == {
        "success": F(1, 3), "failure": F(1, 6), "wildly_inaccurate": F(1, 3), "fumble": F(1, 6)}


def test_plain_test_kind():
    r = handle({"kind": "test", "target": 2, "reroll": True})
    assert exact(r["result"]["probabilities"]) == {"success": F(35, 36), "failure": F(1, 36)}
    r = handle({"kind": "test", "edition": "bb2025", "target": 4, "modifier": -3, "pass": True})
    assert exact(r["result"]["probabilities"]) == {"success": F(1, 6), "failure": F(1, 6), "fumble": F(2, 3)}


def test_fields_kind(classic_rules):
    r = handle({"kind": "fields", "action": "pass"}, classic_rules)
    names = [f["name"] for f in r["result"]["fields"]]
    assert names == ["ag", "range", "tackle_zones", "reroll"]
    assert r["result"]["fields"][1]["allowed"] == ["quick", "short", "long", "long-bomb"]


@pytest.mark.parametrize(
    "request_, field",
    [
        ({"kind": "agility", "action": "pass", "ag": 7, "range": "long"}, "ag"),
        ({"kind": "agility", "action": "pass", "ag": "3", "range": "long"}, "ag"),
        ({"kind": "agility", "action": "pass", "ag": 3, "range": "far"}, "range"),
        ({"kind": "agility", "action": "pass", "ag": 3}, "range"),
        ({"kind": "agility", "action": "pass", "ag": 3, "range": "long", "tackle_zones": 9}, "tackle_zones"),
        ({"kind": "agility", "action": "pass", "ag": 3, "range": "long", "reroll": "yes"}, "reroll"),
        ({"kind": "agility", "action": "pass", "ag": 3, "range": "long", "colour": "red"}, "colour"),
        ({"kind": "agility", "action": "sprint", "ag": 3}, "action"),
        ({"kind": "agility", "edition": "bb2030", "action": "pass"}, "edition"),
        ({"kind": "dance"}, "kind"),
        ({}, "kind"),
        ({"kind": "test", "target": 1}, "target"),
        ({"kind": "test", "target": 4, "modifier": 11}, "modifier"),
        ({"kind": "test", "target": True}, "target"),
    ],
)
def test_errors_name_the_field(classic_rules, request_, field):
    r = handle(request_, classic_rules)
    assert r["ok"] is False
    assert r["error"]["field"] == field, r
    assert r["error"]["message"]


def test_error_message_says_range_and_edition(classic_rules):
    r = handle({"kind": "agility", "action": "pass", "ag": 0, "range": "long"}, classic_rules)
    assert r["error"]["allowed"] == [1, 6]
    assert "1 to 6" in r["error"]["message"] and "classic" in r["error"]["message"]
    r = handle({"kind": "nope"})
    assert "agility" in r["error"]["allowed"] and "test" in r["error"]["allowed"]


def test_rules_needed_and_bad_rules(classic_rules):
    assert handle({"kind": "agility", "action": "pass"})["error"]["field"] == "rules"
    classic_rules["rolls"]["pass-classic"]["natural_one"] = "sometimes"
    r = handle({"kind": "agility", "action": "pass", "ag": 3, "range": "long"}, classic_rules)
    assert r["error"]["field"] == "rules.rolls.pass-classic.natural_one"


def test_rulebook_accepted(classic_rules):
    book = RuleBook.from_dict(classic_rules)
    a = handle({"kind": "agility", "action": "landing", "ag": 2, "tackle_zones": 1}, book)
    b = handle({"kind": "agility", "action": "landing", "ag": 2, "tackle_zones": 1}, classic_rules)
    assert a == b and a["ok"]
    assert exact(a["result"]["probabilities"])["success"] == F(1, 6)  # AG 2 -> 5+, -1 -> 6+


def test_handle_json_round_trip_and_cache(classic_rules):
    rules_json = json.dumps(classic_rules)
    req = json.dumps({"kind": "agility", "action": "hand-off", "ag": 3})
    api._parse_rules.cache_clear()
    out1 = json.loads(handle_json(req, rules_json))
    out2 = json.loads(handle_json(req, rules_json))
    assert out1 == out2 and out1["ok"]
    assert api._parse_rules.cache_info().hits == 1
    # AG 3 -> 4+, hand-off +1 -> 3+
    assert F(out1["result"]["probabilities"]["success"]["exact"]) == F(2, 3)


def test_handle_json_bad_input():
    assert json.loads(handle_json("{not json"))["error"]["field"] == "request"
    assert json.loads(handle_json('{"kind": "test", "target": 3}', "[1"))["error"]["field"] == "rules"
    assert json.loads(handle_json("[1, 2]"))["error"]["field"] == "request"


def test_every_distribution_sums_to_one(classic_rules):
    for action, extra in [("pass", {"range": "quick"}), ("pass", {"range": "long-bomb"}), ("catch", {"delivery": "inaccurate"}),
                          ("interception", {}), ("hand-off", {}), ("landing", {})]:
        for ag in range(1, 7):
            for tz in range(0, 9):
                r = handle({"kind": "agility", "action": action, "ag": ag, "tackle_zones": tz, **extra}, classic_rules)
                for key in ("without_reroll", "with_reroll"):
                    assert sum(exact(r["result"][key]).values()) == 1


def test_chain_kind():
    r = handle({"kind": "chain", "chain": "D3 , R2, P3;tr=1"})
    assert r["ok"], r
    res = r["result"]
    assert res["notation"] == "D3,R2,P3;tr=1"
    # 10/27 without a re-roll, 55/81 with one (hand-worked in test_chain.py); classic: 1 per turn
    assert [F(x["success"]["exact"]) for x in res["by_team_rerolls"]] == [F(10, 27), F(55, 81)]
    assert F(res["success"]["exact"]) == F(55, 81)
    assert res["by_team_rerolls"][1]["policy"] == ["team", "team", "team"]
    assert [F(s["single"]["exact"]) for s in res["steps"]] == [F(2, 3), F(5, 6), F(2, 3)]


def test_chain_kind_max_and_edition():
    r = handle({"kind": "chain", "chain": "N4,N4", "edition": "bb2020", "max_team_rerolls": 2})
    assert [F(x["success"]["exact"]) for x in r["result"]["by_team_rerolls"]] == [F(1, 4), F(1, 2), F(9, 16)]


def test_chain_kind_loner_reading():
    # [loner=4]N4 with two team re-rolls (hand-worked in test_chain.py): BB2025 as written 11/16, BB2020's
    # answer 5/8; the reading is echoed, and the two re-roll rules are stated in every edition
    req = {"kind": "chain", "chain": "[loner=4]N4;tr=2", "edition": "bb2025"}
    default = handle(req)["result"]
    assert default["reading"] == "rulebook" and F(default["success"]["exact"]) == F(11, 16)
    assert default["team_reroll_on_loner_roll"] is True and default["team_reroll_on_pro_roll"] is False
    assert default["by_team_rerolls"][2]["policy"] == ["team+team"]
    dc = handle({**req, "reading": "designers-commentary"})["result"]
    assert dc["reading"] == "designers-commentary" and F(dc["success"]["exact"]) == F(5, 8)
    assert dc["team_reroll_on_loner_roll"] is False
    assert handle({**req, "reading": "rulebook"})["result"] == default
    classic = handle({**req, "edition": "classic"})["result"]
    assert "reading" not in classic and classic["team_reroll_on_pro_roll"] is True
    assert classic["team_reroll_on_loner_roll"] is False


def test_chain_kind_pro_roll_rerolled_in_classic():
    # [pro,loner=4]N4 with one team re-roll (hand-worked in test_chain.py): classic 21/32, BB2020 2/3
    r = handle({"kind": "chain", "chain": "[pro,loner=4]N4;tr=1"})["result"]
    assert F(r["success"]["exact"]) == F(21, 32) and r["by_team_rerolls"][1]["policy"] == ["pro+team"]
    r = handle({"kind": "chain", "chain": "[pro,loner=4]N4;tr=1", "edition": "bb2020"})["result"]
    assert F(r["success"]["exact"]) == F(2, 3) and r["by_team_rerolls"][1]["policy"] == ["pro"]


def test_chain_kind_with_a_block_and_a_foul():
    # classic R2,B2b:d then F8 (hand-worked in test_chain.py): the rush 5/6, the block with Block against Dodge 5/9
    # (1 - (2/3)^2), the foul breaking AV 8 on 9+ 10/36 (it is the last step: a send-off after it still counts):
    # 5/6 · 5/9 · 5/18 = 125/972 without a re-roll
    r = handle({"kind": "chain", "chain": "R2 , B2b:d, F8;tr=1"})
    assert r["ok"], r
    res = r["result"]
    assert res["notation"] == "R2,B2b:d,F8;tr=1"
    assert F(res["by_team_rerolls"][0]["success"]["exact"]) == F(125, 972)
    block, foul = res["steps"][1], res["steps"][2]
    assert block == {"kind": "block", "dice": 2, "chooser": "attacker", "attacker": ["block"], "defender": ["dodge"],
                     "goal": "down", "player": 0, "single": {"exact": "5/9", "float": 5 / 9}}
    assert foul["kind"] == "foul" and foul["av"] == 8 and foul["modifier"] == 0 and foul["dirty_player"] == 0
    assert F(foul["single"]["exact"]) == F(5, 18) and F(foul["sent_off"]["exact"]) == F(11, 54)
    # the fouler is sent off only if the foul is reached: 5/6 · 5/9 · 11/54 with no re-roll
    assert F(res["by_team_rerolls"][0]["sent_off"]["exact"]) == F(5, 6) * F(5, 9) * F(11, 54)
    assert res["sent_off"] == res["by_team_rerolls"][1]["sent_off"]
    assert res["by_team_rerolls"][1]["policy"] == ["team", "team", "none"]


def test_chain_kind_without_a_foul_has_no_send_off():
    res = handle({"kind": "chain", "chain": "B2b,A9m", "edition": "bb2020"})["result"]
    assert "sent_off" not in res and all("sent_off" not in row for row in res["by_team_rerolls"])
    assert res["steps"][1] == {"kind": "armour", "av": 9, "modifier": 0, "mighty_blow": 1, "claws": False,
                               "stab": False, "piling_on": False, "ram": False, "slayer": False,
                               "crushing_blow": False, "chainsaw": False, "iron_hard_skin": False,
                               "player": 0, "single": {"exact": "5/12", "float": 5 / 12}}


def test_chain_kind_block_policy_per_case():
    # BB2025 [pro]B-2r: the best re-roll depends on the failed roll (test_chain.py)
    res = handle({"kind": "chain", "chain": "[pro]B-2r;tr=1", "edition": "bb2025"})["result"]
    assert res["by_team_rerolls"][1]["policy"] == [{"both_down": "skill", "one_die": "pro", "all_dice": "team"}]


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020"])
def test_chain_kind_reading_only_in_bb2025(edition):
    r = handle({"kind": "chain", "chain": "D3", "edition": edition, "reading": "rulebook"})
    assert not r["ok"] and r["error"]["field"] == "reading" and "BB2025" in r["error"]["message"]


def test_chain_kind_bad_reading_names_the_field_and_the_choices():
    r = handle({"kind": "chain", "chain": "D3", "edition": "bb2025", "reading": "as-written"})
    assert r["error"]["field"] == "reading"
    assert r["error"]["allowed"] == ["rulebook", "designers-commentary"]
    assert "rulebook, designers-commentary" in r["error"]["message"]


def test_chain_form_has_the_reading_only_in_bb2025():
    def names(edition):
        fields = handle({"kind": "form", "for": "chain", "edition": edition})["result"]["fields"]
        return {f["name"]: f for f in fields}

    assert "reading" not in names("classic") and "reading" not in names("bb2020")
    reading = names("bb2025")["reading"]
    assert reading["type"] == "choice" and reading["choices"] == ["rulebook", "designers-commentary"]
    assert reading["default"] == "rulebook" and not reading["required"]


@pytest.mark.parametrize("kind, edition, field, boxes", [
    ("armour", "bb2020", "mighty_blow_value", ["mighty_blow"]),
    ("armour", "bb2025", "mighty_blow_value", ["mighty_blow"]),
    ("armour", "classic", "claws_reading", ["claws"]),
    ("foul", "bb2020", "dirty_player_value", ["dirty_player"]),
])
def test_a_field_that_matters_only_with_a_skill_names_the_boxes_it_needs(kind, edition, field, boxes):
    fields = {f["name"]: f for f in handle({"kind": "form", "for": kind, "edition": edition})["result"]["fields"]}
    assert fields[field]["with"] == boxes
    assert all("with" not in f for name, f in fields.items() if name != field)
    # the value is ignored while its skill is unticked: the same answer as without it
    base = {"kind": kind, "edition": edition, "av": 9}
    other = fields[field]["choices"][-1] if fields[field]["type"] == "choice" else fields[field]["max"]
    assert other != fields[field]["default"]
    assert handle({**base, field: other})["result"]["outcomes"] == handle(base)["result"]["outcomes"]


@pytest.mark.parametrize("req, field", [
    ({"kind": "chain", "chain": "D3,Q2"}, "chain"),
    ({"kind": "chain"}, "chain"),
    ({"kind": "chain", "chain": "D3", "max_team_rerolls": 9}, "max_team_rerolls"),
    ({"kind": "chain", "chain": "D3", "edition": "lrb4"}, "edition"),
    ({"kind": "chain", "chain": "D3,B2r"}, "chain"),
    ({"kind": "chain", "chain": "A13"}, "chain"),
])
def test_chain_kind_errors(req, field):
    r = handle(req)
    assert r["error"]["field"] == field


def test_pass_kind_classic(classic_rules):
    # AG 3 short pass (4+), receiver AG 3 accurate +1 (3+), interceptor AG 4 -2 (5+), one team re-roll.
    # Not intercepted 2/3.  Accurate (1/2): catch with the re-roll 8/9.  Not accurate (1/2): the re-roll
    # goes on the pass: 1/2 accurate, then catch 2/3 without re-roll.
    # completion = 2/3 · (1/2 · 8/9 + 1/2 · 1/2 · 2/3) = 11/27
    r = handle({"kind": "pass", "ag": 3, "range": "short", "receiver_ag": 3, "interceptor_ag": 4,
                "team_rerolls": 1}, classic_rules)
    assert r["ok"], r
    res = r["result"]
    assert F(res["totals"]["completion"]["exact"]) == F(11, 27)
    assert F(res["totals"]["lost_to_opponent"]["exact"]) == F(1, 3)
    assert sum(F(v["exact"]) for v in res["outcomes"].values()) == 1
    assert (res["catch_needed"], res["intercept_needed"], res["pass_needed"]) == (3, {"any": 5}, "4+")


def test_pass_kind_bb2025(modern_rules):
    # PA 3+ short (-1): 4+; die 1 fumble (saved by Safe Pass), 2 -> 1 fumble, 3 inaccurate, 4-6 accurate.
    # Interceptor AG 2+: vs accurate -3 -> 5+ (1/3), vs inaccurate -2 -> 4+ (1/2).  Receiver AG 3+, one marker: 4+.
    r = handle({"kind": "pass", "edition": "bb2025", "pa": 3, "range": "short", "receiver_ag": 3, "receiver_markers": 1,
                "interceptor_ag": 2, "safe": True}, modern_rules)
    res = r["result"]
    o = {k: F(v["exact"]) for k, v in res["outcomes"].items()}
    assert o["fumble_saved"] == F(1, 6) and o["fumble"] == F(1, 6)
    assert o["intercepted"] == F(1, 2) * F(1, 3) + F(1, 6) * F(1, 2)
    assert o["complete"] == F(1, 2) * F(2, 3) * F(1, 2)
    assert res["intercept_needed"] == {"accurate": 5, "inaccurate": 4}


def test_pass_without_interceptor_accepts_and_ignores_the_interceptors_other_fields(classic_rules, rulebook):
    """A form sends every field; an empty interceptor AG means "no interceptor", like an empty receiver AG."""
    base = {"kind": "pass", "ag": 3, "range": "short", "receiver_ag": 3}
    with_zones = handle({**base, "interceptor_tackle_zones": 2, "receiver_tackle_zones": 0}, classic_rules)
    assert with_zones["ok"], with_zones
    assert with_zones["result"] == handle(base, classic_rules)["result"]
    modern = {"kind": "pass", "edition": "bb2020", "pa": 3, "range": "short"}
    assert handle({**modern, "interceptor_marked": "yes"}, rulebook)["result"] == handle(modern, rulebook)["result"]


@pytest.mark.parametrize("req, field", [
    ({"kind": "pass", "ag": 3}, "range"),
    ({"kind": "pass", "ag": 3, "range": "short", "receiver_ag": 0}, "receiver_ag"),
    ({"kind": "pass", "ag": 3, "range": "short", "intercepter_ag": 4}, "intercepter_ag"),
    ({"kind": "pass", "ag": 3, "range": "short", "team_rerolls": -1}, "team_rerolls"),
    ({"kind": "pass", "edition": "bb2020", "pa": 3, "range": "short"}, "action"),
])
def test_pass_kind_errors(classic_rules, req, field):
    assert handle(req, classic_rules)["error"]["field"] == field


def test_real_rules_throw_team_mate_asks_for_pa_and_bb2020_interceptor_marking(rulebook):
    """Data-driven fields: BB2020+ Throw Team-mate is a PA test (the roll's `characteristic`), and a
    BB2020 interceptor's flat "marked" modifier is the request's `interceptor_marked`."""
    fields = handle({"kind": "fields", "edition": "bb2025", "action": "throw-team-mate"}, rulebook)
    assert fields["result"]["fields"][0]["name"] == "pa"
    base = {"kind": "pass", "edition": "bb2020", "pa": 3, "range": "short", "receiver_ag": 3, "interceptor_ag": 1}
    free = handle(base, rulebook)
    marked = handle({**base, "interceptor_marked": "yes"}, rulebook)
    assert free["ok"] and marked["ok"], (free, marked)
    # a marked interceptor (−1) deflects less often, so the pass completes more often
    p = lambda r: F(r["result"]["totals"]["completion"]["exact"])  # noqa: E731
    assert p(marked) > p(free)
    bad = handle({**base, "interceptor_marked": "maybe"}, rulebook)
    assert bad["error"]["field"] == "interceptor_marked" and bad["error"]["allowed"] == ["no", "yes"]


def test_a_group_of_alternatives_that_opens_a_player_names_that_player():
    result = handle({"kind": "chain", "chain": "D3/[pro](1/3:R2|2/3:D4,R2)", "edition": "bb2025"})["result"]
    group = result["steps"][1]
    assert group["kind"] == "alternatives" and group["player"] == 1 and result["players"][1]["pro"]
    inner = handle({"kind": "chain", "chain": "D3,(1/2:R2|1/2:D4)", "edition": "bb2025"})["result"]["steps"][1]
    assert "player" not in inner  # a group inside a player's rolls belongs to the step before it
