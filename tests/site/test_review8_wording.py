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
