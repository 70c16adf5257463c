"""Hostile YAML is refused with its file and line, never expanded or left to a traceback (issue 12, defect 4)."""
from __future__ import annotations

import time

import pytest

from plugins.data import DataError, load_repository
from plugins.data.yamlio import MAX_DEPTH, YamlSyntaxError, parse_with_lines


def bomb(levels: int, width: int = 9) -> str:
    lines = ["l0: &l0 [lol]"] + [f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]" for n in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


CASES = {
    "alias": ("title: x\nother: &a 1\nagain: *a\n", 2, "aliases"),
    "small alias bomb": ("a: 1\n" + bomb(4), 2, "aliases"),
    "self-referencing alias": ("a: 1\nb: &a [*a]\n", 2, "aliases"),
    "complex key": ("a: 1\n? [x, y]\n: 2\n", 2, "plain value"),
    "complex flow key": ("a: 1\nb: {[1]: 2}\n", 2, "plain value"),
    "integer of 5,000 digits": ("a: 1\nb: " + "9" * 5000 + "\n", 2, "as int"),
    "date that does not exist": ("a: 1\nb: 2024-02-31\n", 2, "as timestamp"),
    "deep nesting": ("a: 1\nb: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n", 2, "nesting"),
    "very deep nesting": ("a: 1\nb: " + "[" * 20_000 + "]" * 20_000 + "\n", 2, "nesting"),
}


@pytest.mark.parametrize("name", CASES)
def test_hostile_yaml_is_a_located_error(name):
    text, line, words = CASES[name]
    with pytest.raises(YamlSyntaxError) as caught:
        parse_with_lines(text)
    assert caught.value.line == line and words in str(caught.value)


def test_an_alias_bomb_fails_at_once():
    """3.9e8 values if expanded (before: minutes and gigabytes); refused at its first repeated node."""
    start = time.perf_counter()
    with pytest.raises(YamlSyntaxError):
        parse_with_lines(bomb(9))
    assert time.perf_counter() - start < 5  # generous: it takes well under a millisecond


def test_nesting_the_data_needs_is_fine():
    value, lines = parse_with_lines("a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    assert lines[("a",)] == 1


def test_the_data_check_names_the_file_and_line(tmp_path):
    (tmp_path / "skills").mkdir()
    (tmp_path / "skills" / "bomb.yml").write_text("name: {en: x}\n" + bomb(3), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(tmp_path)
    assert any(p.file.endswith("skills/bomb.yml") and p.line == 2 and "aliases" in p.message
               for p in caught.value.problems), str(caught.value)
