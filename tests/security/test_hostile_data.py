"""Hostile data texts cannot run in a page (issue 12, defects 1 and 2).

A payload is planted in every text (every language of every {en, fr, ja} map) and every free string of a
copy of the fixture data, the fixture site is built strictly, and every built page is scanned: no element
has an `on*` attribute, no URL is javascript:, vbscript: or data:, no tag from the payload is left.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile import build_fixture, copy_fixture, plant, plant_everywhere, scan_site  # noqa: E402

from plugins.data import DataError, load_repository  # noqa: E402
from plugins.data.text import text_problems  # noqa: E402
from plugins.site.sanitize import sanitize  # noqa: E402

# Accepted by the data check (no tag, no attribute list, no link): HTML-special characters, and markup
# written as character references, which must stay text wherever a text is shown (titles, menus, badges).
TEXT_PAYLOAD = (' Q&A "dq" \'sq\' &lt;img src=x onerror=alert(1)&gt; &#60;svg onload=alert(2)&#62; '
                '&lt;/title&gt;&lt;img src=x onerror=alert(5)&gt; 1<2 x>y')
# Free strings (publisher, page labels, sections…) are not Markdown: the check takes anything.
STRING_PAYLOAD = ' <x:y autofocus onfocus=alert(3)>s</x:y> <img src=x onerror=alert(4)> "\'><svg onload=alert(6)>'
# What the data check refuses; planted with the check switched off, the sanitiser must still hold.
HOSTILE_MARKDOWN = [
    '**x**{: autofocus onfocus="alert(7)" }',
    "<x:y autofocus onfocus=alert(8)>t</x:y>",
    "[j](javascript:alert(9))",
    "[r][jr]\n\n[jr]: javascript:alert(10)\n",
    "![i](javascript:alert(11))",
    "![d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxMik8L3NjcmlwdD4=)",
    "<img src=x onerror=alert(13)>",
    "<a href=\"java&#115;cript:alert(14)\">e</a>",
    "<svg><a xlink:href=\"javascript:alert(15)\"><text>s</text></a></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(16)>",
]


@pytest.mark.parametrize("markdown", HOSTILE_MARKDOWN)
def test_the_data_check_refuses_markup_that_could_run(markdown):
    assert text_problems(markdown), markdown


def test_the_data_check_reports_it_with_file_line_and_field(tmp_path):
    config, data = copy_fixture(tmp_path)
    skill = data / "skills" / "sure-hands.yml"
    fields = yaml.safe_load(skill.read_text(encoding="utf-8"))
    fields["summary"]["en"] = "**x**{: onfocus='alert(1)' }"
    skill.write_text(yaml.safe_dump(fields, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(data)
    assert any(p.file.endswith("skills/sure-hands.yml") and p.line > 1 and p.field == "summary.en"
               and "attribute lists" in p.message for p in caught.value.problems), str(caught.value)


@pytest.mark.parametrize("markdown", HOSTILE_MARKDOWN)
def test_the_sanitiser_leaves_nothing_that_runs(markdown):
    import markdown as md
    from hostile import live_payloads

    html = md.markdown(markdown, extensions=["attr_list", "md_in_html", "tables", "def_list"])
    assert not live_payloads(sanitize(html)), sanitize(html)


def test_payloads_in_every_field_are_inert_in_every_page(tmp_path):
    """With the data check on: markup written as references in every text, raw markup in every free string."""
    config, data = copy_fixture(tmp_path)
    changed = plant_everywhere(data, TEXT_PAYLOAD, STRING_PAYLOAD)
    assert changed > 100
    out = build_fixture(config, tmp_path / "out")
    assert scan_site(out) == {}
    page = (out / "sequences" / "pick-up" / "index.html").read_text(encoding="utf-8")
    assert "&lt;img src=x onerror=alert(1)&gt;" in page  # shown as text, not dropped


def test_markup_the_check_misses_is_removed_by_the_sanitiser(tmp_path, monkeypatch):
    """Defence in depth: with the data check's text and link rules switched off (in the loader and in the
    open-data export), every text carries every hostile Markdown input, and still nothing in any page can
    run."""
    import plugins.data.checks as checks
    import plugins.data.export as export
    import plugins.data.schema as schema
    import plugins.data.termbase as termbase

    monkeypatch.setattr(schema, "text_problems", lambda text: [])
    monkeypatch.setattr(checks, "link_problems", lambda text: [])  # the same rule on other strings
    monkeypatch.setattr(export, "_refuse_unchecked_links", lambda repo: None)  # and on the open data
    monkeypatch.setattr(schema, "french_typography_problems", lambda text: [])
    monkeypatch.setattr(schema, "japanese_typography_problems", lambda text: [])  # « alert(7) »: ASCII brackets
    # the same payload in every name gives every entry the same search aliases: not what is tested here
    monkeypatch.setattr(termbase, "_check_clashes", lambda base, report, clash: None)
    config, data = copy_fixture(tmp_path)
    plant(data, " " + " ".join(m.replace("\n", " ") for m in HOSTILE_MARKDOWN), None)
    out = build_fixture(config, tmp_path / "out", strict=False)  # the payload breaks anchors: not the point
    assert scan_site(out) == {}


def test_a_tag_with_a_colon_and_no_closing_tag_is_refused():
    assert text_problems("a <x:y autofocus onfocus=alert(1)> b")


SHORT = '<x:y autofocus onfocus="alert(1)">B"20'


@pytest.fixture
def hostile_short(tmp_path):
    """The fixture repository with a BB2020 `short` label that is markup (as a free-form data string)."""
    from plugins.site.messages import Messages
    from plugins.site.render.context import BackLinks, PageContext

    config, data = copy_fixture(tmp_path)
    repo = load_repository(data)
    for lang in ("en", "fr", "ja"):
        repo["edition:bb2020"].data["short"][lang] = SHORT
    return repo, PageContext(repo, "en", Messages("en"), "skills/general.md", BackLinks.build(repo))


def test_edition_badges_write_the_short_label_as_text(hostile_short):
    repo, ctx = hostile_short
    badges = ctx.badges(["bb2020"])
    assert "<x:y" not in badges and "&lt;x:y" in badges and 'B"20' not in badges


def test_not_in_this_edition_notes_write_the_short_label_as_text(hostile_short):
    from plugins.site.render.editions import absent_notes

    repo, ctx = hostile_short
    skill = next(e for e in repo.of_kind("skill") if "bb2020" not in ctx.editions.marks(e.editions))
    notes = "\n".join(absent_notes(ctx, skill))
    assert "bb2020" in notes and "<x:y" not in notes and "&lt;x:y" in notes


def test_menu_titles_are_text(tmp_path):
    from plugins.site.messages import Messages
    from plugins.site.navigation import build_nav
    from plugins.site.pagemap import generated_pages

    config, data = copy_fixture(tmp_path)
    repo = load_repository(data)
    repo["table:scatter-d6"].data["title"]["en"] = "Scatter &lt;/title&gt; <x:y onfocus=alert(1)>"
    nav = repr(build_nav(repo, generated_pages(repo), Messages("en")))
    assert "<x:y" not in nav and "&lt;x:y" in nav


def test_a_title_that_decodes_to_a_closing_title_tag_stays_in_the_title():
    """Material writes `{{ page.title | striptags }}`, which decodes references: `&lt;/title&gt;` in a data
    title became a real </title> followed by markup in <head>. The page shell writes the title with
    `html_title` (overrides/main.html, filter nc_title) instead."""
    from plugins.site.spaces import html_title

    out = html_title("X &lt;/title&gt;&lt;img src=x onerror=alert(1)&gt; Q&amp;A")
    assert out == "X &lt;/title&gt;&lt;img src=x onerror=alert(1)&gt; Q&amp;A"
