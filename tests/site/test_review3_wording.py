"""Review 3's wording defects, read on the built pages where the reviewer found them (French and Japanese at
360 px; the text is the same at any width) and, where the defect breaks a rule of docs/writing-policy.md, in
the data: D5 (three French names for Casualty, field labels that read like target numbers), D7 (English left in
French, French spacing inside English names), D12 (a position answering another question), D13 (code cited as
a page number), D14 (the BB2025 kick-off table "adds" a result BB2020 already had), D15 (nested Japanese
brackets).
"""
from __future__ import annotations

import re

import pytest

from tests.site.test_french_typography import BLOCK_BREAK, visible_text

pytestmark = pytest.mark.slow

LANG_ROOT = {"en": "", "fr": "fr", "ja": "ja"}


def page_text(site, lang: str, path: str) -> str:
    """The text a reader sees on the built page `path` (e.g. "calculators/casualty") in `lang`, blocks on lines."""
    html = (site.dir / LANG_ROOT[lang] / path / "index.html").read_text(encoding="utf-8")
    return re.sub(r"\s*\n\s*", "\n", visible_text(html).replace(BLOCK_BREAK, "\n"))


# ------------------------------------------------------------------------------ D5: Casualty in French, field labels

def test_d5_french_casualty_page_names_casualty_by_the_policy(site):
    text = page_text(site, "fr", "calculators/casualty")
    assert "blessure grave" not in text.lower() and "blessures graves" not in text.lower()
    # the default edition is BB2025 (Élimination); the apothecary label serves every edition, so it names both
    apothecary = next(line for line in text.splitlines() if "apothicaire pour" in line)
    assert "Élimination" in apothecary and "Sortie" in apothecary, apothecary
    assert "une Lasting Injury" not in text
    assert "Séquelle durable fait ensuite lancer" in text


@pytest.mark.parametrize("lang, skill", [("fr", "Régénération"), ("ja", "Regeneration"), ("en", "Regeneration")])
def test_d5_the_skill_fields_say_the_player_has_the_skill_not_a_target(site, lang, skill):
    text = page_text(site, lang, "calculators/casualty")
    assert not re.search(r"(Cible|対象|Target)\s*[:：]\s*" + skill, text)
    said = {"fr": "Le joueur a Régénération", "ja": "選手が Regeneration を持つ", "en": "The player has Regeneration"}
    assert said[lang] in text


def test_d5_the_terminology_check_refuses_blessure_grave_for_casualty(repo):
    from plugins.data.terminology import rules, scan
    found = [f for _, f, _ in scan("Le jet de blessure grave, puis deux blessures graves.", "fr",
                                   rules(repo.termbase, "fr"))]
    assert found == ["blessure grave", "blessures graves"]


# ------------------------------------------------------------------------------ D7: English left in French

def test_d7_prayers_bb2020_row_2_gives_the_french_name_of_the_argue_the_call_result(site, repo):
    text = page_text(site, "fr", "tables/prayers-to-nuffle-bb2020")
    assert "I Don't Care" not in text
    row = next(r for r in repo["table:argue-the-call-bb2020"]["rows"] if "Care" in r["name"]["en"])
    french = row["name"]["fr"].split(" (")[0]  # « Je m'en fiche ! », without the English gloss
    assert french in text


def test_d7_english_names_keep_their_english_punctuation_in_french(site, repo):
    """Policy: a name kept in English (a star rule, Timmm-ber!) is the English original, punctuation included."""
    for entity in [*repo.of_kind("star-rule"), *repo.of_kind("skill")]:
        name = entity["name"]
        if name["fr"].replace("\u00a0", "").replace("\u202f", "").replace(" ", "") == name["en"].replace(" ", ""):
            assert name["fr"] == name["en"], (entity.id, name["fr"])
    text = page_text(site, "fr", "skills/star-rules")
    assert "Kaboom!" in text and "Blast It!" in text
    assert not re.search(r"(Kaboom|Blast It|Yoink|Watch Out)[\u00a0\u202f ][!?]", text)


def test_d7_no_bare_english_glosses_in_french_labels(site):
    casualty = page_text(site, "fr", "calculators/casualty")
    assert "(Niggling)" not in casualty
    scatter = page_text(site, "fr", "calculators/scatter")
    assert "(scatter)" not in scatter


# ------------------------------------------------------------------------------ D13: code cited as a page

@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("path", ["rulings/chainsaw-foul", "rulings/grab-blitz"])
def test_d13_a_code_location_is_not_printed_as_a_page_number(site, lang, path):
    text = page_text(site, lang, path)
    assert not re.search(r"\bp\.\s*[A-Za-z]", text), re.search(r".{40}\bp\.\s*[A-Za-z].{20}", text)
    assert not re.search(r"[A-Za-z]\s*ページ", text), re.search(r".{40}[A-Za-z]\s*ページ", text)
    assert re.search(r"\bp\.\s*\d|\d+\s*ページ", text)  # page numbers are still pages


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_d13_a_code_location_is_cited_as_code(site, lang):
    html = (site.dir / LANG_ROOT[lang] / "rulings/chainsaw-foul/index.html").read_text(encoding="utf-8")
    assert re.search(r"<code>[^<]*StepInitFouling[^<]*</code>", html)


@pytest.mark.parametrize("lang, expected", [
    ("en", ["p. 126 & 128", "code: `bb2025 StepPickUp`", "section “Skill Use”"]),
    ("fr", ["p.\u00a0126 et 128", "code\u00a0: `bb2025 StepPickUp`", "section «\u00a0Skill Use\u00a0»"]),
    ("ja", ["126・128ページ", "コード：`bb2025 StepPickUp`", "「Skill Use」の項"])])  # review 5 F6: « et », 「・」
def test_d13_each_kind_of_place_in_a_source_is_labelled_as_what_it_is(repo, lang, expected):
    from plugins.site.messages import Messages
    from plugins.site.render.context import BackLinks, PageContext

    ctx = PageContext(repo, lang, Messages(lang), "rulings/grab-blitz.md", BackLinks.build(repo))
    cited = ctx.citations([{"source": "bb2025-rulebook", "page": "126 & 128"},
                           {"source": "fumbbl-ffb", "page": "bb2025 StepPickUp"},
                           {"source": "bb2025-rulebook", "page": "Skill Use"}])
    for label in expected:
        assert label in cited, (label, cited)


# ------------------------------------------------------------------------------ D14: the BB2025 kick-off table

@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_d14_bb2025_kick_off_intro_says_which_bb2020_results_were_replaced(site, repo, lang):
    text = page_text(site, lang, "tables/kick-off-bb2025")
    intro = next(line for line in text.splitlines() if "2D6" in line)
    for wrong in ("brings two new results", "ajoute deux résultats", "新しい結果として"):
        assert wrong not in intro
    bb2020 = {row["roll"]: row["name"][lang] for row in repo["table:kick-off-bb2020"]["rows"] if "roll" in row}
    assert bb2020[10] in intro and bb2020[11] in intro, intro


# ------------------------------------------------------------------------------ D15: nested brackets in Japanese

@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_d15_ja_pre_game_has_no_nested_brackets(site, edition):
    text = page_text(site, "ja", f"sequences/pre-game-{edition}")
    nested = re.findall(r"（[^（）\n]*（[^（）\n]*）[^（）\n]*）", text)
    assert nested == []
    assert "インデュースメント" in text


# ------------------------------------------------------------------------------ D12: a position on another question

@pytest.mark.parametrize("lang, assists", [("en", "assists"), ("fr", "soutiens"), ("ja", "アシスト")])
def test_d12_chainsaw_foul_keeps_only_positions_on_its_question(site, repo, lang, assists):
    text = page_text(site, lang, "rulings/chainsaw-foul")
    assert assists not in text.lower()
    ruling = repo["ruling:chainsaw-foul"]
    assert all(p["body"] != "designers-commentary" for p in ruling["positions"])
    assert all(not c["of"].startswith("positions.designers-commentary") for c in ruling.get("checked", []))
