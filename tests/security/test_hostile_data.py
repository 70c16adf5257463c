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
    """Defence in depth: with the data check's text rule switched off, every text carries every hostile
    Markdown input, and still nothing in any page can run."""
    import plugins.data.schema as schema

    monkeypatch.setattr(schema, "text_problems", lambda text: [])
    monkeypatch.setattr(schema, "french_typography_problems", lambda text: [])
    config, data = copy_fixture(tmp_path)
    plant(data, " " + " ".join(m.replace("\n", " ") for m in HOSTILE_MARKDOWN), None)
    out = build_fixture(config, tmp_path / "out", strict=False)  # the payload breaks anchors: not the point
    assert scan_site(out) == {}
