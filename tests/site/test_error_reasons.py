"""Defect 9 of issue 11: no English in French and Japanese pages, resolver errors included.

Every error the resolver can give carries a machine-readable `details.reason` (`calculators.errors.REASONS`,
or the chain notation's `calculators.notation.REASONS`), and the pages have words for each reason in every
language (`plugins/site/render/calculator.py` `error_reasons`, `chaincalc.notation_errors`), so nuffle.js
never needs the English `message`.

The reasons are enumerated twice: from the code (every `CalcError(...)` in `calculators/` names its reason)
and by driving every request kind with bad values (each field of each kind's form, in each edition, out of
its range or of the wrong type, plus the errors that only a combination of fields gives).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from calculators.api import KINDS, handle
from calculators.compat.dave import REASONS as DAVE_REASONS
from calculators.errors import REASONS
from calculators.notation import REASONS as NOTATION_REASONS
from plugins.site.messages import Messages
from plugins.site.render.calculator import ui_strings
from plugins.site.render.chaincalc import notation_errors
from plugins.site.render.context import BackLinks, PageContext

CALCULATORS = Path(__file__).resolve().parents[2] / "calculators"
EDITIONS = ("classic", "bb2016", "bb2020", "bb2025")


def test_every_error_the_code_raises_names_a_known_reason():
    """An AST walk of calculators/: each `CalcError(...)` passes `reason="<one of REASONS>"` (RulesError
    always says "rules"; the notation's `_fail`/`_whole` give the notation's reasons)."""
    missing = []
    for path in sorted(CALCULATORS.rglob("*.py")):  # subpackages too (chain/, api/, compat/)
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "CalcError"):
                continue
            given = {k.arg: k.value for k in node.keywords}
            if path.parent.name == "notation" and len(node.args) >= 4:
                continue  # the notation's own details, with its reason (checked by driving below)
            if path.parent.name == "compat":
                # BloodBowlDave's notation has reasons of its own (pages word them as `dave.<reason>`)
                if not _dave_reason_known(node):
                    missing.append(f"{path.name}:{node.lineno}")
                continue
            reason = given.get("reason")
            if not (isinstance(reason, ast.Constant) and reason.value in REASONS):
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing, f"CalcError without a known reason at {missing}"


def _dave_reason_known(node: ast.Call) -> bool:
    """The `details` dict of a CalcError in dave.py names its reason: a constant of dave's REASONS, or the
    `reason` parameter of its `_refuse` helper, whose every caller passes a constant or a table's key."""
    details = node.args[3] if len(node.args) >= 4 else None
    if not isinstance(details, ast.Dict):
        return False
    for key, value in zip(details.keys, details.values):
        if isinstance(key, ast.Constant) and key.value == "reason":
            if isinstance(value, ast.Constant):
                return value.value in DAVE_REASONS
            return isinstance(value, ast.Name) and value.id == "reason"
    return False


def test_every_reason_dave_refuses_with_is_one_of_its_reasons():
    """Each `_refuse("<reason>", …)` in BloodBowlDave's translator (calculators/compat/) names one of dave's REASONS."""
    calls = [node for path in sorted((CALCULATORS / "compat").glob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_refuse"]
    assert calls
    unknown = [node.lineno for node in calls
               if isinstance(node.args[0], ast.Constant) and node.args[0].value not in DAVE_REASONS]
    assert not unknown, f"_refuse with an unknown reason at lines {unknown} (calculators/compat/)"


def _bad_values(spec: dict) -> list:
    """Values a field refuses, from its form spec."""
    kind = spec["type"]
    if kind == "int":
        return [spec["min"] - 1, spec["max"] + 1, "3", True]
    if kind == "bool":
        return ["yes", 1]
    if kind == "choice":
        return ["no-such-choice", 99]
    if kind == "text":
        return [42, "x" * ((spec.get("max_length") or 500) + 1)]
    if kind == "square":
        return [[26, 15], [-1, 0], "a", [1]]
    if kind == "skills":
        return ["block", ["no-such-skill"]]
    return [object()]


# Errors that only a combination of fields gives (or a value the form's spec cannot describe).
COMBINATIONS = [
    {"kind": "throw-in", "edition": "bb2020", "square": [5, 5]},
    {"kind": "kick", "edition": "classic", "target": [3, 7], "receiving": "right"},
    {"kind": "range", "edition": "bb2020", "thrower": [4, 4], "target": [4, 4]},
    {"kind": "agility", "edition": "classic", "action": "pass", "ag": 3, "range": "short", "pass_reading": "fumbbl"},
    {"kind": "pass", "edition": "bb2020", "pass_reading": "fumbbl"},
    {"kind": "chain", "edition": "bb2020", "chain": "D3", "reading": "rulebook"},
    {"kind": "chain", "edition": "bb2020", "chain": "R2,B2w,D3"},
    {"kind": "chain", "edition": "bb2025", "chain": "A2"},
    {"kind": "chain", "edition": "bb2025", "chain": "D3,F9+1m"},
    {"kind": "block", "edition": "bb2020", "dice": 2, "attacker_st": 4},
    {"kind": "block", "edition": "bb2020", "dauntless_dice": 2},
    {"kind": "foul", "edition": "bb2020", "av": 9, "claws": True},
    {"kind": "nope"},
    "not an object",
]


def _responses(rules) -> list[tuple[object, dict]]:
    """(request, error) for every bad request tried."""
    out = []

    def ask(request):
        response = handle(request, rules)
        if not response["ok"]:
            out.append((request, response["error"]))

    for request in COMBINATIONS:
        ask(request)
    for kind in KINDS:
        if kind == "form":
            continue
        for edition in EDITIONS:
            form = handle({"kind": "form", "for": kind, "edition": edition}, rules)
            if not form["ok"]:
                continue
            fields = form["result"]["fields"]
            base = {"kind": kind, **{f["name"]: f["default"] for f in fields if f["default"] is not None}}
            base["edition"] = edition
            ask({**base, "no_such_field": 1})
            for spec in fields:
                if spec["required"]:
                    ask({k: v for k, v in base.items() if k != spec["name"]})
                if spec["name"] == "edition":
                    continue
                for bad in _bad_values(spec):
                    ask({**base, spec["name"]: bad})
    ask({"kind": "agility", "edition": "classic", "action": "pass", "ag": 3})  # rules needed: given, so fine
    out.append(("no rules", handle({"kind": "agility", "action": "dodge", "ag": 3}, None)["error"]))
    return out


@pytest.fixture(scope="module")
def errors(rulebook):
    return _responses(rulebook)


def test_every_error_a_request_can_get_has_a_known_reason(errors):
    assert len(errors) > 200
    unknown = [(request, error) for request, error in errors
               if (error.get("details") or {}).get("reason") not in {*REASONS, *NOTATION_REASONS}]
    assert not unknown, unknown[:5]
    seen = {error["details"]["reason"] for _, error in errors}
    # the reasons a reader's form can lead to, each reached by a request above
    # (Claws on a foul, Brawler on a Blitz come through the notation as its "step-rule".)
    assert {"edge-square", "receiving-half", "bb2025-only", "range", "choice", "square",
            "step-rule", "dice-or-strengths", "rules", "unknown-field", "request", "required", "bool",
            "text"} <= seen, sorted(seen)


def explain(strings: dict[str, str], error: dict) -> str:
    """What nuffle.js `explain` shows for `error` (its lookup, without filling the placeholders), or ""."""
    reason = error["details"]["reason"]
    own = f"{error['field']}.{reason}"
    if own in strings:
        return strings[own]
    allowed = error.get("allowed")
    if reason == "range" and isinstance(allowed, list) and len(allowed) == 2 and allowed[1] is None:
        return strings.get("reason.range-from", "")
    return strings.get(f"reason.{reason}", "")


@pytest.fixture(scope="module")
def strings(repo):
    """The data-strings of a chain form (the general ones plus the notation's) per language."""
    out = {}
    for lang in ("en", "fr", "ja"):
        ctx = PageContext(repo, lang, Messages(lang), "calculators/chain.md", BackLinks.build(repo))
        out[lang] = {**ui_strings(ctx), **notation_errors(ctx)}
    return out


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_error_is_told_in_french_and_japanese(errors, strings, lang):
    """For every error above the page has its own words, which are not the English ones; before, a throw-in
    from (5, 5) showed "square must be an edge square (x 0 or 25, …)" on French and Japanese pages."""
    for request, error in errors:
        text = explain(strings[lang], error)
        assert text, (lang, request, error)
        assert text != explain(strings["en"], error), (lang, request, error)
        assert error["message"] not in text


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_reason_has_a_translated_message(strings, lang):
    for reason in REASONS:
        assert strings[lang][f"reason.{reason}"] != strings["en"][f"reason.{reason}"], reason
    for reason in NOTATION_REASONS:
        assert strings[lang][f"chain.{reason}"] != strings["en"][f"chain.{reason}"], reason
