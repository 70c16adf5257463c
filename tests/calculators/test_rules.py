"""RuleBook.from_dict: the exported rules dict is validated with errors that name the path."""

from __future__ import annotations

import pytest

from calculators.errors import RulesError
from calculators.rules import RuleBook


def test_classic_fixture_loads(classic_rules):
    book = RuleBook.from_dict(classic_rules)
    table = book.targets["agility-classic"]
    assert [table.target_for(ag) for ag in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    assert table.target_for(8) == 1  # the last row is "6 or more"
    assert table.target_for(0) is None
    spec = book.roll("pass-classic")
    assert [m.key for m in spec.groups()["range"]] == ["quick", "short", "long", "long-bomb"]
    assert spec.counts() == ("tackle_zones",)
    assert [m.key for m in book.roll("interception-classic").always()] == ["interception"]


def test_modern_rolls_have_no_target_table(modern_rules):
    book = RuleBook.from_dict(modern_rules)
    assert book.table_for(book.roll("pass-bb2020")) is None


def _err(d) -> RulesError:
    with pytest.raises(RulesError) as info:
        RuleBook.from_dict(d)
    return info.value


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.pop("rolls"), "rules.rolls"),
        (lambda d: d["rolls"]["pass-classic"].update(natural_one="oops"), "rules.rolls.pass-classic.natural_one"),
        (lambda d: d["rolls"]["pass-classic"].update(target="agility-nope"), "rules.rolls.pass-classic.target"),
        (lambda d: d["rolls"]["pass-classic"].update(colour="red"), "rules.rolls.pass-classic.colour"),
        (lambda d: d["rolls"]["pass-classic"].pop("modifiers"), "rules.rolls.pass-classic.modifiers"),
        (lambda d: d["rolls"]["pass-classic"]["modifiers"][1].update(value="0"), "rules.rolls.pass-classic.modifiers[1].value"),
        (lambda d: d["rolls"]["pass-classic"]["modifiers"][1].update(key="quick"), "rules.rolls.pass-classic.modifiers[1].key"),
        (lambda d: d["rolls"]["pass-classic"]["modifiers"][4].update(group="range"), "rules.rolls.pass-classic.modifiers[4]"),
        (lambda d: d["rolls"]["pass-classic"].update(editions=["bb2030"]), "rules.rolls.pass-classic.editions[0]"),
        (lambda d: d["targets"]["agility-classic"]["rows"][0].update(or_more=True), "rules.targets.agility-classic.rows[0].or_more"),
        (lambda d: d["targets"]["agility-classic"]["rows"][2].update(value=1), "rules.targets.agility-classic.rows[2].value"),
        (lambda d: d["targets"]["agility-classic"]["rows"][2].update(target=7), "rules.targets.agility-classic.rows[2].target"),
        (lambda d: d["targets"]["agility-classic"].update(rows=[]), "rules.targets.agility-classic.rows"),
    ],
)
def test_errors_name_the_path(classic_rules, mutate, field):
    mutate(classic_rules)
    e = _err(classic_rules)
    assert e.field == field, e
    assert e.message


def test_text_fields_are_ignored(classic_rules):
    classic_rules["rolls"]["pass-classic"]["name"] = {"en": "Pass", "fr": "Passe", "ja": "パス"}
    classic_rules["rolls"]["pass-classic"]["modifiers"][0]["label"] = {"en": "Quick"}
    assert RuleBook.from_dict(classic_rules).roll("pass-classic").modifiers[0].key == "quick"


def test_not_a_dict():
    assert _err([1, 2]).field == "rules"


def test_unknown_roll_lookup(classic_rules):
    with pytest.raises(RulesError) as info:
        RuleBook.from_dict(classic_rules).roll("dodge-classic")
    assert info.value.field == "rules.rolls" and "pass-classic" in info.value.allowed
