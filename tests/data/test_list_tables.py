"""A table without `dice` is a list (inducements, SPP, advancement costs): rows keyed, no `roll`. A dice table
still gives every row a `roll` and covers its dice exactly once."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plugins.data import DataError, load_repository

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
HEAD = """title: {en: T, fr: T, ja: T}
summary: {en: S., fr: S., ja: S。}
editions: [classic]
sources: [{source: crp}]
"""
LIST_ROWS = """rows:
  - {key: keg, name: {en: Keg, fr: Fût, ja: 樽}, effect: {en: "0-2, 50,000.", fr: "0-2, 50\u202f000.", ja: "0-2、50,000。"}}
  - {key: bribe, name: {en: Bribe, fr: Pot-de-vin, ja: わいろ}}
"""


def _load(tmp_path: Path, **tables: str):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    for slug, text in tables.items():
        (data / "tables" / f"{slug}.yml").write_text(text, encoding="utf-8")
    return load_repository(data)


def _problems(tmp_path: Path, **tables: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        _load(tmp_path, **tables)
    return [f"{p.field}: {p.message}" for p in caught.value.problems]


def test_a_table_without_dice_is_a_list_of_keyed_rows(tmp_path):
    repo = _load(tmp_path, inducements=HEAD + LIST_ROWS)
    table = repo["table:inducements"]
    assert "dice" not in table.data
    assert {"row-keg", "row-bribe"} <= table.anchors()


def test_a_list_row_may_not_have_a_roll(tmp_path):
    rows = LIST_ROWS.replace("{key: bribe,", "{key: bribe, roll: 2,")
    assert _problems(tmp_path, inducements=HEAD + rows) == [
        "rows[1].roll: a table without `dice` is a list: its rows take no `roll`"]


def test_a_dice_table_row_still_needs_its_roll(tmp_path):
    rows = """rows:
  - {key: low, roll: [1, 3], name: {en: Low, fr: Bas, ja: 低}}
  - {key: high, name: {en: High, fr: Haut, ja: 高}}
"""
    problems = _problems(tmp_path, halves=HEAD + "dice: d6\n" + rows)
    assert "rows[1]: a row of a d6 table needs `roll`" in problems
    assert "rows: no row covers 4, 5, 6 of d6" in problems


def test_a_dice_table_must_still_cover_its_range_exactly_once(tmp_path):
    rows = """rows:
  - {key: low, roll: [1, 4], name: {en: Low, fr: Bas, ja: 低}}
  - {key: high, roll: [4, 5], name: {en: High, fr: Haut, ja: 高}}
"""
    assert sorted(_problems(tmp_path, halves=HEAD + "dice: d6\n" + rows)) == [
        "rows: no row covers 6 of d6", "rows[1].roll: 4 is already covered by row 'low'"]
