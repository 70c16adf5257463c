"""What the calculator pages say around their forms, in each language: the weather of the passing rolls, the
rules a calculator assumes, its edition, the injury and casualty names, the way to the sequence calculator."""
from __future__ import annotations

import html
import re

import pytest
from calc_pages import PAGES, forms_of, pages  # noqa: F401  (pages: a fixture)


@pytest.mark.parametrize("lang, sunny, rain, other", [
    ("en", "Very Sunny", "Pouring Rain", "Any other weather (no modifier)"),
    ("fr", "Très Ensoleillé", "Averse", "Tout autre temps (aucun modificateur)"),
    ("ja", "眩い日差し", "激しい雨", "その他の天候（修正なし）")])
def test_the_weather_of_the_passing_rolls_is_listed_and_offered_in_each_language(pages, lang, sunny, rain, other):
    """Issue 11: the weather rows of the passing rolls render on the tests pages, and the pass calculator offers
    one weather, named as on the weather table, for the thrower, the receiver and the interceptor."""
    for path, edition in (("targets/agility-classic.md", "classic"), ("rolls/bb2020.md", "bb2020")):
        markdown, _ = pages[(lang, path)]
        sections = {s.split(" {#", 1)[1].split("}", 1)[0]: s for s in markdown.split("\n## ")[1:] if " {#" in s}
        for roll, name in (("pass", sunny), ("throw-team-mate", sunny), ("catch", rain), ("hand-off", rain),
                           ("interception", rain)):
            assert f"\n- −1 {name}" in sections[f"roll-{roll}-{edition}"], (lang, path, roll)
        assert "−1" not in "".join(line for line in sections[f"roll-landing-{edition}"].splitlines()
                                   if line.startswith("- ") and (sunny in line or rain in line))
    markdown, _ = pages[(lang, "sequences/pass-action-bb2020.md")]
    (weather,) = [f for form in forms_of(markdown) if form.kind == "pass" for f in form.fields if "weather" in f["name"]]
    assert weather["name"] == "weather"
    select = markdown.split('<select name="weather">', 1)[1].split("</select>", 1)[0]
    assert [html.unescape(o) for o in re.findall(r">([^<]+)</option>", select)] == [
        other, *(f"{name}（−1）" if lang == "ja" else f"{name} (−1)" for name in (sunny, rain))]  # ja: full-width


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_a_list_of_the_rules_a_calculator_assumes_never_names_one_thing_twice(pages, lang):
    """The Block action and the Block skill share a name in English and French (« Blocage »): the skill says
    so. (Japanese names the skill Block and the action ブロック: nothing to add.)"""
    seen = 0
    for path in PAGES:
        markdown, _ = pages[(lang, path)]
        for listed in re.findall(r'<p class="nc-assumes" markdown>(.*?)</p>', markdown):
            items = [text + note.strip() for text, note in
                     re.findall(r"\[((?:[^\]\\]|\\.)*)\]\([^)]*\)( ?[(（][^)）]*[)）])?", listed)]
            assert len(items) == len(set(items)), (lang, path, items)
            seen += 1
    assert seen >= 8
    block, _ = pages[(lang, "calculators/block.md")]
    skill = {"en": "Block (skill)", "fr": "Blocage (compétence)", "ja": "ブロック、ブリッツ"}[lang]
    assert skill in re.sub(r"\]\([^)]*\)", "", block).replace("[", ""), lang


def test_the_pass_page_states_its_edition_and_links_the_rules_it_assumes(pages):
    markdown, _ = pages[("en", "sequences/pass-action-bb2025.md")]
    section = markdown.split("## Pass calculator", 1)[1].split("## Range ruler", 1)[0]
    assert "Edition: <strong>BB2025</strong>" in section
    assert re.search(r"Rules it assumes: \[[^]]+\]\(\.\./rolls/bb2025\.md#roll-pass-bb2025\)", section)
    chain, _ = pages[("en", "calculators/chain.md")]
    assert '<select name="edition">' in chain and "## The notation {#notation}" in chain
    assert "| `D` | Dodge | `d` Dodge |" in chain


def test_injury_results_are_named_in_the_pages_language(pages):
    # the casualty results were left in English in French and Japanese; the English name stays in brackets,
    # as the rulebooks (English only) and the glossary's edition notes write it
    names = {"fr": {"Badly Hurt": "Commotion (Badly Hurt)", "Seriously Hurt": "Amoché (Seriously Hurt)",
                    "Serious Injury": "Blessure sérieuse (Serious Injury)",
                    "Lasting Injury": "Séquelle durable (Lasting Injury)"},
             "ja": {"Badly Hurt": "軽傷（Badly Hurt）", "Seriously Hurt": "重傷（Seriously Hurt）",
                    "Serious Injury": "深刻な負傷（Serious Injury）", "Lasting Injury": "後遺症（Lasting Injury）"}}
    english = tuple(names["fr"])
    for lang, translated in names.items():
        for path in ("calculators/armour.md", "calculators/foul.md"):
            markdown, _ = pages[(lang, path)]
            labels = [html.unescape(x) for x in re.findall(r'<(?:dt|th scope="row")>(.*?)</', markdown)]
            assert labels, path
            assert not [x for x in labels if x.startswith(english)], (lang, path, labels)
            # the Stunty row of both calculators uses the same name as the casualty table
            stunty = next(x for x in labels if "Stunty" in x or "Minus" in x)
            assert translated["Badly Hurt"] in stunty, stunty
        markdown, _ = pages[(lang, "calculators/armour.md")]
        assert all(f"<th scope=\"row\">{name}</th>" in markdown for name in translated.values()), lang


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_single_roll_calculator_leads_to_the_sequence_calculator(pages, lang):
    """A coach who searched a dodge or a rush lands on an Agility table: the sequence calculator is one tap away."""
    for path, kinds in PAGES.items():
        if "agility" in kinds:
            markdown, _ = pages[(lang, path)]
            after = markdown.split('data-calculator="agility"', 1)[1]
            assert re.search(r"\]\((\.\./)+calculators/chain\.md#calculator\)", after), (lang, path)


#: per language, the labels of the casualty form's apothecary and Regeneration fields
CASUALTY_SAVES = [
    ("en", "The team uses its apothecary on this casualty", "The player has Regeneration"),
    ("fr", "L'équipe utilise son apothicaire pour cette Élimination (Sortie en classique)", "Le joueur a Régénération"),
    ("ja", "このカジュアルティにチームのアポセカリーを使う", "選手が Regeneration を持つ")]


@pytest.mark.parametrize("lang, apothecary, regeneration", CASUALTY_SAVES)
def test_the_casualty_form_offers_the_apothecary_and_regeneration_in_each_language(pages, lang, apothecary, regeneration):
    # issue 19 item 5: what may still save a casualty is a field of the casualty calculator, labelled in the
    # page's language, with the rows of where the player ends
    markdown, _ = pages[(lang, "calculators/casualty.md")]
    (form,) = forms_of(markdown)
    assert {"apothecary", "regeneration", "decay"} <= {f["name"] for f in form.fields}
    text = html.unescape(markdown)
    assert apothecary in text and regeneration in text
    assert 'data-field="after.reserves"' in markdown
