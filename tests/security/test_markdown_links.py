"""Links in data text are checked on the Markdown parser's output (issue 24, item 3).

A `javascript:` reference definition inside a blockquote, inside a list item or with its destination on
the next line passed the data check (a regular expression on the source) and reached the open data
(`api/v1/*.json`). Every form below is a link once rendered with the site's Markdown configuration; each
must be refused with file:line:field, and the open data must publish only text that passed the check.
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile import copy_fixture  # noqa: E402

from plugins.data import DataError, load_repository  # noqa: E402
from plugins.data.links import rendered_urls  # noqa: E402
from plugins.data.text import text_problems  # noqa: E402

# The forms the earlier check missed (the findings first).
MISSED_FORMS = {
    "definition in a blockquote": "> Read [the rule][r].\n>\n> [r]: javascript:alert(1)\n",
    "definition in a list item": "- Read [the rule][r].\n\n    [r]: javascript:alert(1)\n",
    "definition in a tight list item": "- Read [the rule][r].\n  [r]: javascript:alert(1)\n",
    "destination on the next line": "Read [the rule][r].\n\n[r]:\n  javascript:alert(1)\n",
    "definition in an admonition": "!!! note\n    Read [the rule][r].\n\n    [r]: javascript:alert(1)\n",
    "definition used by another text": "Nothing links here.\n\n[r]: javascript:alert(1)\n",
    "definition indented three spaces": "Read [the rule][r].\n\n   [r]:   javascript:alert(1)\n",
    "collapsed reference in a table": "| a |\n|---|\n| [r][] |\n\n[r]: javascript:alert(1)\n",
    "scheme-relative URL": "Read [the rule](//evil.example/x).\n",
    "backslash scheme-relative URL": "Read [the rule](/\\evil.example/x).\n",
    "plain http": "Read [the rule](http://example.org/).\n",
}

# A grid of the ways to hide a scheme, in the containers Markdown offers (the fuzz suite's link cases).
SCHEMES = ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#115;cript:alert(1)", "java&#9;script:alert(1)",
           "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=", "mailto:x@example.org",
           "&#106;avascript:alert(1)"]
FORMS = {
    "inline": "see [it]({url})",
    "inline in angle brackets": "see [it](<{url}>)",
    "inline with a title": 'see [it]({url} "t")',
    "image": "see ![it]({url})",
    "reference": "see [it][x]\n\n[x]: {url}\n",
    "reference in angle brackets with a title": 'see [it][x]\n\n[x]: <{url}> "t"\n',
    "reference on the next line": "see [it][x]\n\n[x]:\n    {url}\n",
}
CONTAINERS = {
    "paragraph": lambda text: text,
    "blockquote": lambda text: "\n".join("> " + line if line else ">" for line in text.split("\n")),
    "list item": lambda text: "- " + text.replace("\n", "\n    "),
    "nested list in a quote": lambda text: "> - " + text.replace("\n", "\n>   "),
}
GRID = list(itertools.product(SCHEMES, FORMS, CONTAINERS))


@pytest.mark.parametrize("name", MISSED_FORMS)
def test_a_link_the_regex_missed_is_refused(name):
    assert any("not allowed" in p for p in text_problems(MISSED_FORMS[name])), name


@pytest.mark.parametrize("scheme, form, container", GRID, ids=["-".join(c) for c in GRID])
def test_no_scheme_but_https_passes_in_any_form(scheme, form, container):
    text = CONTAINERS[container](FORMS[form].format(url=scheme))
    assert any("not allowed" in p for p in text_problems(text)), text


@pytest.mark.parametrize("text", [
    "Plain text with no link, a bracket-free sentence: Timmm-ber!",
    "See [the rules](https://www.example.org/rules) and [[skill:block|Block]].",
    "See [the next step](#step-2), [the page](../sequences/pick-up/) or [this](page.html?x=1).",
    "See [the rule][r].\n\n> [r]: https://www.example.org/\n",
    "Footnote-like [1] and [a] [b] with no definition.",
    "A time 10:30 and a ratio 2:1 are not links.",
])
def test_relative_and_https_links_pass(text):
    assert text_problems(text) == []


def test_the_check_reads_the_site_markdown_configuration():
    """An admonition only makes a block (where a definition hides) with the site's `admonition` extension."""
    assert rendered_urls("!!! note\n    [r]\n\n    [r]: javascript:alert(1)\n") == ["javascript:alert(1)"] * 2


def _write(file: Path, edit) -> None:
    fields = yaml.safe_load(file.read_text(encoding="utf-8"))
    edit(fields)
    file.write_text(yaml.safe_dump(fields, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_data_check_reports_file_line_and_field(tmp_path, lang):
    _, data = copy_fixture(tmp_path)
    skill = data / "skills" / "sure-hands.yml"
    _write(skill, lambda f: f["summary"].__setitem__(lang, MISSED_FORMS["definition in a blockquote"]))
    lines = skill.read_text(encoding="utf-8").splitlines()
    summary = next(i for i, text in enumerate(lines) if text.startswith("summary:"))
    line = next(i for i, text in enumerate(lines[summary:], summary + 1) if text.strip().startswith(f"{lang}:"))
    with pytest.raises(DataError) as caught:
        load_repository(data)
    found = [p for p in caught.value.problems if p.field == f"summary.{lang}" and "javascript:" in p.message]
    assert found and found[0].file.endswith("skills/sure-hands.yml") and found[0].line == line, str(caught.value)


def test_a_free_string_with_a_javascript_link_is_refused(tmp_path):
    """Strings that are not {en, fr, ja} texts (a publisher, a section) are published in the open data too."""
    _, data = copy_fixture(tmp_path)
    _write(data / "sources" / "crp.yml", lambda f: f.__setitem__("publisher", "GW\n\n> [r]\n>\n> [r]: javascript:alert(1)"))
    with pytest.raises(DataError) as caught:
        load_repository(data)
    assert any(p.file.endswith("sources/crp.yml") and p.field == "publisher" and "javascript:" in p.message
               for p in caught.value.problems), str(caught.value)


def test_the_open_data_publishes_only_checked_text(tmp_path, monkeypatch):
    """Defence in depth: with the data check's link rule switched off, the open data export refuses the text
    rather than ship the link to every consumer."""
    import plugins.data.checks as checks
    import plugins.data.schema as schema
    from plugins.data.export import open_data_files

    monkeypatch.setattr(schema, "text_problems", lambda text: [])
    monkeypatch.setattr(checks, "link_problems", lambda text: [], raising=False)
    _, data = copy_fixture(tmp_path)
    payload = MISSED_FORMS["definition in a list item"]
    _write(data / "skills" / "sure-hands.yml", lambda f: f["summary"].__setitem__("en", payload))
    repo = load_repository(data)
    with pytest.raises(ValueError, match=r"sure-hands\.yml:\d+: summary\.en: .*javascript:"):
        open_data_files(repo)
