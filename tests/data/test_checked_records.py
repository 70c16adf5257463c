"""`checked` records and ruling readings: every mistake is reported as file:line: field: message.

The bad records are in tests/fixtures/bad-checks/, laid over a copy of the fixture data.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plugins.data import DataError, load_repository

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _bad_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    for path in (FIXTURES / "bad-checks").rglob("*.yml"):
        shutil.copyfile(path, data / path.relative_to(FIXTURES / "bad-checks"))
    return data


def _problems(data: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_repository(data)
    return [str(p).replace(f"{data}/", "") for p in caught.value.problems]


def test_every_bad_record_is_reported_with_file_line_and_field(tmp_path):
    assert _problems(_bad_data(tmp_path)) == [
        "rulings/settled-two-readings.yml:4: status: the positions take 2 readings (as-written, engine): "
        "a ruling whose positions differ cannot be settled (use disputed)",
        "sequences/pick-up-bb2020.yml:10: checked[0].source: source:crp does not cover edition 'bb2020' "
        "(its editions: classic)",
        "skills/sure-hands.yml:12: checked[0].of: skill:sure-hands has no statement 'sumary' (did you mean 'summary'?)",
        "skills/sure-hands.yml:13: checked[1].edition: summary speaks for classic, not 'bb2025'",
        "skills/sure-hands.yml:13: checked[1].source: source:crp does not cover edition 'bb2025' (its editions: classic)",
        "skills/sure-hands.yml:14: checked[2]: a record with verdict 'agrees' says where in the source (`at`)",
        "skills/sure-hands.yml:15: checked[3]: a record with verdict 'differs' says what the source says instead (`note`)",
    ]


def test_a_reading_that_yaml_reads_as_a_boolean_is_reported_not_a_crash(tmp_path):
    data = _bad_data(tmp_path)
    ruling = data / "rulings" / "settled-two-readings.yml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("reading: as-written", "reading: yes"),
                      encoding="utf-8")
    problems = [p for p in _problems(data) if p.startswith("rulings/")]
    assert len(problems) == 1 and problems[0].startswith("rulings/settled-two-readings.yml:6: positions[0].reading: ")


def test_the_fixture_records_are_valid_and_counted(tmp_path):
    from plugins.data.verification import statuses

    repo = load_repository(FIXTURES / "data")
    checked = {(s.statement.id, s.column) for s in statuses(repo) if s.checked}
    assert checked == {("skill:sure-hands#summary", "classic"), ("sequence:pick-up#steps.1", "classic"),
                       ("sequence:pick-up#steps.1a", "classic"),
                       ("ruling:sure-hands-strip-ball#positions.rulebook", "classic"),
                       ("ruling:sure-hands-strip-ball#positions.fumbbl", "classic")}



RULING_WITH_POSITION_EDITIONS = """\
about: [skill:sure-hands]
editions: [classic, bb2016]
question: {en: "Fixture question?", fr: "Question de test\u00a0?", ja: テスト用の論点？}
status: disputed
positions:
  - {body: rulebook, reading: as-written, says: {en: Yes., fr: Oui., ja: はい。}, sources: [{source: crp}]}
  - {body: fumbbl, reading: engine, editions: [EDITIONS], says: {en: No., fr: Non., ja: いいえ。},
     sources: [{source: crp}]}
recommendation: {en: Follow the rulebook., fr: Suivre le livre., ja: ルールブックに従う。}
sources: [{source: crp}]
"""


def test_a_position_speaks_for_its_own_editions_only(tmp_path):
    """A body that answered for one of the ruling's editions: its statement covers that edition alone, and an
    edition outside the ruling's is reported."""
    from plugins.data.verification import statements

    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    ruling = data / "rulings" / "position-editions.yml"
    ruling.write_text(RULING_WITH_POSITION_EDITIONS.replace("EDITIONS", "bb2016"), encoding="utf-8")
    by_of = {s.of: s.editions for s in statements(load_repository(data)["ruling:position-editions"])}
    assert by_of == {"positions.rulebook": ("classic", "bb2016"), "positions.fumbbl": ("bb2016",)}
    ruling.write_text(RULING_WITH_POSITION_EDITIONS.replace("EDITIONS", "bb2020"), encoding="utf-8")
    assert _problems(data) == ["rulings/position-editions.yml:7: positions[1].editions: bb2020 not among the "
                               "ruling's editions (classic, bb2016)"]


STAR_RULE = """\
name: {en: Fixture Rule, fr: Règle de test, ja: Fixture Rule}
stars: [Fixture Star]
summary: {en: A rule., fr: Une règle., ja: ルール。}
editions: [bb2020]
sources: [{source: crp}]
"""

RULING_ABOUT_A_STAR_RULE = """\
about: [star-rule:fixture-rule]
editions: [bb2020]
question: {en: "Fixture question?", fr: "Question de test\u00a0?", ja: テスト用の論点？}
status: settled
positions:
  - {body: designers-commentary, says: {en: Yes., fr: Oui., ja: はい。}, sources: [{source: crp}]}
recommendation: {en: Yes., fr: Oui., ja: はい。}
sources: [{source: crp}]
"""


def test_a_ruling_may_be_about_a_star_rule(tmp_path):
    """Questions on a star player's special rule (the Designer's Commentary has many) are rulings `about` that
    rule; the rule's page lists them like a skill's."""
    from plugins.site.render.context import BackLinks

    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    (data / "star-rules").mkdir()
    (data / "star-rules" / "fixture-rule.yml").write_text(STAR_RULE, encoding="utf-8")
    (data / "rulings" / "star-question.yml").write_text(RULING_ABOUT_A_STAR_RULE, encoding="utf-8")
    repo = load_repository(data)
    assert repo["ruling:star-question"]["about"] == ["star-rule:fixture-rule"]
    assert BackLinks.build(repo).of("star-rule:fixture-rule") == [("ruling:star-question", None)]
