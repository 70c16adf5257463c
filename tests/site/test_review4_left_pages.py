"""Review 4's wording findings left after the first pass (/work/notes/review4/findings.md; issue 22), read on the
built pages where the reviewer read them, in the reviewer's language (the text is the same at any width).
"""
from __future__ import annotations

import re

import pytest

from tests.site.test_review3_wording import page_text

pytestmark = pytest.mark.slow


# ------------------------------------------------------------------------------ J4: headings with their katakana

@pytest.mark.parametrize("page, heading", [
    ("skills/general", "Kick（キック）"), ("skills/general", "Tackle（タックル）"),
    ("skills/agility", "Defensive（ディフェンシブ）"), ("skills/strength", "Piling On（パイリングオン）")])
def test_j4_every_japanese_skill_heading_has_its_katakana(site, page, heading):
    lines = page_text(site, "ja", page).splitlines()
    assert f"{heading}¶" in lines or heading in lines, heading
    assert "キックを持" not in page_text(site, "ja", "glossary")
