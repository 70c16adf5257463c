"""Issue 12, defect 6: `calculators.api.handle` and `handle_json` never raise and always answer strict JSON.

Each case is one the issue found raising (or answering what a strict JSON parser rejects); the fuzz suite
(test_fuzz_api.py) covers random values.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from calculators.api import KINDS, MAX_DEPTH, handle, handle_json
from calculators.armour import SKILL_VALUES
from calculators.editions import family
from fuzz_strategies import VALID as FUZZ_VALID

ROOT = Path(__file__).resolve().parents[2]
HUGE = 10 ** 5000  # 5,001 digits: past CPython's 4,300-digit limit for int <-> str


def _refuse(name: str):
    raise ValueError(f"{name} in the answer")


def strict(text: str) -> dict:
    """Parse ``text`` as a strict JSON parser would: no NaN or Infinity, valid UTF-8 (no lone surrogate)."""
    text.encode("utf-8")  # raises UnicodeEncodeError on a lone surrogate
    return json.loads(text, parse_constant=_refuse)


def error_of(answer: dict) -> dict:
    strict(json.dumps(answer, ensure_ascii=False, allow_nan=False))
    assert answer["ok"] is False, answer
    assert set(answer["error"]) <= {"field", "message", "allowed", "details"}
    assert isinstance(answer["error"]["field"], str) and isinstance(answer["error"]["message"], str)
    return answer["error"]


@pytest.mark.parametrize("kind", [[], {}, [1, [2]], HUGE, 1.5, None, True], ids=lambda v: type(v).__name__)
def test_a_kind_of_any_type_is_an_error_on_kind(kind):
    assert error_of(handle({"kind": kind}))["field"] == "kind"


#: a valid request of each kind (classic rules), whose fields the form lists: the fuzz suite's, but the form
#: of a form, which is refused
VALID = {kind: fields for kind, fields in FUZZ_VALID.items() if kind != "form"}


@pytest.fixture
def rules_with_tables(classic_rules, rulebook):
    """The classic fixture rules plus the real data's dice tables (the casualty kind reads them)."""
    return {**classic_rules, "tables": rulebook["tables"]}


def test_every_kind_has_a_valid_request(rules_with_tables):
    assert set(VALID) == set(KINDS) - {"form"}
    for kind, fields in VALID.items():
        assert handle({"kind": kind, **fields}, rules_with_tables)["ok"], kind


@pytest.mark.parametrize("kind", sorted(VALID))
def test_an_integer_of_5000_digits_in_any_field(rules_with_tables, kind):
    classic_rules = rules_with_tables
    base = {"kind": kind, **VALID[kind]}
    form = handle({"kind": "form", "for": "agility" if kind == "fields" else kind,
                   **{k: v for k, v in VALID[kind].items() if kind != "fields"}}, classic_rules)
    names = [f["name"] for f in form["result"]["fields"]] if kind != "fields" else ["action"]
    for name in names + ["kind", "no_such_field"]:
        request = {**base, name: HUGE}
        error = error_of(handle(request, classic_rules))
        assert error["field"] == name, (name, error)
        assert name == "no_such_field" or "5001 digits" in error["message"], error
        # and through JSON, where the parser itself refuses it
        text = json.dumps({**base, name: 0}).replace(f'"{name}": 0', f'"{name}": ' + "9" * 5000)
        assert strict(handle_json(text, json.dumps(classic_rules)))["error"]["field"] == "request"


def test_2000_nested_lists_through_handle_json():
    for request in ("[" * 2000 + "]" * 2000, '{"kind": "armour", "av": ' + "[" * 2000 + "]" * 2000 + "}",
                    '{"kind": "chain", "chain": "' + "[" * 2000 + '"}', "{" * 2000):
        answer = strict(handle_json(request))
        assert answer["ok"] is False
    # brackets inside a text are not nesting: the chain notation gets it (and refuses it)
    assert strict(handle_json('{"kind": "chain", "chain": "' + "[" * 150 + '"}'))["error"]["field"] == "chain"
    # deep but within the limit is read
    nested = '{"kind": "armour", "av": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    assert strict(handle_json(nested))["error"]["field"] == "av"


def test_deeply_nested_values_through_handle():
    value: list = []
    for _ in range(5000):
        value = [value]
    assert error_of(handle({"kind": "armour", "av": value}))["field"] == "av"
    assert error_of(handle({"kind": "chain", "chain": "D3", value.__class__.__name__: 1}))["field"] == "list"


@pytest.mark.parametrize("mutate", [
    lambda r: r["rolls"].update({"landing-classic": {**r["rolls"]["landing-classic"], "target": []}}),
    lambda r: r["rolls"].update({"landing-classic": {**r["rolls"]["landing-classic"], "target": {}}}),
    lambda r: r["rolls"]["pass-classic"]["modifiers"][3].update({"key": HUGE}),
    lambda r: r["rolls"]["pass-classic"]["modifiers"][0].update({"value": HUGE}),
    lambda r: r.update({"rolls": [1, 2]}),
    lambda r: r["targets"]["agility-classic"]["rows"].append({"value": [], "target": {}}),
], ids=["target-list", "target-dict", "key-huge", "value-huge", "rolls-list", "row-types"])
def test_malformed_rules_are_an_error_on_rules(classic_rules, mutate):
    rules = copy.deepcopy(classic_rules)
    mutate(rules)
    for request in ({"kind": "agility", "action": "pass", "ag": 3, "range": "long"},
                    {"kind": "form", "for": "pass"}, {"kind": "fields", "action": "catch"}):
        assert error_of(handle(request, rules))["field"].startswith("rules"), request


def test_malformed_rules_json():
    for rules in ('{"targets": {}, "rolls": NaN}', "[" * 3000, '{"rolls": {"x": ' + "9" * 5000 + "}}", "not json"):
        assert strict(handle_json('{"kind": "test", "target": 3}', rules))["error"]["field"] == "rules"


def test_nan_and_infinity_are_refused():
    for literal in ("NaN", "Infinity", "-Infinity"):
        answer = strict(handle_json('{"kind": "armour", "av": %s}' % literal))
        assert answer["error"]["field"] == "request" and literal.lstrip("-") in answer["error"]["message"]
        answer = strict(handle_json('{"kind": "form", "for": "armour", "av": %s}' % literal))
        assert answer["ok"] is False


def test_a_lone_surrogate_is_refused_in_strict_json():
    # issue 26 item 11: refused at the door, naming the field (test_api_surrogates.py has the rule's cases)
    for request, field in (('{"kind": "chain", "chain": "D3,\\ud800"}', "chain"), ('{"kind": "chain", "chain": "\\udfff"}', "chain"),
                           ('{"kind": "form", "for": "chain", "chain": "D3\\ud800"}', "chain"),
                           ('{"kind": "armour", "av": 8, "\\ud83d": 1}', "request")):
        assert error_of(strict(handle_json(request)))["field"] == field
    assert error_of(handle({"kind": "chain", "chain": "D3,\ud800"}))["field"] == "chain"


def test_the_command_line_prints_a_lone_surrogate_chain():
    # the CLI crashed with UnicodeEncodeError printing the answer
    for args in (['{"kind": "chain", "chain": "D3,\\ud800"}'], ["chain", "D3,\udcff"]):
        p = subprocess.run([sys.executable, "-m", "calculators", *args], capture_output=True, cwd=ROOT, timeout=60,
                           env={"PYTHONIOENCODING": "utf-8", "PATH": ""})
        assert p.returncode == 1 and b"Traceback" not in p.stderr, p.stderr.decode("utf-8", "replace")
        if args[0] != "chain":
            assert strict(p.stdout.decode("utf-8"))["error"]["field"] == "chain"


def test_requests_that_are_not_objects_or_text():
    for request in (None, 5, [], "x"):
        assert error_of(handle(request))["field"] == "request"  # type: ignore[arg-type]
    for text in (None, 5, b'{"kind": "test", "target": 3}', "x" * 200_000, ""):
        answer = strict(handle_json(text))  # type: ignore[arg-type]
        assert answer["ok"] is (isinstance(text, bytes)), answer


def test_an_unforeseen_exception_is_answered(monkeypatch):
    # the last resort of the contract: a bug in a handler is an answer, not an exception
    import calculators.api as api

    def broken(request, rules):
        raise ZeroDivisionError("a bug")

    monkeypatch.setitem(api.KINDS, "test", broken)
    error = error_of(handle({"kind": "test"}))
    assert error["field"] == "request" and error["details"] == {"reason": "internal"}
    assert strict(handle_json('{"kind": "test"}'))["error"]["details"] == {"reason": "internal"}


# Issue 24, item 2: an error quotes the request through the size-safe `shown()` (about 60 characters), so a
# hostile request never gets an answer that grows with it, and a value `repr` cannot print is a field error.
#: more than any error of a normal request needs, far less than a 100,000-character request
ANSWER_BOUND = 1_000


def _deep(n: int) -> list:
    value: list = []
    for _ in range(n):
        value = [value]
    return value


def test_an_unknown_field_with_a_long_name_is_not_repeated():
    name = "x" * (100_000 - 40)
    text = json.dumps({"kind": "test", "target": 4, name: 1})
    assert len(text) <= 100_000  # within the request limit: the name reaches the reader
    answer = handle_json(text)
    assert len(answer) < ANSWER_BOUND, len(answer)
    error = strict(answer)["error"]
    assert error["details"]["reason"] == "unknown-field"
    assert error["field"].startswith("xxxx") and "x" * 1_000 not in error["message"]
    assert len(json.dumps(error_of(handle({"kind": "test", "target": 4, name: 1})))) < ANSWER_BOUND
    # an ordinary unknown field is still named as given
    assert error_of(handle({"kind": "test", "target": 4, "bogus": 1}))["field"] == "bogus"


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
@pytest.mark.parametrize("kind,field", [("armour", "mighty_blow_value"), ("foul", "dirty_player_value")])
@pytest.mark.parametrize("value", [HUGE, _deep(10_000), "x" * 100_000, 2], ids=["huge", "deep", "long", "two"])
def test_a_skill_value_of_any_shape_is_a_field_error_of_bounded_size(edition, kind, field, value):
    skill = field.removesuffix("_value")
    answer = handle({"kind": kind, "edition": edition, "av": 9, skill: True, field: value})
    if value == 2 and SKILL_VALUES[skill][family(edition)] >= 2:  # +2 where the edition allows it
        assert answer["ok"], answer
        return
    error = error_of(answer)
    assert error["field"] == field and error["details"]["reason"] != "internal", error
    assert len(json.dumps(error)) < ANSWER_BOUND
