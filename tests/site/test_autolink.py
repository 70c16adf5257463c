"""First use of a glossary term on a page becomes a link; protected Markdown is never touched."""
from __future__ import annotations

from plugins.data.model import Entity
from plugins.site.autolink import link_first_uses, surface_forms, term_index


def term(slug, en, fr, ja, matches=None):
    data = {"name": {"en": en, "fr": fr, "ja": ja}}
    if matches:
        data["matches"] = matches
    return Entity("term", slug, f"data/glossary/{slug}.yml", data)


TERMS = [term("tackle-zone", "Tackle Zone (TZ)", "Zone de Tacle (ZdT)", "タックルゾーン"),
         term("catch", "Catch", "Réception", "キャッチ"),
         term("turnover", "Turnover", "Turnover", "ターンオーバー")]


def run(markdown, lang, page="sequences/x.md"):
    return link_first_uses(markdown, page, term_index(TERMS, lang), "glossary.md")


def test_surface_forms_split_names_and_abbreviations():
    assert surface_forms(TERMS[0], "en") == ["Tackle Zone", "TZ"]
    assert surface_forms(TERMS[0], "fr") == ["Zone de Tacle", "ZdT"]


def test_only_the_first_use_is_linked_in_english():
    out = run("A Turnover ends it. Another Turnover.\n\nIn a TZ or a Tackle Zone.", "en")
    assert out.count("[Turnover](../glossary.md#term-turnover)") == 1
    assert "[TZ](../glossary.md#term-tackle-zone)" in out and "a Tackle Zone." in out


def test_protected_markdown_is_left_alone():
    source = "# Turnover\n\n[Catch](x.md) `Catch` <span title=\"Catch\">x</span>\n\nThen a Catch."
    out = run(source, "en")
    assert out.startswith("# Turnover\n\n[Catch](x.md) `Catch` <span title=\"Catch\">x</span>")
    assert out.endswith("Then a [Catch](../glossary.md#term-catch).")


def test_a_link_whose_text_holds_brackets_is_left_alone():
    """A source titled "[LRB6] Catch, Turnover…" is a link's text: a term inside it is not linked (a link
    in a link showed as raw Markdown on the verification page)."""
    source = "See [Forum thread “[LRB6] Catch and Turnover”](../sources.md#s) (2015)."
    assert run(source, "en") == source


def test_french_ignores_case_but_keeps_the_writing():
    assert "[zone de tacle](../glossary.md#term-tackle-zone)" in run("Dans une zone de tacle adverse.", "fr")


def test_japanese_does_not_link_inside_a_longer_katakana_word():
    out = run("ダイビングキャッチを使う。その後キャッチする。", "ja")
    assert out == "ダイビングキャッチを使う。その後[キャッチ](../glossary.md#term-catch)する。"


def test_the_glossary_page_itself_is_not_linked():
    assert run("Turnover", "en", page="glossary.md") == "Turnover"


def test_words_inside_a_capitalised_name_are_not_linked():
    terms = [term("weather", "Weather", "Météo", "天候")]
    patterns = term_index(terms, "en")
    assert link_first_uses("Roll Changing Weather, then Weather again.", "x.md", patterns, "glossary.md") == \
        "Roll Changing Weather, then [Weather](glossary.md#term-weather) again."
    fr = term_index(terms, "fr")
    assert link_first_uses("La Météo Capricieuse change la météo.", "x.md", fr, "glossary.md") == \
        "La Météo Capricieuse change la [météo](glossary.md#term-weather)."
    assert link_first_uses("Weather changes. Weather rolls.", "x.md", patterns, "glossary.md").startswith("[Weather]")


def test_raw_html_lines_are_left_alone():
    source = '<select name="action"><option value="catch">Catch roll</option></select>\nA Catch.'
    out = run(source, "en")
    assert out.splitlines()[0] == '<select name="action"><option value="catch">Catch roll</option></select>'
    assert out.endswith("A [Catch](../glossary.md#term-catch).")


PASS = [term("pass", "Pass", "Passe", "パス")]


def run_fr_pass(markdown):
    return link_first_uses(markdown, "sequences/x.md", term_index(PASS, "fr"), "glossary.md")


def test_the_french_verb_passe_is_not_linked_to_the_pass_entry():
    """Review 2, finding 4: « se passe » (step 5b of the block sequence) and « il passe » (a move) were linked
    to the glossary's « Passe »: the verb is not the noun."""
    for sentence in ("Si les deux ont Blocage, il ne se passe rien.",
                     "Quand il passe sur un joueur à Terre, rien.",
                     "Ce qui se passe ensuite.",
                     "Le ballon passe au-dessus.",
                     "Passe-t-il ? Passe."):
        assert run_fr_pass(sentence) == sentence


def test_the_french_noun_passe_is_still_linked():
    link = "(../glossary.md#term-pass)"
    for sentence, linked in (("Il tente une passe vers la zone.", "[passe]"),
                             ("Après la passe, le tour continue.", "[passe]"),
                             ("Le jet de passe est raté.", "[passe]"),
                             ("Son action de Passe commence.", "[Passe]"),
                             ("Le début d'une passe.", "[passe]"),
                             ("Le joueur peut gagner Passe.", "[Passe]")):
        assert f"{linked}{link}" in run_fr_pass(sentence), sentence


def test_a_verb_use_does_not_take_the_first_link_of_the_page():
    out = run_fr_pass("Rien ne se passe.\n\nPuis une passe longue.")
    assert out == "Rien ne se passe.\n\nPuis une [passe](../glossary.md#term-pass) longue."


def test_form_index_finds_whole_names_as_the_rulings_filter_needs():
    """One index serves the glossary links and the rulings filter (render/rulings.py, `named_skills`): French in
    any case (« rate une esquive » names Esquive, issue 26 item 9), Japanese not inside a longer word of the
    same script, Latin letters included ("Dodge" is not the end of "StepMoveDodge")."""
    from plugins.site.autolink import form_index

    dodge = Entity("skill", "dodge", "data/skills/dodge.yml", {"name": {"en": "Dodge"}})
    fr = form_index({"Esquive": dodge, "Dodge": dodge}, "fr")
    assert [fr.term_of(m.group(0)).id for m in fr.pattern.finditer("Il rate une esquive ; Esquiver non")] == ["skill:dodge"]
    ja = form_index({"ドッジ": dodge, "Dodge": dodge}, "ja")
    assert [m.group(0) for m in ja.pattern.finditer("Dodge を持つ選手がドッジに失敗。StepMoveDodge、ドッジロール")] == ["Dodge", "ドッジ"]
    en = form_index({"Dodge": dodge}, "en")
    assert [m.group(0) for m in en.pattern.finditer("Dodge, a dodge")] == ["Dodge"]
