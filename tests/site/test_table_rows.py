"""Every row of every table of the real data, dice tables and lists (no `dice`) alike, is its own row of the
page's table, carrying its `row-<key>` anchor, in the strictly built site (the `site` fixture) and in every
language. The expected rows are read from the YAML files themselves, not through the renderer.
"""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.slow
DATA = Path(__file__).resolve().parents[2] / "data"
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}
TABLES = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((DATA / "tables").glob("*.yml"))}


class RowAnchors(HTMLParser):
    """For each `row-…` anchor: the number of the table row (`tr`) that holds it, or None."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows = 0
        self.open_rows: list[int] = []
        self.found: list[tuple[str, int | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows += 1
            self.open_rows.append(self.rows)
        anchor = dict(attrs).get("id") or ""
        if tag == "a" and anchor.startswith("row-"):
            self.found.append((anchor, self.open_rows[-1] if self.open_rows else None))

    def handle_endtag(self, tag):
        if tag == "tr" and self.open_rows:
            self.open_rows.pop()


def test_the_data_has_list_tables_to_check():
    assert any("dice" not in table for table in TABLES.values())


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
@pytest.mark.parametrize("slug", sorted(TABLES))
def test_every_table_row_is_its_own_row_with_its_anchor(site, slug, lang):
    parser = RowAnchors()
    parser.feed((site.dir / LANG_ROOTS[lang] / "tables" / slug / "index.html").read_text(encoding="utf-8"))
    expected = ["row-" + row["key"] for row in TABLES[slug]["rows"]]
    assert [anchor for anchor, _ in parser.found] == expected
    rows = [row for _, row in parser.found]
    assert None not in rows, "a row anchor outside the table"
    assert len(set(rows)) == len(rows), "two rows of the data share one row of the page"
