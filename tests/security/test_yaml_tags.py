"""YAML tags are refused with the line an editor shows (issue 24, item 6).

`!!python/object/apply:os.system [ls]` used to load as the plain list `["ls"]`, silently. Data files are
plain YAML: every tag (`!!python/…`, `!foo`, `!!str`, `!`) is refused, as `file:line`. The line is the
one an editor shows: U+2028, U+2029 and U+0085 inside a text are not line breaks there, though YAML
counts them.
"""
from __future__ import annotations

import pytest

from plugins.data import DataError, load_repository
from plugins.data.yamlio import YamlSyntaxError, parse_with_lines

TAGGED = {
    "python object apply on a list": "a: 1\nb: !!python/object/apply:os.system [ls]\n",
    "python object apply on a map": "a: 1\nb: !!python/object/apply:os.system {args: [ls]}\n",
    "python name": "a: 1\nb: !!python/name:os.system\n",
    "local tag on a map": "a: 1\nb: !foo {x: 1}\n",
    "local tag on a list": "a: 1\nb: !foo\n  - x\n",
    "local tag on a scalar": "a: 1\nb: !foo 3\n",
    "explicit standard tag": "a: 1\nb: !!str hello\n",
    "explicit set": "a: 1\nb: !!set {x, y}\n",
    "non-specific tag": "a: 1\nb: ! 12\n",
    "verbatim tag": "a: 1\nb: !<tag:yaml.org,2002:str> x\n",
    "tag on a key": "a: 1\n!!str b: x\n",
    "tag in a list item": "a: 1\nb:\n- !!binary aGk=\n",
}


@pytest.mark.parametrize("name", TAGGED)
def test_every_tag_is_refused_with_its_line(name):
    with pytest.raises(YamlSyntaxError) as caught:
        parse_with_lines(TAGGED[name])
    assert caught.value.line == (3 if name == "tag in a list item" else 2), name
    assert "tag" in str(caught.value)


def test_a_bang_in_a_text_is_not_a_tag():
    value, _ = parse_with_lines("a: \"Timmm-ber!\"\nb: Go! Now!\nc: |\n  !important\n")
    assert value == {"a": "Timmm-ber!", "b": "Go! Now!", "c": "!important\n"}


SEPARATORS = {"line separator": "\u2028", "paragraph separator": "\u2029", "next line": "\u0085"}


@pytest.mark.parametrize("name", SEPARATORS)
def test_lines_are_counted_as_an_editor_counts_them(name):
    """A quoted text holding U+2028 (or U+2029, U+0085) is one line in an editor: the field after it is on
    line 3, and a tag after it is reported on line 4 (YAML's own count said 4 and 5)."""
    sep = SEPARATORS[name]
    text = f'a: 1\nb: "one{sep}two"\nc: 3\nd: !!python/object/apply:os.system [ls]\n'
    with pytest.raises(YamlSyntaxError) as caught:
        parse_with_lines(text)
    assert caught.value.line == 4
    _, lines = parse_with_lines(text.replace("!!python/object/apply:os.system ", ""))
    assert lines[("c",)] == 3 and lines[("d",)] == 4


def test_syntax_errors_use_the_editor_line_too():
    with pytest.raises(YamlSyntaxError) as caught:
        parse_with_lines('a: "one\u2028two"\nb: [1\nc: 2\n')
    assert caught.value.line in (2, 3)  # libyaml points at the unclosed list's line or the one after
    assert caught.value.line < 4


def test_windows_line_ends_count_once():
    _, lines = parse_with_lines("a: 1\r\nb: 2\r\nc: 3\r\n")
    assert lines[("c",)] == 3


def test_the_data_check_names_the_file_and_line_of_a_tag(tmp_path):
    (tmp_path / "skills").mkdir()
    (tmp_path / "skills" / "tagged.yml").write_text(
        'name: {en: "Tagged\u2028skill"}\ncategory: general\nsummary: !!python/object/apply:os.system [ls]\n',
        encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(tmp_path)
    assert any(p.file.endswith("skills/tagged.yml") and p.line == 3 and "tag" in p.message
               for p in caught.value.problems), str(caught.value)
