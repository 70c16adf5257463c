"""Text defects a reader found on a phone in French and Japanese (review of December 2026), each read from
the real data: every test failed before its fix."""
from __future__ import annotations

import re

import pytest

LANGS = ("en", "fr", "ja")


def _texts(value, path=()):
    """(path, language, text) of every {en, fr, ja} text inside `value`."""
    if isinstance(value, dict):
        if isinstance(value.get("en"), str):
            for lang in LANGS:
                if isinstance(value.get(lang), str):
                    yield path + (lang,), lang, value[lang]
        for key, item in value.items():
            yield from _texts(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))


def _all_texts(repo, lang=None):
    for entity in repo.entities.values():
        for path, text_lang, text in _texts(entity.data):
            if lang is None or text_lang == lang:
                yield entity, path, text_lang, text


# --- 3. "?." after a link to a ruling ------------------------------------------------------------

RULING_LINK_END = re.compile(r"\[\[ruling:([a-z0-9-]+)(?:#[a-z0-9-]+)?(?:\|([^\]|]+))?\]\]([.。])")


def test_no_period_after_a_ruling_link_whose_question_ends_its_sentence(repo):
    doubled = []
    for entity, path, lang, text in _all_texts(repo):
        for match in RULING_LINK_END.finditer(text):
            label = (match[2] or repo.entities[f"ruling:{match[1]}"].data["question"][lang]).rstrip()
            if label[-1] in "?!？！。":
                doubled.append(f"{entity.id} {'.'.join(map(str, path))}: {match[0]}")
    assert not doubled, "\n".join(doubled)


# the loader refuses both slips, on a fixture repository
def _fixture_problems(tmp_path, summary_en: str, summary_fr: str, summary_ja: str) -> list[str]:
    import shutil
    from pathlib import Path

    from plugins.data import DataError, load_repository

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parent.parent / "fixtures" / "data", data)
    (data / "tables" ).mkdir(exist_ok=True)
    (data / "tables" / "notes.yml").write_text(
        "title: {en: Notes, fr: Notes, ja: 覚え書き}\n"
        f"summary: {{en: \"{summary_en}\", fr: \"{summary_fr}\", ja: \"{summary_ja}\"}}\n"
        "editions: [classic]\nsources: [{source: crp}]\n"
        "rows:\n  - {key: a, name: {en: A, fr: A, ja: A}}\n", encoding="utf-8")
    try:
        load_repository(data)
    except DataError as caught:
        return [f"{p.field}: {p.message}" for p in caught.problems]
    return []


def test_the_loader_refuses_a_period_after_a_ruling_question(tmp_path):
    problems = _fixture_problems(tmp_path, "See [[ruling:sure-hands-strip-ball]].",
                                 "Voir [[ruling:sure-hands-strip-ball]].", "[[ruling:sure-hands-strip-ball]]を参照。")
    assert [p.split(":")[0] for p in problems] == ["summary.en", "summary.fr"], problems
    assert _fixture_problems(tmp_path / "ok", "See [[ruling:sure-hands-strip-ball]]", "Voir [[ruling:sure-hands-strip-ball]]",
                             "[[ruling:sure-hands-strip-ball]]を参照。") == []


def test_the_loader_refuses_a_space_between_japanese_and_a_reference_shown_in_japanese(tmp_path):
    problems = _fixture_problems(tmp_path, "See [[term:turnover]].", "Voir [[term:turnover]].",
                                 "これは [[term:turnover]] です。")
    assert len(problems) == 2 and all(p.startswith("summary.ja") for p in problems), problems
    # a skill keeps its English name in Japanese: the spaces around it stay, as around any Latin word
    assert _fixture_problems(tmp_path / "ok", "See [[term:turnover]].", "Voir [[term:turnover]].",
                             "これは[[term:turnover]]です。[[skill:sure-hands]] を使います。") == []


# --- 5. Projectile Vomit: does a ball carrier who hits himself cause a Turnover? ------------------

def test_projectile_vomit_says_when_hitting_himself_is_a_turnover(repo):
    vomit = repo.entities["sequence:projectile-vomit-bb2025"]
    step = next(s for s in vomit.data["steps"] if s["key"] == "4")
    assert "declares no Turnover for either result" not in step["text"]["en"]
    for lang, words in (("en", ("Turnover", "armour", "ball")), ("fr", ("Turnover", "armure", "ballon")),
                        ("ja", ("ターンオーバー", "アーマー", "ボール"))):
        assert all(w in step["text"][lang] for w in words), lang
    records = [c for c in vomit.data["checked"] if c["of"] == "steps.4" and c["verdict"] == "agrees"]
    assert any(c["at"]["path"].endswith("util/UtilServerInjury.java") and c["at"].get("commit") for c in records)
    assert any(c["at"]["path"].endswith("rules_and_regulations.md") for c in records)


# --- 1. One French and one Japanese name per thing ------------------------------------------------

ENGLISH_NAMES = ("Brilliant Coaching", "Dodgy League Rep", "Friends with the Ref", "Blitzer's Best Keg",
                 "Prayers to Nuffle", "Argue the Call")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_no_english_name_of_a_result_or_inducement_in_french_or_japanese(repo, lang):
    found = [f"{e.id} {'.'.join(map(str, path))}: {name}" for e, path, _, text in _all_texts(repo, lang)
             for name in ENGLISH_NAMES if name in text]
    assert not found, "\n".join(found)


def test_one_star_player_name_per_language(repo):
    found = [f"{e.id} {'.'.join(map(str, path))}" for e, path, lang, text in _all_texts(repo)
             if (lang == "fr" and re.search(r"(?i)joueurs? stars?", text)) or (lang == "ja" and "スター選手" in text)]
    assert not found, "\n".join(found)


def test_the_termbase_refuses_the_other_names():
    from pathlib import Path

    import yaml

    base = yaml.safe_load((Path(__file__).resolve().parents[2] / "data" / "termbase.yml").read_text(encoding="utf-8"))
    entries, words = base["entries"], base["words"]
    for edition in ("bb2020", "bb2025"):
        row = entries[f"table:prayers-to-nuffle-{edition}#row-friends-with-the-ref"]
        assert "Friends with the Ref" in row["fr"]["variants"] and "Friends with the Ref" in row["ja"]["variants"]
    # a kick-off result has one name in every edition (issue 22): its variants are listed once, on the BB2025
    # row, and refused in every text (tests/data/test_one_name_per_result.py scans them)
    row = entries["table:kick-off-bb2025#row-brilliant-coaching"]
    assert "Brilliant Coaching" in row["fr"]["variants"] and "Brilliant Coaching" in row["ja"]["variants"]
    assert "Blitzer's Best Keg" in entries["table:inducements-bb2025#row-blitzers-best-kegs"]["fr"]["variants"]
    assert "Dodgy League Rep" in words["dodgy-league-rep"]["fr"]["variants"]
    assert words["star-player"]["fr"]["preferred"] == "Star Player" and "joueurs stars" in words["star-player"]["fr"]["variants"]
    assert words["star-player"]["ja"]["preferred"] == "スタープレイヤー" and "スター選手" in words["star-player"]["ja"]["variants"]
