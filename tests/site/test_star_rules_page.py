"""The page of star players' special rules (skills/star-rules.md), rendered from the real data in the three
languages: no site build here."""
from __future__ import annotations

import re

import markdown
import pytest

from plugins.site.locate import SHARED_PAGE, anchor_of, page_of
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext

LANGS = ("en", "fr", "ja")
PAGE = SHARED_PAGE["star-rule"]


def render(repo, lang: str) -> tuple[str, Messages]:
    t = Messages(lang)
    ctx = PageContext(repo, lang, t, PAGE, BackLinks.build(repo))
    return generated_pages(repo)[PAGE](ctx), t


def test_star_rules_have_entries(repo):
    assert repo.of_kind("star-rule"), "data/star-rules/ holds no entry"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_its_heading_and_anchor(repo, lang):
    text, t = render(repo, lang)
    assert not t.missing, f"untranslated UI strings: {sorted(t.missing)}"
    # each rule collapsed to its name, a level-2 heading in the <summary> of its <details>, which has the anchor
    headings = dict(re.findall(r'^<details class="nc-star-rule" markdown>\n<summary id="([a-z0-9-]+)">'
                               r'<span class="nc-star-rule-name" role="heading" aria-level="2">(.+?)</span>',
                               text, re.M))
    for rule in repo.of_kind("star-rule"):
        assert page_of(rule) == PAGE and anchor_of(rule) == f"star-rule-{rule.slug}"
        assert headings.get(f"star-rule-{rule.slug}") == rule["name"][lang], rule.id
        for star in rule["stars"]:
            assert star in text, (rule.id, star)


@pytest.mark.parametrize("lang", LANGS)
def test_each_section_shows_its_edition_badges_and_notes(repo, lang):
    text, _ = render(repo, lang)
    html = markdown.markdown(text, extensions=["attr_list", "md_in_html", "tables"])
    for rule in repo.of_kind("star-rule"):
        start = html.index(f'id="star-rule-{rule.slug}"')
        end = html.find("<details", start)
        section = html[start:end if end > 0 else len(html)]
        for edition in rule.editions:
            assert f"nc-edition-{edition}" in section, (rule.id, edition)
        for edition in rule.get("edition_notes") or {}:
            assert "nc-edition-notes" in section, (rule.id, edition)


def test_a_reference_links_to_the_rule_section(repo):
    rule = repo.of_kind("star-rule")[0]
    t = Messages("en")
    ctx = PageContext(repo, "en", t, "skills/index.md", BackLinks.build(repo))
    assert ctx.link(rule).endswith(f"(star-rules.md#star-rule-{rule.slug})")


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_is_in_the_skills_menu(menu_section, lang):
    assert PAGE in menu_section(lang, "Skills")


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_lists_the_rulings_about_it(repo, lang):
    """A ruling `about` a star rule (a Designer's Commentary question) is linked from the rule's section, as a
    skill's section links its rulings."""
    text, t = render(repo, lang)
    rulings = [r for r in repo.of_kind("ruling") if any(a.startswith("star-rule:") for a in r["about"])]
    assert rulings, "no ruling is about a star rule"
    sections = dict(re.findall(r'<summary id="(star-rule-[a-z0-9-]+)">(.*?)</details>', text, re.S))
    for ruling in rulings:
        for about in (a for a in ruling["about"] if a.startswith("star-rule:")):
            section = sections[f"star-rule-{about.split(':', 1)[1]}"]
            assert t("Rulings") in section and f"rulings/{ruling.slug}" in section, (about, ruling.id)
