"""A dice table's rows cover every result of its dice once: the classic D68 has gaps (no 19, 20, 29, ...)."""
from __future__ import annotations

from plugins.data.checks import _coverage


class _Table(dict):
    """The two fields `_coverage` reads, as an entity gives them."""


def _problems(dice: str, rows: list[dict]) -> list[str]:
    return [message for _, message in _coverage(_Table(dice=dice, rows=rows), lambda path, message: (path, message))]


D68_ROWS = [{"key": "badly-hurt", "roll": [11, 38]}, *({"key": f"r{v}", "roll": v} for v in range(41, 49)),
            {"key": "niggling", "roll": [51, 58]}, {"key": "dead", "roll": [61, 68]}]


def test_d68_ranges_skip_the_results_a_d8_cannot_show():
    assert _problems("d68", D68_ROWS) == []


def test_d68_result_that_cannot_be_rolled_and_a_gap():
    rows = [dict(r, roll=49) if r["key"] == "r48" else r for r in D68_ROWS]
    assert _problems("d68", rows) == ["49 cannot be rolled on d68 (11–68)", "no row covers 48 of d68"]


def test_d16_still_counts_every_face():
    assert _problems("d16", [{"key": "a", "roll": [1, 15]}]) == ["no row covers 16 of d16"]
