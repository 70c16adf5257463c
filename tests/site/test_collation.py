"""Dictionary order of the generated lists (plugins/site/collation.py), issue 26 item 9.

Before it, lists were sorted by code point: the French glossary put « À Terre » and « Événement de Coup
d'Envoi » after « Zone de Tacle », the French skill tables put Écrasement and Équilibre after the Z's, and
the Japanese glossary put every kanji name (天候, 着地, 転倒) after the katakana ones and アーマー値 after
アポセカリー.
"""
from __future__ import annotations

import html
import re

import pytest

from plugins.site.collation import by_name, has_kanji, kana_key, sort_key

LANG_ROOTS = {"en": "", "fr": "fr", "ja": "ja"}
HEADING = re.compile(r'<h2 id="term-[^"]*"[^>]*>(.*?)<a class="headerlink"', re.S)


def ordered(names: list[str], lang: str) -> list[str]:
    return sorted(names, key=lambda name: sort_key(name, lang))


def test_french_accented_initials_sort_with_their_letter():
    assert ordered(["Zèle", "Échappée", "Agilité", "À Terre", "Esquive", "Ecrasement"], "fr") == \
        ["Agilité", "À Terre", "Échappée", "Ecrasement", "Esquive", "Zèle"]


def test_french_ignores_case_and_ligatures_and_puts_the_plain_letter_first():
    assert ordered(["côte", "Cote", "cote", "Œil", "Oeuvre", "Odeur"], "fr") == \
        ["Cote", "cote", "côte", "Odeur", "Œil", "Oeuvre"]


def test_japanese_kana_follow_the_goujuun_order():
    # ー reads as the vowel before it (アーマー = ああまあ), hiragana and katakana alike, voiced after plain
    names = ["ブロック", "アポセカリー", "アーマー値", "わいろ", "パス", "ハンドオフ", "バウンド", "カジュアルティ"]
    readings = {"アーマー値": "あーまーち"}
    assert sorted(names, key=lambda n: sort_key(n, "ja", readings.get(n))) == \
        ["アーマー値", "アポセカリー", "カジュアルティ", "バウンド", "パス", "ハンドオフ", "ブロック", "わいろ"]
    assert kana_key("パス") > kana_key("バス") > kana_key("ハス")


def test_japanese_kanji_names_sort_by_their_reading_latin_names_first():
    names = [("天候", "てんこう"), ("タッチダウン", None), ("着地", "ちゃくち"), ("AGテスト", None), ("ドッジ", None)]
    assert [n for n, r in sorted(names, key=lambda item: sort_key(item[0], "ja", item[1]))] == \
        ["AGテスト", "タッチダウン", "着地", "天候", "ドッジ"]


def test_every_japanese_name_with_a_kanji_in_a_sorted_list_has_a_reading(repo):
    missing = [entity.id for kind in ("term", "skill", "star-rule") for entity in repo.of_kind(kind)
               if has_kanji(entity.title("ja")) and repo.termbase.get(entity.id) is None
               or has_kanji(entity.title("ja")) and not repo.termbase.get(entity.id).names["ja"].reading]
    assert not missing, f"add `ja: {{reading: …}}` (hiragana) to data/termbase.yml for {missing}"


def test_every_page_the_rulings_index_groups_by_has_a_reading_if_its_title_has_a_kanji(repo):
    """The rulings index groups rulings by the entity they are about: a table, sequence or roll titled with a
    kanji (天候表, 試合前の手順) needs its reading, or the group sorts after every kana name."""
    about = {r["about"][0]: repo[r["about"][0]] for r in repo.of_kind("ruling")}.values()
    missing = sorted(e.id for e in about if e.kind in ("table", "sequence", "roll") and has_kanji(e.title("ja"))
                     and e.id not in repo.termbase.readings)
    assert not missing, f"add them under `readings:` in data/termbase.yml: {missing}"


RULING_GROUP = re.compile(r'<h3 [^>]*id="about-[^"]*"[^>]*>(.*?)<a class="headerlink"', re.S)


def test_built_japanese_rulings_index_groups_follow_the_reading_order(site):
    """The review at 360 px found 天候表, 後遺症表 and 試合前の手順 after わいろ, and the tables that start with
    katakana (カジュアルティ表) in a second run of their own after them."""
    groups = heading_texts(site, "ja/rulings", RULING_GROUP)
    at = {name: i for i, name in enumerate(groups)}
    assert at["ディフレクション"] < at["天候表（BB2020）"] < at["パス"]            # てんこう: after てい…, before は
    assert at["キックオフ"] < at["後遺症表（BB2020）"] < at["ジャンプオーバー"]   # こう: after き, before し
    assert at["キックオフ"] < at["キックオフイベント表（BB2020）"] < at["後遺症表（BB2020）"]
    assert at["わいろ"] == len(groups) - 1  # わ is the last row of the syllabary: nothing after it


def heading_texts(site, path: str, pattern: re.Pattern) -> list[str]:
    """The text of each heading `pattern` finds in the built page at `path`, tags and extra spaces removed."""
    page = (site.dir / path / "index.html").read_text(encoding="utf-8")
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", h)).split()) for h in pattern.findall(page)]


def glossary_headings(site, lang: str) -> list[str]:
    return heading_texts(site, f"{LANG_ROOTS[lang]}/glossary".lstrip("/"), HEADING)


def test_built_french_glossary_is_in_dictionary_order(site, repo):
    headings = glossary_headings(site, "fr")
    assert len(headings) == len(repo.of_kind("term"))
    first_letters = [h[0] for h in headings]
    # À Terre among the A's, Événement… among the E's: never after the Z's
    assert first_letters.index("À") < first_letters.index("B")
    assert first_letters.index("É") < first_letters.index("F")
    assert headings == ordered(headings, "fr")


def test_built_japanese_glossary_is_in_reading_order(site, repo):
    headings = glossary_headings(site, "ja")
    readings = {term.title("ja"): repo.termbase.get(term.id).names["ja"].reading for term in repo.of_kind("term")}
    plain = {re.sub(r"（.*", "", name): reading for name, reading in readings.items()}
    assert len(headings) == len(plain)
    at = {re.sub(r"（.*|\s*\(.*", "", h): i for i, h in enumerate(headings)}
    # kanji names by their reading: 修正前ロール (しゅう…) between ジャンプオーバー and スキャッター
    assert at["ジャンプオーバー"] < at["修正前ロール"] < at["スキャッター"]
    assert at["タッチバック"] < at["着地"] < at["ディストラクテッド"]
    assert at["アーマー値"] < at["アポセカリー"]  # ー reads as the vowel before it
    assert headings == sorted(headings, key=lambda h: sort_key(h, "ja", plain.get(re.sub(r"（.*|\s*\(.*", "", h))))


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_by_name_orders_skills_the_same_as_sort_key(repo, lang):
    skills = sorted(repo.of_kind("skill"), key=by_name(repo, lang))
    names = [s.title(lang) for s in skills]
    assert names == ordered(names, lang)
