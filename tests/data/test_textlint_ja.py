"""textlint on the Japanese texts (plugins/data/textlint_ja.py) with the prh dictionary generated from the
termbase (plugins/data/prh.py): the project's texts pass, and each kind of problem the review found is
reported at its origin."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from plugins.data.prh import javascript, prh_rules, prh_yaml
from plugins.data.textlint_ja import TEXTLINT, Origin, Sheet, lint, run

pytestmark = pytest.mark.skipif(not TEXTLINT.exists(), reason="node_modules/.bin/textlint missing: run `npm ci`")
PROJECT = Path(__file__).resolve().parents[2]


def lint_texts(repo, *texts: str) -> list[tuple[int, str]]:
    sheet = Sheet()
    for i, text in enumerate(texts, 1):
        sheet.add(text, Origin("data/x.yml", i, f"t{i}.ja"))
    return [(p.origin.line, p.rule) for p in lint({"x.md": sheet}, [], repo.termbase)]


def test_project_japanese_texts_pass_textlint(repo):
    problems = run(repo, PROJECT)
    assert not problems, f"{len(problems)} textlint problem(s):\n" + "\n".join(map(str, problems))


def test_each_kind_of_problem_is_reported_at_its_origin(repo):
    found = lint_texts(repo,
                       "ブロックする。",                          # 1: fine
                       "ブロックする。 （決着済み）",               # 2: a space after 。
                       "ダッジする(要確認)。",                     # 3: ASCII parentheses
                       "プッシュの連鎖処理を行う。",               # 4: a termbase variant, kanji after it
                       "手順3で止まる。",                           # 5: fine
                       "ブロックを 試みる。")                        # 6: a space between full-width words
    lines = {line for line, _ in found}
    assert 1 not in lines and 5 not in lines
    assert (2, "ja-spacing/ja-no-space-around-parentheses") in found
    assert (6, "ja-spacing/ja-no-space-between-full-width") in found
    assert (3, "jtf-style/4.3.1.丸かっこ（）") in found
    assert (4, "prh") in found


def test_prh_dictionary_is_the_termbase_variants(repo):
    rules = prh_rules(repo.termbase)
    variants = {v for e in repo.termbase.entries for v in e.names["ja"].variants}
    for variant in variants:
        assert any(re.search(r["patterns"][0][1:-1].replace("\\/", "/"), variant) for r in rules), variant
    assert prh_yaml(repo.termbase).startswith("# Generated")


def test_javascript_patterns_have_no_escape_unicode_mode_refuses():
    assert javascript(re.escape("Friends with-the Ref") + r"(?![A-Za-z0-9\-])") == \
        r"Friends with-the Ref(?![A-Za-z0-9-])"
    assert javascript("a/b") == r"a\/b"
