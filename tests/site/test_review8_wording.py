"""Review 6's leftovers (/work/notes/review6/findings.md; issue 22), read on the pages the site generates, in the
reviewer's language: a see-also list that named « Blocage » twice (F5), and the forms that no longer appear.
The renderers' Markdown is read without a build (the `render_page` fixture), so these run with the fast tests.
"""
from __future__ import annotations

import re

import pytest

from plugins.site.messages import Messages
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.seealso import see_also_links

SEE_ALSO = {"en": "See also:", "fr": "Voir aussi\u00a0:", "ja": "関連項目："}
# a link and the bracket after it, if any: « [Blocage](…) (compétence) », 「[ブロック](…)（スキル）」
SHOWN = re.compile(r"\[([^\]]+)\]\([^)]*\)((?: \([^)]*\)|（[^）]*）)?)")


def see_also_lines(markdown: str, lang: str) -> list[str]:
    return [line for line in markdown.splitlines() if line.startswith(SEE_ALSO[lang])]


def shown_names(line: str) -> list[str]:
    """The names a reader sees in a see-also line, each with its bracket."""
    return [name + aside for name, aside in SHOWN.findall(line)]


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("page", ["glossary.md", "skills/general.md", "skills/agility.md", "skills/star-rules.md"])
def test_f5_a_see_also_list_never_shows_a_name_twice(render_page, lang, page):
    lines = see_also_lines(render_page(lang, page), lang)
    assert lines, f"no see-also line on {page}: the test reads nothing"
    for line in lines:
        names = shown_names(line)
        assert len(names) == len(set(names)), line


def test_f5_the_block_dice_entry_tells_the_action_from_the_skill(render_page):
    """« Voir aussi : Blocage, Blocage, Esquive » on /fr/glossary/ (data/glossary/block-dice.yml)."""
    line = next(line for line in see_also_lines(render_page("fr", "glossary.md"), "fr") if "skill-block" in line)
    assert shown_names(line) == ["Blocage (glossaire)", "Blocage (compétence)", "Esquive"]
    line = next(line for line in see_also_lines(render_page("ja", "glossary.md"), "ja") if "skill-block" in line)
    assert shown_names(line) == ["ブロック", "Block", "Dodge"]  # two names already: no bracket needed


def test_f5_a_target_listed_twice_is_shown_once(repo):
    ctx = PageContext(repo, "fr", Messages("fr"), "glossary.md", BackLinks.build(repo))
    links = see_also_links(ctx, ["skill:dodge", "term:block", "skill:dodge", "skill:block"])
    assert [shown_names(link)[0] for link in links] == ["Esquive", "Blocage (glossaire)", "Blocage (compétence)"]


# ------------------------------------------------------------------------------ J2, J6: Japanese, every generated page

def shown_markdown(markdown: str) -> str:
    """The Markdown as its reader sees the words: link targets dropped, brackets of link text dropped."""
    return re.sub(r"\]\([^)\s]*\)", "", markdown).replace("[", "")


@pytest.fixture(scope="module")
def japanese_pages(repo, render_page):
    from plugins.site.pagemap import generated_pages

    return {path: shown_markdown(render_page("ja", path)) for path in generated_pages(repo)}


def test_j2_a_page_number_is_written_one_way(japanese_pages):
    """「、132 ページ」 from the source lines (1,339) against 「（132ページ）」 in the notes (293): now 「132ページ」."""
    spaced = {path: re.findall(r".{20}\d ページ", text) for path, text in japanese_pages.items()}
    assert not {path: found for path, found in spaced.items() if found}
    cited = japanese_pages["sequences/leap-bb2025.md"]
    assert re.search(r"出典：</span>[^\n]*、130ページ", cited), "the source line names its page"


def test_j6_no_bracket_closes_twice(japanese_pages):
    """「…どの順で解決するか（127ページ））」 (a note in brackets inside the citation's) and 「（ブリッツアクション
    （クラシック））」 (a link whose title ends in an edition, in brackets): 249 on 110 pages."""
    doubled = {path: re.findall(r".{30}））", text) for path, text in japanese_pages.items()}
    assert not {path: found for path, found in doubled.items() if found}


def test_j6_a_citation_note_keeps_its_words_without_the_repeated_page(japanese_pages):
    text = japanese_pages["sequences/leap-bb2025.md"]
    assert "Shadowing はどの順で解決するか）" in text  # the note, without 「（127ページ）」 after its citation's 127ページ
    assert "天候の日本語名、atwiki bble" in japanese_pages["tables/weather-classic.md"]


def test_j6_a_step_number_keeps_its_space_and_a_characteristic_too(japanese_pages):
    """「手順 4bとパスアクション（クラシック）の手順 5aaを参照」 (/ja/skills/passing/) and 「必要値：選手のAG。」."""
    assert "パスアクション（クラシック）の手順 4b と手順 5aa を参照してください" in japanese_pages["skills/passing.md"]
    glued = {path: re.findall(r"手順 \d+[a-z]+[ぁ-んァ-ヺ一-龥]", text) for path, text in japanese_pages.items()}
    assert not {path: found for path, found in glued.items() if found}
    assert "選手のAG" not in japanese_pages["comparisons/index.md"] and "選手の AG" in japanese_pages["comparisons/index.md"]


def test_j2_sources_are_parted_by_a_slash_since_each_holds_a_comma(japanese_pages):
    """「出典：ルールブック（BB2025）、129 ページ、BB2025 エラッタ…、122 ページ、Jervis…」 was hard to parse."""
    line = next(line for line in japanese_pages["sequences/leap-bb2025.md"].splitlines() if "出典：" in line)
    assert "ページ／" in line and not re.search(r"ページ、[^、／]*、\d+ページ", line), line


def test_j1_j2_the_cited_as_label_takes_no_space_and_its_page_no_space_either(japanese_pages):
    """「引用表記： BB2016 ルールブック N ページ」 on /ja/sources/ (33): the label is in emphasis, which hid its 「：」
    from the no-space rule, as the span of 「出典：」 did (review 6 J1)."""
    text = japanese_pages["sources.md"]
    assert "*引用表記：*BB2016 ルールブック Nページ" in text
    assert not re.search(r"引用表記：\*? ", text) and not re.search(r"[\dN] ページ", text)
