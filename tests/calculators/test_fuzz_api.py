"""Property-based fuzzing of the calculators' entry point and the chain notation (issue 12, defect 7).

Derandomized (a fixed seed: the same examples on every run) and bounded (a few hundred examples per
property, no per-example deadline), so CI time stays a few seconds and a failure reproduces.  The longer
run is ``benchmarks/fuzz_calculators.py``.  Strategies and checks: ``fuzz_strategies.py``.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.api import handle, handle_json
from calculators.chain import success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import MAX_LENGTH, REASONS, format_chain, parse_chain

from conftest import CLASSIC_RULES
from fuzz_strategies import VALID, check_answer, every_kind_covered, hostile_values, notation_text, requests, strict_json

CI = settings(derandomize=True, database=None, deadline=None, max_examples=25,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


RULES_JSON = json.dumps(CLASSIC_RULES)


def _dumps(value) -> str:
    """``value`` as JSON text (NaN and Infinity included, as Python writes them), or a number too long."""
    try:
        return json.dumps(value)
    except ValueError:  # an integer past the 4,300-digit limit
        return "9" * 5000


def test_every_request_kind_is_fuzzed():
    assert every_kind_covered()


@pytest.mark.parametrize("kind", sorted(VALID))
def test_any_request_of_each_kind_gets_a_well_formed_answer(classic_rules, kind):
    @CI
    @given(requests(kinds=(kind,)))
    def check(request):
        check_answer(handle(request, classic_rules), request)

    check()


@CI
@given(requests())
def test_the_same_answers_through_json(request):
    try:
        text = json.dumps(request, allow_nan=False)
    except (ValueError, RecursionError):
        return  # not JSON: the next test sends such texts
    answer = json.loads(handle_json(text, RULES_JSON))
    check_answer(answer, request)


@CI
@given(st.one_of(st.text(max_size=80), st.builds(_dumps, hostile_values()),
                 st.builds(lambda n: "[" * n + "]" * n, st.integers(0, 3000)),
                 st.sampled_from(['{"kind": NaN}', '{"kind": "test", "target": 1e999}', "9" * 5000, "\ud800"])))
def test_any_text_through_handle_json(text):
    out = handle_json(text)
    answer = strict_json(json.loads(out))
    assert isinstance(answer["ok"], bool)
    if isinstance(answer.get("error"), dict):
        assert answer["error"].get("details", {}).get("reason") != "internal", answer


@CI
@given(notation_text(), st.sampled_from(["classic", "bb2020", "bb2025"]))
def test_the_notation_parser_reads_or_names_the_problem(text, edition):
    try:
        parsed = parse_chain(text, edition)
    except CalcError as e:
        assert e.field == "chain", e
        assert e.details["reason"] in REASONS, e.details
        if e.details["token"] is not None:
            assert 1 <= e.details["position"] <= len(text) and isinstance(e.details["text"], str), e.details
        return
    assert len(text) <= MAX_LENGTH
    # the canonical notation reads back to the same chain
    again = parse_chain(format_chain(parsed.chain, parsed.team_rerolls), edition)
    assert again == parsed
    # P(success) is a probability that more team re-rolls never lower
    values = success_by_rerolls(parsed.chain, 2)
    assert all(0 <= p <= 1 for p in values) and list(values) == sorted(values), values
