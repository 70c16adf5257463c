"""The extra search terms of plugins/site/search.py, and the separators of mkdocs.yml, config/fr.yml and
config/ja.yml.

The separators are JavaScript regexes run by Material's search worker; Python's `re` reads them the same
way for what is used here (classes, \\s, lookaround), so the splits below are the worker's.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml

from plugins.site.search import (HIDDEN, STOP_WORDS, extend_index, fold, folded_terms, french_terms, number_forms,
                                 NO_WORD_START, SCRIPT_RUN, run_endings)

PROJECT = Path(__file__).resolve().parents[2]


def separator(lang: str) -> re.Pattern:
    path = PROJECT / ("mkdocs.yml" if lang == "en" else f"config/{lang}.yml")
    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    search = next(p["search"] for p in config["plugins"] if isinstance(p, dict) and "search" in p)
    return re.compile(search["separator"])


def split(text: str, sep: re.Pattern) -> list[str]:
    """Material's tokenizer and query parser: the non-empty pieces between separator matches."""
    return [piece for piece in sep.split(text) if piece]


def index(*docs: dict) -> dict:
    return {"config": {"lang": ["fr"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"],
                       "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1e6}}},
            "docs": list(docs)}


# ----------------------------------------------------------------------------------------- terms

def test_fold_drops_accents_and_ligatures():
    assert fold("Règle") == "regle"
    assert fold("Probabilités") == "probabilites"
    assert fold("Œuvre") == "oeuvre"
    assert fold("ça") == "ca"


def test_folded_terms_are_the_latin_words_that_change():
    text = "<p>La règle d'interprétation (série), p.\u00a012 &amp; Jervis</p>"
    assert folded_terms(text) == {"regle", "interpretation", "serie"}
    assert folded_terms("ガード、ブロック、確率") == set()  # no dakuten dropped from kana


@pytest.mark.parametrize("word, forms", [
    ("règle", {"règles"}), ("probabilité", {"probabilités"}), ("passe", {"passes"}),
    ("niveau", {"niveaus", "niveaux"}), ("jeu", {"jeus", "jeux"}),        # -au, -eu, -ou: -x (or -s)
    ("total", {"totals", "totaux"}), ("travail", {"travails", "travaux"}),  # -al, -ail: -aux (or -s)
    ("spéciaux", {"spécial", "spéciail"}), ("totaux", {"total", "totail"}),  # the singulars of -aux
    ("règles", set()), ("dés", set()), ("choix", set()), ("nez", set()),    # a prefix query finds the singular
])
def test_number_forms_are_what_a_prefix_query_cannot_reach(word, forms):
    assert number_forms(word) == forms


def test_french_terms_add_each_word_in_the_other_number_and_without_accents():
    terms = french_terms("<p>La Probabilité d'un total : 2D6, AG.</p>")
    assert {"probabilités", "probabilite", "probabilites", "totaux", "totals"} <= terms
    assert not terms & {"la", "probabilité", "total", "d", "2d6"}  # what the text has is not repeated
    assert not any(term.startswith(("2d6", "ag")) for term in terms)  # codes and short words keep one form
    # every query a reader may type finds a word or a term (Material's prefix match)
    words = {"la", "probabilité", "d", "un", "total", "2d6", "ag"}
    for query in ("probabilites", "probabilités", "probabilite", "totaux", "total"):
        assert any(term.startswith(query) for term in terms | words), query


def test_french_terms_never_repeat_a_word_of_the_text_whatever_the_order():
    """Each word's forms are made before the text's words are taken out: a word of the text stayed when a
    word handled after it made it as a form, so the index changed from one build to the next (set order)."""
    for text in ("jet jets coup coups", "jets jet coups coup", "Les coups et le coup du jet, des jets"):
        terms = french_terms(text)
        assert not terms & {"jet", "jets", "coup", "coups"}, (text, terms)


def test_run_endings_cover_words_inside_longer_runs():
    terms = run_endings("パスアクションまたは成功確率")
    assert {"アクション", "または", "成功確率", "確率"} <= terms
    assert "率" not in terms and "ン" not in terms  # one character: too short
    assert run_endings("数") == set() and run_endings("Blood Bowl") == set()


def test_run_endings_leave_out_what_no_query_reaches():
    """Issue 26, item 11: the Japanese index was 5.1 MB. An ending that starts with a small kana, ー or ン is
    no word's start, and a whole katakana run is a term of the text itself (the separator of config/ja.yml
    cuts at both ends of it): neither is indexed again. Every substring of a run that a word can start with
    still starts a term of the text or of its endings."""
    text = "ダイビングタックルのチェックでは、キャッチャーがボールをキャッチしなかった"
    terms = run_endings(text)
    assert not {"ッチャー", "ャッチャー", "ーがボール", "ングタックル"} & terms
    assert "ダイビングタックル" not in terms and {"タックル", "ビングタックル", "チャー"} <= terms
    assert {"しなかった", "なかった"} <= terms  # hiragana runs keep their whole run
    runs = SCRIPT_RUN.findall(text)
    for run in runs:
        for start in range(len(run)):
            for end in range(start + 2, len(run) + 1):
                query = run[start:end]
                if query[0] in NO_WORD_START:
                    continue
                assert any(term.startswith(query) for term in terms | set(runs)), query


# ----------------------------------------------------------------------------------------- the index

def test_extend_index_adds_hidden_fields_with_the_boosts_of_the_shown_ones():
    doc = {"location": "rules/", "title": "Règles", "text": "<p>Une probabilité.</p>"}
    plain = {"location": "rules/#a", "title": "2D6", "text": "<p>AG 3+, PA 4+</p>"}
    result = extend_index(index(dict(doc), dict(plain)), "fr")
    fields = result["config"]["fields"]
    assert fields[HIDDEN["title"]] == {"boost": 1000.0} and fields[HIDDEN["text"]] == {"boost": 1.0}
    first, second = result["docs"]
    assert first["title"] == doc["title"] and first["text"] == doc["text"]  # what the results show
    assert first[HIDDEN["title"]] == "regles"
    assert first[HIDDEN["text"]] == "probabilite probabilites probabilités unes"
    assert set(second) == set(plain)  # nothing to add


def test_extend_index_is_idempotent_and_leaves_english_alone():
    source = index({"location": "", "title": "Équipe", "text": "<p>ブロックアクション。Règle</p>"})
    once = extend_index(copy.deepcopy(source), "ja")
    assert extend_index(copy.deepcopy(once), "ja") == once
    assert "アクション" in once["docs"][0][HIDDEN["text"]].split()
    assert "regle" in once["docs"][0][HIDDEN["text"]].split()
    assert extend_index(copy.deepcopy(source), "en") == source


# ----------------------------------------------------------------------------------------- separators

def test_japanese_separator_cuts_at_punctuation_and_script_changes():
    sep = separator("ja")
    assert split("ブロックアクションを宣言した選手は、成功確率を振り直しまたはJervisで（2D6）", sep) == [
        "ブロックアクション", "を", "宣言した", "選手は", "成功確率を", "振り", "直しまたは", "Jervis", "で", "2D6"]
    # Queries are cut the same way (振り直し: 振り OR 直し); a kana or kanji word stays whole.
    assert split("振り直し", sep) == ["振り", "直し"]
    for word in ("アクション", "または", "ください", "確率", "ターンオーバー"):
        assert split(word, sep) == [word]


def test_japanese_hidden_terms_are_single_words_for_the_worker():
    sep = separator("ja")
    text = "<p>ブロックアクションを宣言した選手は、成功確率を振り直しまたは「ターンオーバー」になります。</p>"
    terms = extend_index(index({"location": "", "title": "パスアクション", "text": text}), "ja")["docs"][0]
    for field in HIDDEN.values():
        for term in terms[field].split(" "):
            assert split(term, sep) == [term], term
    # Each of these is a token of the text (found with a highlight) or the start of a hidden term.
    for query in ("アクション", "または", "確率", "ターンオーバー", "選手", "宣言"):
        tokens = split(re.sub(r"<[^>]*>", " ", text), sep) + terms[HIDDEN["text"]].split(" ")
        assert any(token.startswith(query) for token in tokens), query


def test_french_separator_splits_elisions_and_punctuation():
    sep = separator("fr")
    assert split("d'interprétation (série) « règle », l’équipe : p.\u00a012 ; 2,5", sep) == [
        "interprétation", "série", "règle", "équipe", "p", "12", "2,5"]
    # an elision is a separator with its apostrophe; a lone apostrophe is not (Material's query lexer tests
    # one character at a time, so « d'armure » reaches the split whole and loses its « d' »)
    assert split("jet d'armure, qu’il, aujourd'hui", sep) == ["jet", "armure", "il", "aujourd'hui"]
    assert not sep.fullmatch("'") and not sep.fullmatch("’")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_stop_words_are_separators_so_they_leave_queries(lang):
    """Material splits each query word with the separator: a stop word is no query word (« de » would match
    every word in de…). The one-letter French ones leave as elisions (d', l', s')."""
    sep = separator(lang)
    elisions = {"d", "l", "s"} if lang == "fr" else set()
    for word in STOP_WORDS[lang]:
        for typed in (word, word.capitalize(), word.upper()):
            if word in elisions:
                assert split(typed + "'arbitre", sep) == ["arbitre"], typed
            else:
                assert split(typed, sep) == [], typed
    if lang == "fr":
        assert split("zone de tacle", sep) == ["zone", "tacle"]
        assert split("Pot-de-vin, dés de blocage", sep) == ["Pot", "vin", "dés", "blocage"]
        assert split("mettre le paquet, relance d'équipe, d'un", sep) == ["mettre", "paquet", "relance", "équipe"]
        # only whole words: the words they start stay whole
        for word in ("dé", "dés", "dextérité", "Leader", "lancer", "enfin", "aujourd'hui", "où", "unique", "D6"):
            assert split(word, sep) == [word]
    else:
        assert split("go for it", sep) == ["go"] and split("Line of Scrimmage", sep) == ["Line", "Scrimmage"]
        assert split("in the end zone, on a pass", sep) == ["end", "zone,", "pass"]
        for word in ("injury", "interception", "Animosity", "touchdown", "Theft", "one", "it's", "A1", "orc"):
            assert split(word, sep) == [word]


# ----------------------------------------------------------------------------------------- the real site

@pytest.mark.slow
def test_built_indexes(site):
    def load(prefix: str) -> dict:
        return json.loads((site.dir / prefix / "search" / "search_index.json").read_text(encoding="utf-8"))

    english, french, japanese = load(""), load("fr"), load("ja")
    folds = english["config"].pop("folds")
    assert english["config"] == {"lang": ["en"], "separator": separator("en").pattern, "pipeline": ["stopWordFilter"],
                                 "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0},
                                            "tags": {"boost": 1000000.0}, "alias_terms": {"boost": 10000.0},
                                            "name_terms": {"boost": 2000.0}, "mention_terms": {"boost": 1.0},
                                            "title_terms": {"boost": 1000.0}, "text_terms": {"boost": 1.0}}}
    block_action = next(doc for doc in english["docs"] if doc["location"] == "sequences/block-action-bb2020/")
    assert {"block", "action"} <= set(block_action["name_terms"].split())  # found by its name (issue 19)
    # English gets no extra word forms: its hidden fields hold only the folded words' tokens (reroll)
    assert {t for doc in english["docs"] for field in HIDDEN.values() for t in doc.get(field, "").split()} == {"reroll"}
    assert folds["terms"]["rr"] == folds["terms"]["re-roll"] == "reroll"
    assert french["config"]["folds"] == japanese["config"]["folds"] == folds
    ruling = next(doc for doc in english["docs"] if doc["location"] == "rulings/dodge-skill-and-team-re-roll/")
    assert "reroll" in ruling["title_terms"].split() and {"Dodge", "Re-roll", "ドッジ"} <= set(ruling["about"])
    assert japanese["config"]["lang"] == ["en"] and japanese["config"]["pipeline"] == []
    for built in (french, japanese):
        assert set(HIDDEN.values()) <= set(built["config"]["fields"])
    assert any("regle" in doc.get(HIDDEN["text"], "").split() for doc in french["docs"])
    assert any("または" in doc.get(HIDDEN["text"], "").split() for doc in japanese["docs"])
    # a Japanese ruling that writes "Diving Tackle" is found by the katakana too, at the text's weight (issue 26)
    ruling = next(doc for doc in japanese["docs"] if doc["location"] == "rulings/take-root-diving-tackle/")
    assert "ダイビングタックル" in ruling["mention_terms"].split()
    assert japanese["config"]["fields"]["mention_terms"] == japanese["config"]["fields"]["text"]
    # each document carries the editions of what it shows, for the edition picker; a page of all editions none
    editions = {doc["location"]: doc.get("editions") for doc in english["docs"]}
    assert editions["sequences/stab-bb2020/"] == "bb2020" and editions["sequences/stab-bb2020/#steps"] == "bb2020"
    assert editions[""] is None


# ----------------------------------------------------------------------------------------- termbase aliases

def test_url_of_is_materials_location():
    from plugins.site.search import url_of
    assert url_of("glossary.md") == "glossary/" and url_of("skills/agility.md") == "skills/agility/"
    assert url_of("index.md") == "" and url_of("rulings/index.md") == "rulings/"


def test_alias_locations_come_from_the_termbase(repo):
    from plugins.site.search import alias_locations
    en, fr, ja = (alias_locations(repo, lang) for lang in ("en", "fr", "ja"))
    assert {"reroll", "rerolls", "RR"} <= en["glossary/#term-re-roll"]
    assert {"GFI", "go for it"} <= en["glossary/#term-rush"]
    assert {"Both Down", "Les deux plaqués", "Push Back"} <= fr["glossary/#term-block-dice"]
    assert {"Diving Tackle", "Tacle plongeant"} <= fr["skills/agility/#skill-diving-tackle"]
    assert "ダイビングタックル" in ja["skills/agility/#skill-diving-tackle"]
    assert "gabarit" in fr["glossary/#term-random-direction-template"]
    assert "雨" in ja["tables/weather-bb2020/#row-pouring-rain"]  # a table row: its own section (row_sections)
    assert not any("#row-" in location and "Pouring Rain" in words for location, words in en.items())
    # a player's roll, by its name, at its section (where its calculator is)
    assert fr["rolls/bb2020/#roll-dodge-bb2020"] == {"Test d'esquive"}
    assert "Jet d'esquive" in fr["targets/agility-classic/#roll-dodge-classic"]
    assert ja["rolls/bb2025/#roll-dodge-bb2025"] == {"ドッジテスト"}


def test_row_titles_come_from_the_termbase(repo):
    from plugins.site.search import row_titles
    en, fr = row_titles(repo, "en"), row_titles(repo, "fr")
    assert en["tables/weather-bb2020/#row-pouring-rain"] == "Pouring Rain"
    assert fr["tables/weather-bb2020/#row-pouring-rain"] == "Averse"
    assert en["tables/kick-off-bb2020/#row-blitz"] == "Blitz"


def test_add_row_sections_gives_each_row_a_section_after_its_page(tmp_path):
    from plugins.site.search import add_row_sections
    page = tmp_path / "tables" / "weather" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text('<table><thead><tr><th>Roll</th><th>Result</th><th>Effect</th></tr></thead><tbody>\n'
                    '<tr>\n<td><a class="nc-key" id="row-nice" href="#row-nice">2–10</a></td>\n<td>Nice</td>\n'
                    '<td>No effect.</td>\n</tr>\n<tr class="x">\n<td><a class="nc-key" id="row-pouring-rain" '
                    'href="#row-pouring-rain">11</a></td>\n<td>Pouring Rain</td>\n<td><span title="1/18">5.6%</span>'
                    '</td>\n<td>Catch &amp; pick-up: <a href="../../glossary/#term-catch">−1</a>.</td>\n</tr>\n'
                    '</tbody></table>', encoding="utf-8")
    docs = [{"location": "tables/weather/", "title": "Weather", "text": "Roll Result Effect 2–10 Nice …"},
            {"location": "tables/weather/#notes", "title": "Notes", "text": ""},
            {"location": "glossary/", "title": "Glossary", "text": ""}]
    titles = {"tables/weather/#row-pouring-rain": "Pouring Rain", "tables/weather/#row-nice": "Nice",
              "tables/gone/#row-x": "X"}  # a page not in the index: nothing
    result = add_row_sections(index(*docs), tmp_path, titles)
    assert [doc["location"] for doc in result["docs"]] == [
        "tables/weather/", "tables/weather/#row-nice", "tables/weather/#row-pouring-rain", "tables/weather/#notes",
        "glossary/"]  # the page's entry first (Material's rule), the rows in the table's order
    assert result["docs"][2] == {"location": "tables/weather/#row-pouring-rain", "title": "Pouring Rain",
                                 "text": "11 5.6% Catch &amp; pick-up: −1."}  # the other cells, as text
    assert add_row_sections(copy.deepcopy(result), tmp_path, titles) == result


def test_add_aliases_boosts_them_above_titles_on_the_entry_only():
    from plugins.site.search import ALIASES, add_aliases
    docs = [{"location": "glossary/", "title": "Glossary", "text": ""},
            {"location": "glossary/#term-re-roll", "title": "Relance", "text": "<p>Relancer un dé.</p>"},
            {"location": "glossary/#term-team-re-roll", "title": "Relance d'équipe", "text": ""},
            {"location": "tables/weather/", "title": "Météo", "text": ""}]
    result = add_aliases(index(*docs), "fr", {"glossary/#term-re-roll": {"RR", "relances"},
                                              "glossary/#term-team-re-roll": {"relance d'équipe"},
                                              "tables/weather/#row-pouring-rain": {"pluie battante"}})
    assert result["config"]["fields"][ALIASES] == {"boost": 10000.0}
    by = {doc["location"]: doc.get(ALIASES) for doc in result["docs"]}
    assert by["glossary/"] is None
    assert set(by["glossary/#term-re-roll"].split()) >= {"rr", "relances"}
    # a multi-word alias: its words without articles, in both numbers, but « relances » stays Re-roll's own
    # (« relance* » would otherwise count twice there and rank Re-roll first for « relance d'équipe »)
    assert set(by["glossary/#term-team-re-roll"].split()) == {"relance", "équipe", "equipe", "équipes", "equipes"}
    assert set(by["tables/weather/"].split()) >= {"pluie", "battante"}  # no section for a row: its page
    assert add_aliases(copy.deepcopy(result), "fr", {"glossary/#term-re-roll": {"RR", "relances"},
                                                     "glossary/#term-team-re-roll": {"relance d'équipe"},
                                                     "tables/weather/#row-pouring-rain": {"pluie battante"}}) == result


# ----------------------------------------------------------------------------------------- one word for one thing

def test_the_re_roll_variants_fold_to_one_token_in_every_language(repo):
    """Issue 26, item 9: reroll, re-roll, RR, « relance(s) », リロール and 振り直し are one word for search: each
    section that writes one holds the token `reroll`, and the table goes to search-adapter.js."""
    from plugins.site.search import add_folds, fold_table
    table = fold_table(repo)
    assert {table[v] for v in ("reroll", "re-roll", "rerolls", "rr", "relance", "relances", "リロール", "振り直し")} == {"reroll"}
    assert "relance d'équipe" not in table and "relancer" not in table
    index = {"config": {"fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}}}, "docs": [
        {"location": "a/", "title": "Dodge and RR", "text": ""},
        {"location": "b/", "title": "x", "text": "<p>la relance de la compétence ; relancer</p>"},
        {"location": "c/", "title": "スキルのリロールも失敗", "text": "チームリロールを使えます"},
        {"location": "d/", "title": "Error", "text": "a pre-rolled die, an errant arrow, relancer"},
    ]}
    add_folds(index, table)
    docs = {doc["location"]: doc for doc in index["docs"]}
    assert docs["a/"]["title_terms"] == "reroll" and docs["b/"]["text_terms"] == "reroll"
    assert docs["c/"]["title_terms"] == "reroll" and "text_terms" not in docs["c/"]  # チームリロール is a name of its own
    assert "title_terms" not in docs["d/"] and "text_terms" not in docs["d/"]
    assert index["config"]["fields"]["title_terms"] == {"boost": 1000.0}
    assert index["config"]["folds"]["terms"] == table
    assert add_folds(copy.deepcopy(index), table) == index  # running it again gives the same index
