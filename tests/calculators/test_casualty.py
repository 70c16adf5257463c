"""The casualty and lasting-injury rolls, read on the data's tables: hand-counted values and a brute-force oracle.

The tables are ``data/tables/casualty-<edition>.yml`` and ``lasting-injury-<edition>.yml``, each row checked
against FUMBBL FFB ``RollMechanic`` (bb2016, bb2020, bb2025), BBBase and botbowl (their ``checked`` records).
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from pathlib import Path

import pytest

from calculators.api import handle
from calculators.armour import casualty
from calculators.casualty import casualty_roll
from calculators.rules import RuleBook
from yaml_files import read_yaml

DATA = Path(__file__).resolve().parents[2] / "data" / "tables"


def _raw(slug: str) -> dict:
    return read_yaml(DATA / f"{slug}.yml")


def _row_of(raw: dict, value: int) -> dict:
    """The row of the YAML file that holds ``value`` (the oracle reads the files, not the exported rules)."""
    hits = [r for r in raw["rows"] if (r["roll"] == value if isinstance(r["roll"], int)
                                         else r["roll"][0] <= value <= r["roll"][1])]
    assert len(hits) == 1, (raw["title"]["en"], value)
    return hits[0]


def _exact(p: dict) -> F:
    return F(p["exact"])


def _request(rulebook, **fields) -> dict:
    r = handle({"kind": "casualty", **fields}, rulebook)
    assert r["ok"], r
    return r["result"]


def test_classic_d68_split(rulebook):
    # 48 equally likely results: 11-38 (24) Badly Hurt, 41-48 (8) missed game, 51-52 (2) niggling,
    # 53-58 (6) a characteristic (MA 53-54, AV 55-56, AG 57, ST 58), 61-68 (8) dead
    res = _request(rulebook, edition="classic")
    assert res["dice"] == "d68" and res["table"] == "casualty-classic" and res["lasting_injury"] is None
    assert {k: _exact(v) for k, v in res["outcomes"].items()} == {
        "badly_hurt": F(24, 48), "miss_next_game": F(8, 48), "niggling_injury": F(2, 48),
        "characteristic_loss": F(6, 48), "dead": F(8, 48)}
    assert {k: _exact(v) for k, v in res["characteristics"].items()} == {
        "ma": F(2, 48), "st": F(1, 48), "ag": F(1, 48), "av": F(2, 48)}
    # BB2016 reads the classic table
    assert _request(rulebook, edition="bb2016")["outcomes"] == res["outcomes"]


def test_bb2020_and_bb2025_bands_differ(rulebook):
    # BB2020 1-6 / 7-9 / 10-12 / 13-14 / 15-16; BB2025 1-8 / 9-10 / 11-12 / 13-14 / 15-16 (BBBase, FFB)
    b20 = {k: _exact(v) for k, v in _request(rulebook, edition="bb2020")["outcomes"].items()}
    b25 = {k: _exact(v) for k, v in _request(rulebook, edition="bb2025")["outcomes"].items()}
    assert b20 == {"badly_hurt": F(6, 16), "seriously_hurt": F(3, 16), "serious_injury": F(3, 16),
                   "lasting_injury": F(2, 16), "dead": F(2, 16)}
    assert b25 == {"badly_hurt": F(8, 16), "seriously_hurt": F(2, 16), "serious_injury": F(2, 16),
                   "lasting_injury": F(2, 16), "dead": F(2, 16)}


def test_niggling_and_lasting_injury(rulebook):
    # BB2020 with two niggling injuries: D16 + 2, 15+ dead: faces 13-16 -> 4/16; a total over 16 stays dead
    res = _request(rulebook, edition="bb2020", niggling=2)
    assert _exact(res["outcomes"]["dead"]) == F(4, 16)
    assert _exact(res["outcomes"]["badly_hurt"]) == F(4, 16)  # faces 1-4 (totals 3-6)
    # Lasting Injury (2/16) then the D6: 1-2 AV, 3 MA, 4 PA, 5 AG, 6 ST
    plain = _request(rulebook, edition="bb2025")
    assert {k: _exact(v) for k, v in plain["characteristics"].items()} == {
        "ma": F(2, 16) / 6, "st": F(2, 16) / 6, "ag": F(2, 16) / 6, "pa": F(2, 16) / 6, "av": F(2, 16) / 3}
    rows = {r["key"]: (r["outcome"], _exact(r["p"])) for r in plain["lasting_injury"]["rows"]}
    assert rows["dislocated-hip"] == ("ag", F(1, 6))  # BB2025's 5 (BB2020: Neck Injury)
    assert {r["key"] for r in _request(rulebook, edition="bb2020")["lasting_injury"]["rows"]} >= {"neck-injury"}


def test_refused_fields_name_the_field(rulebook):
    # classic has no casualty-roll modifier: niggling is not one of its fields
    r = handle({"kind": "casualty", "edition": "classic", "niggling": 1}, rulebook)
    assert r["error"]["field"] == "niggling"
    r = handle({"kind": "casualty", "edition": "bb2025", "niggling": 6}, rulebook)
    assert r["error"]["field"] == "niggling" and r["error"]["allowed"] == [0, 5]
    assert handle({"kind": "casualty", "edition": "bb2025"})["error"]["field"] == "rules"


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_brute_force_oracle(rulebook, edition):
    # every die of the casualty roll (and of the lasting-injury D6), read on the YAML rows directly
    cas = _raw(f"casualty-{edition}")
    for niggling in ([0] if edition == "classic" else range(0, 6)):
        expected_rows: dict[str, F] = {}
        chars: dict[str, F] = {}
        faces = ([10 * t + u for t in range(1, 7) for u in range(1, 9)] if edition == "classic" else range(1, 17))
        w = F(1, len(faces))
        for face in faces:
            row = _row_of(cas, min(face + niggling, 16) if edition != "classic" else face)
            expected_rows[row["key"]] = expected_rows.get(row["key"], F(0)) + w
            if row["outcome"] in ("ma", "st", "ag", "pa", "av"):
                chars[row["outcome"]] = chars.get(row["outcome"], F(0)) + w
            if row["outcome"] == "lasting-injury":
                for d6 in range(1, 7):
                    li = _row_of(_raw(f"lasting-injury-{edition}"), d6)
                    chars[li["outcome"]] = chars.get(li["outcome"], F(0)) + w / 6
        res = _request(rulebook, edition=edition, **({} if edition == "classic" else {"niggling": niggling}))
        got = {r["key"]: _exact(r["p"]) for r in res["rows"] if _exact(r["p"])}
        assert got == expected_rows
        assert {k: _exact(v) for k, v in res["characteristics"].items() if _exact(v)} == chars
        assert sum(_exact(v) for v in res["outcomes"].values()) == 1


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020", "bb2025"])
def test_armour_calculator_reads_the_same_table(rulebook, edition):
    # the armour calculator's casualty split is the casualty kind's outcomes times P(casualty); without rules
    # (the command line) its built-in bands give the same numbers
    book = RuleBook.from_dict(rulebook)
    outcomes = {k: v for k, v in casualty_roll(book, edition).outcomes.items()}
    assert casualty(edition) == outcomes
    a = handle({"kind": "armour", "edition": edition, "av": 8}, rulebook)["result"]
    p_cas = _exact(a["outcomes"]["casualty"])
    assert {k: _exact(v) for k, v in a["casualty"].items()} == {k: p_cas * v for k, v in outcomes.items()}


def test_injury_tables_match_the_injury_roll(rulebook):
    # data/tables/injury-*.yml: 2-7 Stunned, 8-9 KO, 10-12 Casualty, what calculators.armour.InjuryTable() reads
    from calculators.armour import InjuryTable
    book = RuleBook.from_dict(rulebook)
    for edition in ("classic", "bb2016", "bb2020", "bb2025"):
        table = book.dice_table("injury", edition)
        for total in range(2, 13):
            assert table.row_for(total).outcome == InjuryTable().result(total), (edition, total)


def test_every_d68_result_is_on_the_classic_table():
    raw = _raw("casualty-classic")
    for t, u in itertools.product(range(1, 7), range(1, 9)):
        _row_of(raw, 10 * t + u)


def test_the_armour_and_foul_calculators_read_the_injury_bands_from_the_data(rulebook):
    # a rules export whose BB2020 injury table made 8 Stunned would change the armour and foul results:
    # proof that the numbers come from the data, not from the code
    import copy
    changed = copy.deepcopy(rulebook)
    rows = changed["tables"]["injury-bb2020"]["rows"]
    by = {r["outcome"]: r for r in rows}
    by["stunned"]["roll"], by["ko"]["roll"] = [2, 8], 9
    for kind, extra in (("armour", {}), ("foul", {"assists": 1})):
        req = {"kind": kind, "edition": "bb2020", "av": 9, **extra}
        real = handle(req, rulebook)["result"]["outcomes"]
        other = handle(req, changed)["result"]["outcomes"]
        broken = 1 - _exact(real["no_break"])
        assert _exact(real["stunned"]) == broken * F(21, 36) and _exact(other["stunned"]) == broken * F(26, 36)
        assert _exact(other["ko"]) == broken * F(4, 36)
