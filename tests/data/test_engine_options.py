"""Engine options (data/engine-options/): each names the ruling it switches or says why it is not a rules
question, never both and never neither; its engine is an engine source; its `switches` statement is checked.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plugins.data import DataError, load_repository
from plugins.data.verification import statements

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

ENGINE = """title: {en: Engine, fr: Moteur, ja: エンジン}
kind: engine
publisher: Someone
editions: [classic]
weight: {en: An engine., fr: Un moteur., ja: エンジン。}
cite_as: {en: Engine, fr: Moteur, ja: エンジン}
"""

OPTION = """engine: {engine}
option: someOption
default: "false"
editions: [classic]
switches: {{en: Changes a thing., fr: Change une chose., ja: あることを変えます。}}
{extra}sources:
  - {{source: {engine}}}
checked:
  - of: switches
    edition: classic
    verdict: agrees
    source: {engine}
    at: {{repo: owner/engine, path: Options.java, line: 3, commit: abc1234}}
"""
RULING = "ruling: ruling:sure-hands-strip-ball\n"
NOT_RULES = "not_rules: {en: Interface only., fr: Interface seulement., ja: 画面の設定だけです。}\n"


def _data(tmp_path: Path, options: dict[str, str], engine_kind: str = "engine") -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    (data / "sources" / "engine.yml").write_text(ENGINE.replace("kind: engine", f"kind: {engine_kind}"), "utf-8")
    (data / "engine-options").mkdir()
    for slug, extra in options.items():
        (data / "engine-options" / f"{slug}.yml").write_text(OPTION.format(engine="engine", extra=extra), "utf-8")
    return data


def _problems(data: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_repository(data)
    return [str(p).replace(f"{data}/", "") for p in caught.value.problems]


def test_an_option_with_a_ruling_or_a_reason_loads(tmp_path):
    repo = load_repository(_data(tmp_path, {"with-ruling": RULING, "not-rules": NOT_RULES}))
    option = repo["engine-option:with-ruling"]
    assert option["ruling"] == "ruling:sure-hands-strip-ball"
    assert [s.of for s in statements(option)] == ["switches"]


def test_an_option_needs_exactly_one_of_ruling_and_not_rules(tmp_path):
    assert _problems(_data(tmp_path, {"both": RULING + NOT_RULES, "neither": ""})) == [
        "engine-options/both.yml:1: an engine option needs exactly one of `ruling` (the ruling that shows the "
        "reading it switches) and `not_rules` (why it is not a rules question); it has 2",
        "engine-options/neither.yml:1: an engine option needs exactly one of `ruling` (the ruling that shows the "
        "reading it switches) and `not_rules` (why it is not a rules question); it has 0",
    ]


def test_an_option_names_a_ruling_that_exists_and_an_engine(tmp_path):
    data = _data(tmp_path, {"typo": "ruling: ruling:sure-hands-strip-bal\n"}, engine_kind="community")
    assert _problems(data) == [
        "engine-options/typo.yml:1: engine: source:engine is a source of kind 'community', not an engine",
        "engine-options/typo.yml:6: ruling: unknown ruling 'sure-hands-strip-bal' "
        "(did you mean 'ruling:sure-hands-strip-ball'?)",
    ]


def test_every_real_option_names_a_ruling_or_why_it_is_not_a_rules_question(repo):
    options = repo.of_kind("engine-option")
    assert options, "data/engine-options/ is empty"
    for option in options:
        ruling, reason = option.get("ruling"), option.get("not_rules")
        assert (ruling is None) != (reason is None), option.file
        if ruling is not None:
            assert repo[ruling].kind == "ruling", option.file


def test_every_real_option_is_an_ffb_option_listed_once(repo):
    names = [o["option"] for o in repo.of_kind("engine-option")]
    assert len(names) == len(set(names))
    assert {o["engine"] for o in repo.of_kind("engine-option")} == {"fumbbl-ffb"}
