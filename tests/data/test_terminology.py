"""The termbase (data/termbase.yml, plugins/data/termbase.py) and the terminology check
(plugins/data/terminology.py): each rule fails on the misuse it names, on real data and catalogs too."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plugins.data import DataError, load_repository
from plugins.data.terminology import Finding, check, check_catalogs, check_docs, po_messages, rules, scan

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def found(repo, lang: str, text: str) -> list[tuple[str, str]]:
    return [(f, u) for _, f, u in scan(text, lang, rules(repo.termbase, lang) if lang != "en" else [])]


# ----------------------------------------------------------------------------------------- the whole project

def test_data_and_catalogs_use_the_preferred_names(repo):
    problems = check(repo)
    assert not problems, "\n".join(map(str, problems[:40]))


# ----------------------------------------------------------------------------------------- each rule

def test_french_forbidden_variants_and_english_names(repo):
    assert found(repo, "fr", "Il obtient Both Down puis un Push Back.") == [
        ("Both Down", "Les deux plaqués"), ("Push Back", "Repoussé")]
    assert found(repo, "fr", "Un joueur avec Diving Tackle sous une pluie battante.") == [
        ("Diving Tackle", "Tacle plongeant"), ("pluie battante", "Averse")]
    assert found(repo, "fr", "Sa ST et son AV, puis un fumble.") == [("ST", "F"), ("AV", "AR"), ("fumble", "maladresse")]
    assert found(repo, "fr", "la victime est Chomped") == [("Chomped", "Happé")]


def test_french_capitals_of_a_skill_name(repo):
    assert found(repo, "fr", "Tacle Plongeant, puis Glissade Contrôlée.") == [
        ("Tacle Plongeant", "Tacle plongeant"), ("Glissade Contrôlée", "Glissade contrôlée")]
    # the name as written, and its first word in lower case (a common noun), are fine
    assert found(repo, "fr", "Tacle plongeant et Glissade contrôlée ; une glissade contrôlée.") == []


def test_longer_names_are_read_first(repo):
    assert found(repo, "fr", "avec Hail Mary Pass") == [("Hail Mary Pass", "Passe désespérée")]
    assert found(repo, "fr", "une Passe et un Blocage") == []  # French names: nothing to say


def test_what_is_not_prose_is_skipped(repo):
    text = ("`Both Down` [[skill:diving-tackle|Tacle plongeant]] https://x.org/Diving-Tackle "
            "Question (en anglais) : « Can a player use Diving Tackle when the ball is thrown? »")
    assert found(repo, "fr", text) == []


def test_japanese_variants_katakana_skills_and_boundaries(repo):
    assert found(repo, "ja", "カジュアリティと守備側、チェーンソー攻撃、スペシャルアクション。") == [
        ("カジュアリティ", "カジュアルティ"), ("守備側", "防御側"), ("チェーンソー", "Chainsaw"),
        ("スペシャルアクション", "特殊アクション")]
    assert found(repo, "ja", "ダイビングタックルとAG判定、Scatter (3)。") == [
        ("ダイビングタックル", "Diving Tackle"), ("AG判定", "AGテスト"), ("Scatter", "スキャッター")]
    # inside a longer katakana word (チェーンソー is not チェーン), and the glossary's katakana of a skill
    # that is also a game action (ドッジ), are fine
    assert found(repo, "ja", "チェーンソーの選手がドッジする。") == [("チェーンソー", "Chainsaw")]
    assert found(repo, "ja", "Chainsaw の選手がドッジする。") == []
    # the longer variant is read first: Ball & Chain's katakana, not the chain push's チェーン
    assert found(repo, "ja", "Swoop、ボール＆チェーンにも使います。") == [("ボール＆チェーン", "Ball & Chain")]


def test_japanese_rolls_are_roll_and_tests_test_never_hantei(repo):
    # the words the chain calculator and the BB2020 tests mixed: a die roll is ロール, a characteristic test テスト
    assert found(repo, "ja", "判定（記法で入力）：すべての判定が成功する確率。この判定を振り直せます。") == [
        ("判定（記法で入力）", "ロール"), ("すべての判定", "ロール"), ("判定を振り直", "ロール")]
    assert found(repo, "ja", "ドッジの判定（BB2020）、着地判定、PA判定、PA テスト、正確さの判定（判定成功）。") == [
        ("ドッジの判定", "テスト"), ("着地判定", "テスト"), ("PA判定", "PAテスト"), ("PA テスト", "PAテスト"),
        ("正確さの判定", "テスト"), ("判定成功", "テスト")]
    # 判定 for determining whether something applies is no roll: left alone
    assert found(repo, "ja", "ストーリングの判定は行われます。条件を判定するのは宣言時だけです。") == []
    assert found(repo, "ja", "ドッジロール（クラシック）、ドッジテスト（BB2020）、PAテスト、アーマーロール。") == []
    # AGロール and PAテスト are written in one piece, as AGテスト
    assert found(repo, "ja", "クラシックの AG ロールと AGロール。") == [("AG ロール", "AGロール")]


def test_guillemets_in_english(repo):
    assert found(repo, "en", "the « Scélérate » category") == [("«", "“ ”"), ("»", "“ ”")]
    assert found(repo, "en", "the “Scélérate” category") == []


# ----------------------------------------------------------------------------------------- derived names

def test_the_termbase_derives_names_and_katakana(repo):
    leap, tackle_zone = repo.termbase.get("skill:leap"), repo.termbase.get("term:tackle-zone")
    assert leap.names["ja"].katakana == "リープ"  # from the glossary's term:leap
    assert leap.names["ja"].running_text == "english" and leap.names["fr"].preferred == "Saut"
    assert repo.termbase.get("skill:diving-tackle").names["ja"].katakana == "ダイビングタックル"
    assert tackle_zone.names["en"].preferred == "Tackle Zone" and "TZ" in tackle_zone.names["en"].aliases
    assert "zones de tacle" in tackle_zone.names["fr"].forms
    assert repo.termbase.get("word:both-down").target == "term:block-dice"
    rain = repo.termbase.get("table:weather-bb2020#row-pouring-rain")
    assert rain.names["fr"].preferred == "Averse" and rain.target == "table:weather-bb2020"


# ----------------------------------------------------------------------------------------- the loader

@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", target)
    return target


def test_loader_reports_termbase_problems_with_file_line_and_field(data_copy):
    (data_copy / "termbase.yml").write_text(
        "entries:\n"
        "  skill:sure-hands:\n"
        "    fr: {aliases: [SH], cass: name}\n"
        "  skill:no-such-skill:\n"
        "    en: {aliases: [x]}\n"
        "  term:turnover:\n"
        "    fr: {aliases: [sh]}\n"
        "    ja: {katakana: turnover}\n"
        "words:\n"
        "  both-down:\n"
        "    see: term:nothing\n"
        "    en: {preferred: Both Down}\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(data_copy)
    text = str(caught.value)
    assert "termbase.yml:3: entries.skill:sure-hands.fr.cass: unknown field" in text
    assert "termbase.yml:5: entries.skill:no-such-skill: unknown skill 'skill:no-such-skill'" in text
    assert "termbase.yml:7: entries.term:turnover.fr.aliases: alias 'sh' already belongs to skill:sure-hands" in text
    assert "termbase.yml:8: entries.term:turnover.ja.katakana: 'turnover' is not a valid katakana word" in text
    assert "termbase.yml:11: words.both-down.see: unknown entity 'term:nothing'" in text


def test_an_alias_taken_from_a_name_clashes_in_the_file_of_that_name(data_copy):
    """No termbase.yml: the aliases come from the names ("Turnover (SH)" gives "SH"); a clash is reported
    at the name a contributor wrote, not at line 1 of a termbase file that does not exist."""
    for file, name in (("skills/sure-hands.yml", "Sure Hands"), ("glossary/turnover.yml", "Turnover")):
        path = data_copy / file
        path.write_text(path.read_text(encoding="utf-8").replace(f"en: {name},", f"en: {name} (SH),"), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(data_copy)
    text = str(caught.value)
    assert ("glossary/turnover.yml:1: name.en: alias 'SH' already belongs to skill:sure-hands "
            "(an alias taken from this name)") in text, text
    assert "termbase.yml" not in text


def test_catalog_findings_give_the_line_of_the_msgstr(tmp_path, repo):
    po = tmp_path / "plugins" / "locale" / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n\n#: x.py:1\nmsgid "Both Down"\nmsgstr ""\n"Résultat "\n"Both Down"\n',
                  encoding="utf-8")
    assert list(po_messages(po)) == [(6, "Both Down", "Résultat Both Down")]
    assert check_catalogs(repo.termbase, tmp_path) == [
        Finding("plugins/locale/fr/LC_MESSAGES/messages.po", 6, "msgstr of 'Both Down'", "Both Down", "Les deux plaqués")]


def test_a_japanese_variant_followed_by_kanji_is_refused(repo):
    # Japanese compounds a term with the next noun: the variant is still written
    assert found(repo, "ja", "プッシュの連鎖処理を行う。") == [("プッシュの連鎖", "チェインプッシュ")]
    assert found(repo, "ja", "ステップ数を数える。") == [("ステップ", "手順")]
    # a longer katakana word is another word: サイドステップ is the skill's katakana, not ステップ
    assert found(repo, "ja", "サイドステップを使う。") == [("サイドステップ", "Sidestep")]


def test_docs_pages_are_read_with_their_lines(tmp_path, repo):
    page = tmp_path / "docs" / "ja" / "index.md"
    page.parent.mkdir(parents=True)
    page.write_text("---\ntitle: ステップ\n---\n# 見出し\n\n各ステップを順に示します。\n\n"
                    "```\nステップ\n```\n<a title=\"ステップ\">手順</a>\n", encoding="utf-8")
    (tmp_path / "docs" / "fr").mkdir()
    (tmp_path / "docs" / "fr" / "index.md").write_text("Un Both Down.\n", encoding="utf-8")
    assert check_docs(repo.termbase, tmp_path) == [
        Finding("docs/fr/index.md", 1, "text", "Both Down", "Les deux plaqués"),
        Finding("docs/ja/index.md", 6, "text", "ステップ", "手順")]


def test_japanese_prose_names_these_glossary_terms_in_katakana(repo):
    # the review counted Secure the Ball 19 / セキュアザボール 13 and Distracted 21 / ディストラクテッド 29 on the
    # Japanese pages: the English name is refused in a sentence, even glossed after its katakana
    assert found(repo, "ja", "Secure the Ball のロール。") == [("Secure the Ball", "セキュアザボール")]
    assert found(repo, "ja", "1なら Distracted になります。") == [("Distracted", "ディストラクテッド")]
    assert found(repo, "ja", "パスを Deflection にする。") == [("Deflection", "ディフレクション")]
    assert found(repo, "ja", "合計8で Stunned になります。") == [("Stunned", "スタン")]
    assert found(repo, "ja", "セキュアザボールのロールでディストラクテッドになり、スタンになる。") == []
