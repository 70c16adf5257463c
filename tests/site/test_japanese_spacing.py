"""Japanese typography of every generated page, as the `nuffle` plugin writes it (the Markdown the site is
built from): full-width brackets take no space before them and ASCII brackets never hold Japanese, and a
sentence's 。 is followed by no space. Texts of data/ are linted by tests/data/test_textlint_ja.py; this
reads what the renderers add around them (status labels, citation notes, the ↗ link, joined sentences)."""
from __future__ import annotations

import re


from plugins.site.pagemap import generated_pages

SPACE_BEFORE_BRACKET = re.compile(r"(?:[^\x00-\x7f]|\]\([^)\s]*\)|\})[ ]（")
ASCII_BRACKETS_AROUND_JAPANESE = re.compile(r"\([\u3040-\u30ff\u3400-\u9fff][^()\n]*\)(?!\])")
SPACE_AFTER_FULL_STOP = re.compile(r"。 (?![|\n])")  # "。 |" closes a table cell: Markdown, not text


def _found(render_page, repo, pattern: re.Pattern) -> list[str]:
    out = []
    for path in sorted(generated_pages(repo)):
        markdown = render_page("ja", path)
        for m in pattern.finditer(markdown):
            out.append(f"{path}: …{markdown[max(0, m.start() - 30):m.end() + 10]!r}")
    return out


def test_full_width_brackets_follow_words_and_links_without_a_space(render_page, repo):
    # 「…。 （決着済み）」 after a ruling's link, 「[出典](…) （注記）」 after a citation, 「(要確認)」
    found = _found(render_page, repo, SPACE_BEFORE_BRACKET) + _found(render_page, repo, ASCII_BRACKETS_AROUND_JAPANESE)
    assert not found, f"{len(found)}:\n" + "\n".join(found[:30])


def test_no_space_after_a_japanese_full_stop(render_page, repo):
    found = _found(render_page, repo, SPACE_AFTER_FULL_STOP)
    assert not found, f"{len(found)}:\n" + "\n".join(found[:30])
