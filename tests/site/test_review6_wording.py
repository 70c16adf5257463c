"""Review 6's findings (/work/notes/review6/findings.md; issue 22) read on the built pages where the reviewer read
them, in the reviewer's language: each page writes the new form and no longer the old one.
"""
from __future__ import annotations

import pytest

from tests.site.test_review3_wording import page_text

pytestmark = pytest.mark.slow


def test_j1_no_space_after_the_japanese_sources_label(site):
    # the label comes inside its <span>, so the "no space after ：" rule never saw its colon: 1,447 times
    text = page_text(site, "ja", "skills/general")
    assert "出典：" in text
    assert "出典： " not in text and "出典：\n" not in text


@pytest.mark.parametrize("page, now, before", [
    ("rolls/bb2020", "ブラッドワイザーケグなし", "Bloodweiser Keg なし"),
    ("targets/agility-classic", "ブラッドワイザーベイブなし", "Bloodweiser Babe なし"),
])
def test_j3_inducements_in_the_roll_forms_as_in_their_tables(site, page, now, before):
    text = page_text(site, "ja", page)
    assert now in text and before not in text


def test_j4_star_rule_labels_in_full_width_brackets(site):
    html = (site.dir / "ja" / "calculators" / "chain" / "index.html").read_text(encoding="utf-8")
    assert "Ram（Rumbelow Sheepskin）" in html and "Ram (Rumbelow Sheepskin)" not in html


def test_f3_the_break_tackle_bonus_label_needs_no_elision(site):
    html = (site.dir / "fr" / "calculators" / "chain" / "index.html").read_text(encoding="utf-8")
    assert "Bonus de Esquive" not in html
    assert "Esquive en force\u00a0: son bonus" in html
