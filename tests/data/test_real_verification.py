"""The real data is proven: rulings say how each position reads the rule, and each edition's statements are
checked against named public sources (issue "A rules reference coaches can trust")."""
from __future__ import annotations

from collections import Counter

from plugins.data.verification import statuses

#: the share of each edition's statements that must be checked; the rest show an "unconfirmed" mark
MIN_CHECKED = 0.95


def test_every_ruling_position_names_its_reading(repo):
    """Without a reading on every position, the loader could not tell a settled ruling from a disputed one."""
    missing = [f"{r.file}:{r.line(('positions', i))}: positions[{i}]: no `reading`"
               for r in repo.of_kind("ruling") for i, p in enumerate(r["positions"]) if "reading" not in p]
    assert missing == []


def test_a_disputed_ruling_has_two_readings_and_a_settled_one_a_single_reading(repo):
    for ruling in repo.of_kind("ruling"):
        readings = {p["reading"] for p in ruling["positions"]}
        if ruling["status"] == "settled":
            assert len(readings) == 1, ruling.id
        elif ruling["status"] == "disputed":
            assert len(readings) >= 2, ruling.id


def test_each_edition_is_checked_against_public_sources(repo):
    counts = Counter((s.column, s.checked) for s in statuses(repo))
    for column in ("classic", "bb2020", "bb2025"):
        total = counts[(column, True)] + counts[(column, False)]
        assert total and counts[(column, True)] / total >= MIN_CHECKED, (column, counts[(column, True)], total)

