"""The loader reports every problem of a bad data folder, each with file, line and field."""
from __future__ import annotations

from pathlib import Path

import pytest

from plugins.data import DataError, load_repository
from plugins.data.yamlio import parse_with_lines

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_broken_fixture_lists_every_problem_with_file_line_and_field():
    with pytest.raises(DataError) as caught:
        load_repository(FIXTURES / "broken-data")
    lines = str(caught.value).splitlines()
    assert lines[0] == "12 problem(s) in tests/fixtures/broken-data/:"
    expected = [
        "tests/fixtures/broken-data/sequences/Bad_Name.yml:1: file name 'Bad_Name' is not a valid slug",
        "tests/fixtures/broken-data/sequences/dup-steps.yml:7: steps[0].text.en: sequence:dup-steps has no anchor "
        "#step-9 (did you mean #step-1?)",
        "tests/fixtures/broken-data/sequences/dup-steps.yml:8: steps[1].key: step key '1' is already used by steps[0]",
        "tests/fixtures/broken-data/skills/bad-skill.yml:2: category: 'sorcery' is not one of: general,",
        "tests/fixtures/broken-data/skills/bad-skill.yml:6: summary.en: raw HTML is not allowed in data text",
        "tests/fixtures/broken-data/skills/bad-skill.yml:6: summary.en: unknown reference 'skill:no-such-skill'",
        "tests/fixtures/broken-data/skills/bad-skill.yml:8: editions[1]: unknown edition 'bb2099'",
        # French typography (summary.fr); the English and Japanese texts, and the auto_use.fr that has its
        # no-break spaces, code, a URL, a time and a glued English name, are not reported
        "tests/fixtures/broken-data/skills/french-spacing.yml:7: summary.fr: a plain space before ':' in "
        "'Ce joueur relance : une seule': French puts a no-break space there (U+00A0, or the narrow U+202F)",
        "tests/fixtures/broken-data/skills/french-spacing.yml:7: summary.fr: a plain space before ';'",
        "tests/fixtures/broken-data/skills/french-spacing.yml:7: summary.fr: a plain space after '«'",
        "tests/fixtures/broken-data/skills/french-spacing.yml:7: summary.fr: no space before '»'",
        "tests/fixtures/broken-data/skills/syntax.yml:2: invalid YAML:",
    ]
    for line, start in zip(lines[1:], expected, strict=True):
        assert line.strip().startswith(start), line


def test_missing_japanese_text_is_a_translation_problem_not_silent():
    with pytest.raises(DataError) as caught:
        load_repository(FIXTURES / "broken-data", allow_missing_translations=False)
    assert any(p.translation and p.field == "summary.ja" for p in caught.value.problems)


def test_fixture_data_loads_and_knows_its_anchors():
    repo = load_repository(FIXTURES / "data")
    assert repo["sequence:pick-up"].anchors() == {"step-1", "step-1a", "step-2"}
    assert "row-high" in repo["table:scatter-d6"].anchors()
    assert repo.translation_problems == []


def test_yaml_lines_and_duplicate_keys():
    value, lines = parse_with_lines("a: 1\nb:\n  - {k: x}\n  - 2\n")
    assert value == {"a": 1, "b": [{"k": "x"}, 2]}
    assert lines[("b", 0, "k")] == 3 and lines[("b", 1)] == 4
    with pytest.raises(ValueError, match="duplicate key 'a'"):
        parse_with_lines("a: 1\na: 2\n")


@pytest.mark.parametrize("text, ok", [
    ("Plain [[skill:block]] text", True),
    ("AG < 3 is fine", True),
    ("<b>bold</b>", False),
    ("<!-- comment -->", False),
    ("[[skill:Block]]", False),
    ("[[skill:block|custom words]] and [[sequence:pass#step-3a]]", True),
])
def test_text_rules(text, ok):
    from plugins.data.text import text_problems

    assert (text_problems(text) == []) is ok


@pytest.mark.parametrize("text, slips", [
    ("Règle\u00a0: oui\u202f; non\u00a0! «\u00a0mot\u00a0» vraiment\u00a0?", 0),
    ("Règle : oui", 1), ("oui ; non", 1), ("non !", 1), ("vraiment ?", 1), ("vraiment\n?", 1),
    ("« mot\u00a0»", 1), ("«\u00a0mot »", 1), ("«mot»", 2),
    ("https://exemple.fr/a?b=1 à 10:30, `x : y`, [lien](https://exemple.fr/?q=1 \"t\")", 0),
    ("[[skill:block]] et [[skill:block|voir\u00a0: ceci]]", 0), ("[[skill:block|voir : ceci]]", 1),
    ("à 10\u202f000 pièces d'or, 1\u202f000\u202f000 po", 0), ("à 10 000 pièces d'or", 1), ("+30\n000 po", 1),
    ("1\u202f000 000 po", 1), ("entre 2 et 100, D6 100, 2D6 ou 3 dés", 0),
])
def test_french_typography(text, slips):
    from plugins.data.text import french_typography_problems

    assert len(french_typography_problems(text)) == slips, french_typography_problems(text)


@pytest.mark.parametrize("text, slips", [
    ("doté d'Arme secrète, jusqu'à onze joueurs, l'Esquive, qu'il, s'il", 0),
    ("le onze de départ, un oui franc, utilisez-la à la place, le haut, de `chainsawTurnover` est", 0),
    ("doté de Arme secrète", 1), ("jusque à la ligne", 1), ("si il le veut", 1), ("De un à trois dés", 1),
    ("combien de\n    arbitres", 1), ("[[skill:block|le Esquive]]", 1), ("la relance de [[skill:dodge]]", 0),
])
def test_french_elisions(text, slips):
    """The data check sees a missing elision; a link without a label is judged on the built page instead."""
    from plugins.data.text import french_elision_problems

    assert len(french_elision_problems(text)) == slips, french_elision_problems(text)


def test_yaml_folding_spaces_are_dropped_between_japanese_characters_only():
    from plugins.data.text import normalize_japanese

    assert normalize_japanese("移動の終わりは、 インターセプトを狙える位置の いずれか") == "移動の終わりは、インターセプトを狙える位置のいずれか"
    assert normalize_japanese("Animosity を持ち。 2以上なら") == "Animosity を持ち。2以上なら"
