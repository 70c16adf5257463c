"""What a French or Japanese reader sees (review 3, D6; issue 22): the three kick-off tables name a result the
same way, and no French page writes MA or PA (the characteristics are M and CP there, as F and AR). The
check is the termbase's own rules (plugins/data/terminology.py) run on the built pages' visible text."""
from __future__ import annotations

import re

import pytest

from plugins.data.termbase import Termbase
from plugins.data.terminology import rules, scan
from test_french_typography import page_text, visible_text

pytestmark = pytest.mark.slow

ROW_NAME = re.compile(r"<td><strong>(.*?)</strong><br>")  # the name may be a link (Blitz to the action)
TABLES = ("kick-off-classic", "kick-off-bb2020", "kick-off-bb2025")


def _row_names(site, lang: str, slug: str) -> list[str]:
    prefix = "" if lang == "en" else f"{lang}/"
    html = (site.dir / f"{prefix}tables/{slug}/index.html").read_text(encoding="utf-8")
    return [re.sub(r"<[^>]+>", "", name) for name in ROW_NAME.findall(html)]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_kick_off_tables_name_a_result_once(site, lang):
    seen: dict[str, set[str]] = {}
    for slug in TABLES:
        english, local = _row_names(site, "en", slug), _row_names(site, lang, slug)
        assert len(english) == len(local) == 11
        for en, name in zip(english, local):
            seen.setdefault(en.rstrip("!"), set()).add(name)
    assert {en: names for en, names in seen.items() if len(names) > 1} == {}


def test_french_pages_write_the_characteristics_m_and_cp(site, repo):
    wanted = {"word:movement", "word:passing-ability-abbreviation"}
    ruleset = rules(Termbase(entries=[e for e in repo.termbase.entries if e.id in wanted]), "fr")
    problems = []
    for path in sorted((site.dir / "fr").rglob("*.html")):
        problems += [f"{path.relative_to(site.dir).as_posix()}: {found} (use {use})"
                     for _, found, use in scan(page_text(path), "fr", ruleset)]
    assert problems == [], "\n".join(problems[:20])
    casualty = visible_text((site.dir / "fr/calculators/casualty/index.html").read_text(encoding="utf-8"))
    assert re.search(r"\bCP\b", casualty) and re.search(r"\bM\b", casualty)
