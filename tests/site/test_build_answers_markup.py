"""The answers the build writes on each calculator form (`data-answers`, plugins/site/render/answers.py):
nuffle.js shows them, before Python is ready, for a change one field away from the form as built.

They must be the resolver's own answers to their requests, under the key nuffle.js writes for the request
it sends: a wrong key is a change that waits for nothing, a wrong answer a wrong number on the page.
"""
from __future__ import annotations

import json

import pytest

from calculators.api import handle
from plugins.site.render.answers import field_values, neighbours, prebuilt, request_key

from calc_pages import PAGES, forms_of, render


@pytest.fixture(scope="module")
def forms(repo):
    """(lang, path) -> the page's forms, as nuffle.js reads them."""
    return {(lang, path): forms_of(render(repo, lang, path)[0]) for lang in ("en", "fr", "ja") for path in PAGES}


def answers_of(form) -> dict[str, dict]:
    return json.loads(form.attrs["data-answers"])


def test_every_answer_is_the_resolvers_answer_to_its_own_key(forms, rulebook):
    """Each key is a canonical request and its answer is `handle`'s, in every language (one form's answers
    do not depend on the page's language: the same keys and answers on the three)."""
    checked = 0
    for path in PAGES:
        by_lang = [[answers_of(f) for f in forms[(lang, path)]] for lang in ("en", "fr", "ja")]
        assert by_lang[0] == by_lang[1] == by_lang[2], path
        for answers in by_lang[0]:
            for key, answer in answers.items():
                request = json.loads(key)
                assert request_key(request) == key
                assert answer == handle(request, rulebook), key
                checked += 1
    assert checked > 300  # every form carries answers (the pass forms about 50 each)


@pytest.mark.parametrize("path", PAGES)
def test_the_form_as_built_and_each_one_field_change_have_an_answer(forms, path):
    """The request nuffle.js sends for the form as built is answered, and so is each choice of each select
    and each box of the fields in use (the switch aside: it reshapes the form), as nuffle.js keys them."""
    for form in forms[("fr", path)]:
        answers = answers_of(form)
        request = form.request()
        assert request_key(request) in answers, form.kind
        for field in form.fields:
            if field["hidden"] or field["name"] == form.switch or not form.in_use(field):
                continue
            select = field["inputs"][0] if field["inputs"] and field["inputs"][0]["options"] else None
            if select is not None:
                owner = form.switch_value()
                values = [v for v, only in select["options"] if only is None or str(owner) in only.split()]
            elif field["type"] == "bool":
                values = [True, False]
            else:
                continue  # typed (numbers, squares, text): foreseen only for short ranges, see below
            for raw in values:
                changed = dict(request)
                changed.pop(field["name"], None)
                value = raw if field["type"] == "bool" else (int(raw) if field["type"] == "int" and raw != "" else raw)
                if value != "":
                    changed[field["name"]] = value
                assert request_key(changed) in answers, (form.kind, field["name"], raw)


def test_request_key_sorts_keys_and_writes_no_spaces():
    assert request_key({"kind": "agility", "tackle_zones": 1, "action": "dodge"}) == \
        '{"action":"dodge","kind":"agility","tackle_zones":1}'
    assert request_key({"square": [3, 4], "b": True}) == '{"b":true,"square":[3,4]}'


SPEC_INT = {"name": "n", "type": "int", "required": True, "default": 2, "min": 1, "max": 3}
SPEC_LONG = {"name": "av", "type": "int", "required": True, "default": 8, "min": 1, "max": 40}
SPEC_OPT = {"name": "o", "type": "choice", "required": False, "default": None, "choices": ["a", "b"]}
SPEC_BOOL = {"name": "pro", "type": "bool", "required": True, "default": False}


def test_field_values_cover_what_a_reader_can_pick():
    assert field_values(SPEC_INT, None) == [1, 2, 3]
    assert field_values(SPEC_LONG, None) is None  # typed, too many to foresee
    assert field_values(SPEC_OPT, None) == [None, "a", "b"]
    assert field_values(SPEC_BOOL, None) == [False, True]
    assert field_values(SPEC_INT, [("1", "1+"), ("3", "3+")]) == [1, 3]


def test_neighbours_change_one_field_at_a_time_and_keep_the_switch_form():
    forms = {"x": {"edition": {"name": "edition", "type": "choice", "required": True, "default": None,
                               "choices": ["x", "y"]}, "n": SPEC_INT, "pro": SPEC_BOOL},
             "y": {"edition": {"name": "edition", "type": "choice", "required": True, "default": None,
                               "choices": ["x", "y"]}, "n": {**SPEC_INT, "max": 1, "default": 1}, "o": SPEC_OPT}}
    default = {"kind": "k", "edition": "x", "n": 2, "pro": False}
    got = neighbours(default, forms, "edition", {}, set())
    assert got == [
        {"kind": "k", "edition": "y", "n": 1},  # n=2 is out of y's range: y's default; y has no "pro", "o" is absent
        {"kind": "k", "edition": "x", "n": 1, "pro": False},
        {"kind": "k", "edition": "x", "n": 3, "pro": False},
        {"kind": "k", "edition": "x", "n": 2, "pro": True},
    ]
    assert neighbours(default, forms, "edition", {}, {"n"})[1:] == [{"kind": "k", "edition": "x", "n": 2, "pro": True}]


def test_prebuilt_keeps_to_its_budget_and_skips_what_would_pass_it(rulebook):
    requests = [{"kind": "agility", "edition": "bb2020", "action": "dodge", "value": v} for v in range(2, 7)]
    everything = prebuilt(requests, rulebook, budget=10**6)
    assert list(everything) == [request_key(r) for r in requests]
    one = len(json.dumps({k: v for k, v in list(everything.items())[:1]}, separators=(",", ":")).encode())
    assert list(prebuilt(requests, rulebook, budget=one + 2)) == [request_key(requests[0])]
