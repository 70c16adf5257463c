"""The README's figures are generated from data/ (plugins/data/figures.py): the block must be up to date."""
from __future__ import annotations

from pathlib import Path

import pytest

from plugins.data.figures import END, START, block, rewrite

README = Path(__file__).resolve().parent.parent.parent / "README.md"


def test_the_readme_block_is_up_to_date(repo):
    text = README.read_text(encoding="utf-8")
    assert START in text and END in text
    assert rewrite(text, block(repo)) == text, (
        "README.md's figures are stale: run `python -m plugins.data.figures --write README.md`")


def test_the_block_counts_what_the_data_holds(repo):
    text = block(repo)
    assert f"{len(repo.of_kind('skill'))} skills and traits" in text
    assert f"{len(repo.of_kind('ruling'))} rulings" in text
    assert f"{len(repo.of_kind('sequence'))} sequences" in text
    assert f"{len(repo.of_kind('table'))} tables" in text


def test_a_stale_block_is_replaced_and_missing_markers_are_refused():
    stale = f"before\n{START}\nToday: 1 skill.\n{END}\nafter\n"
    assert rewrite(stale, "Today: 2 skills.") == f"before\n{START}\nToday: 2 skills.\n{END}\nafter\n"
    with pytest.raises(ValueError):
        rewrite("no markers here", "x")


def test_no_count_of_the_data_is_typed_outside_the_block():
    """Issue 19: the README's counts of skills, rulings, sequences, records… come from the generated block
    only; a number typed next to one of those words elsewhere goes stale as the data grows (the rulings'
    "86 entries", when there were 226). The dated rows of the benchmark tables are measurements, not counts."""
    import re

    text = README.read_text(encoding="utf-8")
    outside = text.split(START)[0] + text.split(END)[1]
    # the benchmark tables' rows are dated measurements of the site as it was then, not counts of today's data
    outside = "\n".join(line for line in outside.splitlines() if not line.startswith("|"))
    kinds = r"(?:skills?|traits?|rulings?|sequences?|tables?|glossary terms?|terms?|records?|entries|engine options?|star player special rules?|statements?)"
    typed = re.findall(rf"\b\d[\d,]*\s+(?:`?checked`?\s+)?{kinds}\b", outside)
    assert typed == [], typed
