"""Page rendering from fixture data: localized links, anchors, back-links, escaping."""
from __future__ import annotations

import re

from pathlib import Path

import pytest

from plugins.data import load_repository
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(scope="module")
def fixture_repo():
    return load_repository(FIXTURES / "data")


def render(repo, lang, path):
    ctx = PageContext(repo, lang, Messages(lang), path, BackLinks.build(repo))
    return generated_pages(repo)[path](ctx), ctx


@pytest.mark.parametrize("lang, name", [("en", "Sure Hands"), ("fr", "Prise sûre"), ("ja", "Sure Hands")])
def test_reference_becomes_a_localized_relative_link(fixture_repo, lang, name):
    markdown, _ = render(fixture_repo, lang, "sequences/pick-up.md")
    assert f"[{name}](../skills/general.md#skill-sure-hands)" in markdown


def test_step_anchors_are_the_same_in_every_language(fixture_repo):
    anchors = set()
    for lang in ("en", "fr", "ja"):
        markdown, _ = render(fixture_repo, lang, "sequences/pick-up.md")
        found = {a for a in ("step-1", "step-1a", "step-2") if f'id="{a}"' in markdown}
        anchors.add(frozenset(found))
    assert anchors == {frozenset({"step-1", "step-1a", "step-2"})}


def test_skill_links_back_to_the_step_where_it_acts_and_to_its_rulings(fixture_repo):
    markdown, _ = render(fixture_repo, "fr", "skills/general.md")
    assert "(../sequences/pick-up.md#step-1a)" in markdown
    assert "Ramassage, étape 1a" in markdown
    assert "(../rulings/sure-hands-strip-ball.md)" in markdown  # each ruling has a page of its own


def test_disputed_ruling_shows_every_body_side_by_side(fixture_repo):
    """The matrix has a page of its own (the index is the list), linked from the index under its old id."""
    index, _ = render(fixture_repo, "en", "rulings/index.md")
    assert "](who-plays-it-how.md){: #who-plays-it-how }" in index
    assert "<table" not in index
    table, _ = render(fixture_repo, "en", "rulings/who-plays-it-how.md")
    assert '<th scope="col">Rulebook as written</th>' in table and '<th scope="col">FUMBBL</th>' in table
    assert ('<td markdown="span">Yes. [↗](sure-hands-strip-ball.md)</td>'
            '<td markdown="span">No. [↗](sure-hands-strip-ball.md)</td>') in table


def test_each_ruling_has_its_own_page_and_the_index_keeps_the_old_anchor(fixture_repo):
    """Rulings were sections of rulings/ (#ruling-<slug>): the index's list keeps that id on its link to
    the ruling's own page, where the ruling is told in full; the link carries the names of what the ruling
    is about in every language, which the filter box matches."""
    index, _ = render(fixture_repo, "en", "rulings/index.md")
    link = re.search(r'\[Fixture question\?\]\(sure-hands-strip-ball\.md\)'
                     r'\{: #ruling-sure-hands-strip-ball \.nc-moved data-names="([^"]*)" \}', index)
    assert link, index
    # and the names of what it is about in every language, for the filter box (review 2, item 1)
    assert "Sure Hands" in link[1] and "Prise sûre" in link[1], link[1]
    assert "What this site recommends" not in index
    page, _ = render(fixture_repo, "ja", "rulings/sure-hands-strip-ball.md")
    assert page.startswith("# ")
    assert "[Sure Hands](../skills/general.md#skill-sure-hands)" in page
    assert "(index.md#all-rulings)" in page


def test_an_edition_no_ruling_is_for_gets_a_notice_with_the_nearest_edition(fixture_repo):
    """The fixture's one ruling is classic: choosing BB2020 or BB2025 would empty the index, so each has a
    notice (shown only while chosen) offering classic, the nearest edition that has rulings, and "all"."""
    index, _ = render(fixture_repo, "fr", "rulings/index.md")
    notices = [line for line in index.splitlines() if "nc-edition-empty" in line]
    assert [n.split('data-edition-only="')[1].split('"')[0] for n in notices] == ["bb2020", "bb2025"]
    for notice in notices:
        assert "Aucune décision de cette page ne concerne l'édition" in notice
        assert 'data-nc-choose="classic"' in notice and "data-nc-show-all" in notice
    assert 'data-edition-only="classic"' not in index


def test_ui_strings_are_translated(fixture_repo):
    for lang in ("fr", "ja"):
        for path in generated_pages(fixture_repo):
            _, ctx = render(fixture_repo, lang, path)
            assert ctx.t.missing == set(), (lang, path)


def test_percent_is_locale_formatted():
    from fractions import Fraction

    assert Messages("en").percent(Fraction(35, 36)) == "97.2%"
    assert Messages("fr").percent(Fraction(35, 36)).replace("\u202f", " ").replace("\u00a0", " ") == "97,2 %"


def test_catalogs_cover_every_extracted_string():
    from babel.messages.pofile import read_po

    locale = Path(__file__).resolve().parents[2] / "plugins" / "locale"
    with open(locale / "messages.pot", "rb") as handle:
        ids = {m.id for m in read_po(handle) if m.id}
    for lang in ("fr", "ja"):
        with open(locale / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
            done = {m.id for m in read_po(handle) if m.id and m.string}
        assert ids - done == set(), lang


def test_pot_is_up_to_date():
    """Every t("…") in the code is in messages.pot (run `make messages` after adding UI strings)."""
    from babel.messages.pofile import read_po

    from plugins.site.extract import extract_t

    root = Path(__file__).resolve().parents[2]
    found = set()
    for path in (root / "plugins").rglob("*.py"):
        with open(path, "rb") as handle:
            found |= {message for _, _, message, _ in extract_t(handle, None, None, None)}
    with open(root / "plugins" / "locale" / "messages.pot", "rb") as handle:
        ids = {m.id for m in read_po(handle) if m.id}
    assert found - ids == set()


def test_comparison_has_one_linked_tab_per_edition_and_a_difference_table(fixture_repo):
    markdown, _ = render(fixture_repo, "fr", "comparisons/pick-up.md")
    assert '=== "Classique"' in markdown and '=== "BB2020"' in markdown
    assert "| Point | Classique | BB2020 |" in markdown
    assert 'id="row-modifier"' in markdown
    # each tab's step keys link to the anchored step on the sequence page
    assert "[1a](../sequences/pick-up.md#step-1a)" in markdown


def test_sequence_page_links_to_its_comparison(fixture_repo):
    markdown, _ = render(fixture_repo, "en", "sequences/pick-up.md")
    assert "(../comparisons/pick-up.md)" in markdown


def test_edition_tests_page_has_a_calculator_built_from_the_resolver_fields(fixture_repo):
    markdown, _ = render(fixture_repo, "ja", "rolls/bb2020.md")
    assert 'data-calculator="agility"' in markdown and '<select name="pa">' in markdown
    assert '<option value="3" selected>3+</option>' in markdown
    assert "AGテストと PAテスト（BB2020）" in markdown


def test_kick_off_page_draws_the_resolver_landing_map_on_the_pitch(fixture_repo):
    from fractions import Fraction

    from calculators.api import handle

    markdown, _ = render(fixture_repo, "fr", "sequences/pick-up-bb2020.md")
    assert markdown.count('data-square="') == 2 * 26 * 15
    expected = handle({"kind": "kick", "edition": "bb2020", "target": [19, 7]})["result"]["landing"]
    some = next(item for item in expected if item["square"] != "out")
    x, y = some["square"]
    assert f'data-square="{x},{y}" data-p="{Fraction(some["p"]["exact"])}"' in markdown
    assert "Où retombe le coup d'envoi" in markdown


def test_calculator_runtime_urls_are_relative_to_the_page_url_not_the_markdown_file():
    from plugins.site.render.targets import site_root_from

    assert site_root_from("targets/agility-classic.md", "en") == "../../"
    assert site_root_from("targets/agility-classic.md", "fr") == "../../../"
    assert site_root_from("rulings/index.md", "ja") == "../../"
    assert site_root_from("index.md", "en") == ""


# ----------------------------------------------------------------------------------------- no-break spaces

def test_text_on_one_line_collapses_ascii_whitespace_only():
    from plugins.data.text import squeeze

    assert squeeze(" Règle\u00a0:  oui\n\tnon\u202f;\u3000fin \n") == "Règle\u00a0: oui non\u202f;\u3000fin"


def test_french_no_break_spaces_survive_headings_links_and_table_cells(fixture_repo):
    """The fixture ruling's French question ("…\u00a0?") is a heading and a link label (ctx.plain), and its
    rulebook position ("Oui\u00a0: …") a cell of the matrix (ctx.text inline) and a card's text."""
    markdown, _ = render(fixture_repo, "fr", "rulings/index.md")
    assert "[Question de test\u00a0?](sure-hands-strip-ball.md)" in markdown
    assert "Question de test ?" not in markdown
    markdown, _ = render(fixture_repo, "fr", "rulings/who-plays-it-how.md")
    assert "<td markdown=\"span\">Oui\u00a0: tel qu'écrit. [↗](sure-hands-strip-ball.md)</td>" in markdown
    assert "Question de test ?" not in markdown and "Oui :" not in markdown
    page, _ = render(fixture_repo, "fr", "rulings/sure-hands-strip-ball.md")
    assert page.startswith("# Question de test\u00a0?\n")
    assert "\nOui\u00a0: tel qu'écrit.\n" in page  # in its card
    assert "Question de test ?" not in page and "Oui :" not in page


def test_titles_collapsed_by_mkdocs_get_their_no_break_spaces_back():
    from types import SimpleNamespace

    from mkdocs.structure.toc import AnchorLink

    from plugins.site.spaces import html_title, restore, restore_titles

    assert restore("Règle : oui", "Règle\u00a0: oui") == "Règle\u00a0: oui"
    assert restore("Autre titre", "Règle\u00a0: oui") == "Autre titre"  # not made from that text: kept
    content = ('<h1 id="regle">Règle\u00a0: <em>oui</em><a class="headerlink" href="#regle">¶</a></h1>\n'
               '<h2 id="q">Vraiment\u202f?<a class="headerlink" href="#q">¶</a></h2>\n'
               '<h2 id="other">Sans espace<a class="headerlink" href="#other">¶</a></h2>')
    top = AnchorLink("Règle : oui", "regle", 1)
    top.children = [AnchorLink("Vraiment ?", "q", 2), AnchorLink("Sans espace", "other", 2)]
    page = SimpleNamespace(toc=[top], title="Règle : oui")
    restore_titles(content, page)
    assert [top.title, *(c.title for c in top.children)] == ["Règle\u00a0: oui", "Vraiment\u202f?", "Sans espace"]
    assert page.title == "Règle\u00a0: oui"
    assert html_title(page.title) == "Règle\u00a0: oui"  # the <title> of overrides/main.html
    assert html_title("<em>Règle</em>\u00a0: <code>a &amp; b</code>") == "Règle\u00a0: a &amp; b"


# ----------------------------------------------------------------------------------------- skill names

def test_skill_names_in_other_languages_are_each_shown_once_with_their_languages(repo):
    """On the French page, On the Ball is the English and the Japanese name: one name, two labels (it
    used to read "On the Ball · On the Ball")."""
    markdown, _ = render(repo, "fr", f"skills/{repo['skill:on-the-ball']['category']}.md")
    section = markdown.split("{#skill-on-the-ball}", 1)[1].split("\n## ", 1)[0]
    assert "On the Ball · On the Ball" not in section
    assert ('<span class="nc-other-name" lang="en"><abbr class="nc-lang" title="English">EN</abbr> '
            '<abbr class="nc-lang" title="日本語">JA</abbr> On the Ball</span>') in section
    markdown, _ = render(repo, "ja", "skills/agility.md")
    section = markdown.split("{#skill-leap}", 1)[1].split("\n## ", 1)[0]
    assert ('<abbr class="nc-lang" title="English">EN</abbr> Leap</span> · <span class="nc-other-name" lang="fr">'
            '<abbr class="nc-lang" title="Français">FR</abbr> Saut</span>') in section


def test_skills_kept_in_english_show_their_katakana(repo):
    """A skill shows the katakana of the termbase (its glossary twin's Japanese name, or its own
    `ja.katakana`): after its name in the Japanese heading (Leap（リープ）), in the names line elsewhere. The
    skill keeps its name; others get nothing."""
    with_reading = {}
    for skill in repo.of_kind("skill"):
        katakana = repo.termbase.get(skill.id).names["ja"].katakana
        if katakana and katakana != skill["name"]["ja"]:
            with_reading[skill.slug] = katakana
    assert with_reading["leap"] == "リープ" and with_reading["diving-tackle"] == "ダイビングタックル"
    assert len(with_reading) >= 40
    for lang in ("en", "fr", "ja"):
        pages = {}
        for skill in repo.of_kind("skill"):
            path = f"skills/{skill['category']}.md"
            markdown = pages.get(path) or pages.setdefault(path, render(repo, lang, path)[0])
            heading = next(line for line in markdown.splitlines() if line.endswith(f"{{#skill-{skill.slug}}}"))
            section = markdown.split(heading, 1)[1].split("\n## ", 1)[0]
            reading = with_reading.get(skill.slug)
            if lang == "ja":
                assert heading == f"## {skill['name']['ja']}" + (f"（{reading}）" if reading else "") + \
                    f" {{#skill-{skill.slug}}}"
            assert ("nc-reading" in section) == (reading is not None and lang != "ja"), (lang, skill.slug)
            if reading and lang != "ja":
                assert f'<span lang="ja">{reading}</span>' in section
    assert repo["skill:leap"]["name"]["ja"] == "Leap" and repo["term:leap"]["name"]["ja"] == "リープ"
