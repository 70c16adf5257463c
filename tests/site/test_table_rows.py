"""Every row of every table of the real data, dice tables and lists (no `dice`) alike, is rendered as its own
table row, with its anchor, its roll (dice tables) and its name, in the strictly built site (the `site`
fixture), in every language (issue 19: new tables get a rendering test; this one covers all of them, so a
table added later is checked too).

The expected rows are read from the YAML files themselves (tests/yaml_files.py), not through the renderer.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from yaml_files import read_folder

pytestmark = pytest.mark.slow
DATA = Path(__file__).resolve().parents[2] / "data"
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}
TABLES = read_folder("tables")


def roll_label(roll) -> str:
    """The roll as the page prints it: `9`, or `2–6` with an en dash."""
    return f"{roll[0]}–{roll[1]}" if isinstance(roll, list) else str(roll)


def plain(text: str) -> str:
    """A name as a reader sees it: no Markdown emphasis or link syntax, entities decoded, spaces collapsed."""
    text = re.sub(r"\[\[[^\]|]+\|([^\]]+)\]\]", r"\1", text)
    text = re.sub(r"[*_`]", "", text)
    return " ".join(html.unescape(text).split())


class RowCells(HTMLParser):
    """For each `row-…` anchor of the page: the text of the table row (`tr`) that holds it."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.in_tr = 0
        self.current: list[str] = []
        self.anchor: str | None = None
        self.rows: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.in_tr += 1
            self.current, self.anchor = [], None
        if tag == "td" and self.in_tr:
            self.current.append(" | ")
        anchor = attrs.get("id") or ""
        if tag == "a" and anchor.startswith("row-") and self.in_tr:
            assert self.anchor is None, f"two row anchors in one table row: {self.anchor}, {anchor}"
            self.anchor = anchor

    def handle_endtag(self, tag):
        if tag == "tr" and self.in_tr:
            self.in_tr -= 1
            if self.anchor:
                self.rows.append((self.anchor, " ".join("".join(self.current).split())))

    def handle_data(self, data):
        if self.in_tr:
            self.current.append(data)


def test_the_data_has_list_tables_to_check():
    assert any("dice" not in table for table in TABLES.values())


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
@pytest.mark.parametrize("slug", sorted(TABLES))
def test_every_table_row_is_rendered_with_its_anchor_roll_and_name(site, slug, lang):
    page = site.dir / LANG_ROOTS[lang] / "tables" / slug / "index.html"
    parser = RowCells()
    parser.feed(page.read_text(encoding="utf-8"))
    rows = TABLES[slug]["rows"]
    assert [anchor for anchor, _ in parser.rows] == ["row-" + row["key"] for row in rows]
    for (anchor, text), row in zip(parser.rows, rows):
        if "roll" in row:  # a list table's rows have none
            assert roll_label(row["roll"]) in text, f"{anchor}: roll {row['roll']} missing from {text!r}"
        name = plain(row["name"][lang])
        assert name in text, f"{anchor}: name {name!r} missing from {text!r}"
