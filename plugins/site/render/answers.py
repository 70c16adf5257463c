"""Answers computed at build time for the first changes a reader makes to a calculator's form.

A first visit must download Python (about 10 MB with brotli) before the browser can compute anything: on a
slow mobile link that is most of a minute. Meanwhile the page shows the pre-rendered result, and the first
change a reader makes is almost always one field away from the form as built (another AG, one more tackle
zone, a re-roll). So the build also answers every request one change away from the default one, with the
same resolver (`calculators.api.handle`) the browser runs, and writes those answers on the form
(`data-answers`). nuffle.js answers from them while Python is still starting, and from Python after.

The answers are exact by construction: each is the resolver's answer to its own request, kept under the
request's canonical key (:func:`request_key`, which nuffle.js reproduces). A change the build did not
foresee has no key, and waits for Python: nothing is guessed.
"""
from __future__ import annotations

import json
from typing import Any

from calculators.api import handle
from calculators.rules import RuleBook

#: an int field typed in a number input is varied over its whole range only when the range is this short
MAX_INT_VALUES = 13
#: the most bytes of answers (JSON, before compression) one form carries; past it, the fields listed last go
BUDGET_BYTES = 96_000


def request_key(request: dict[str, Any]) -> str:
    """The canonical text of a request: JSON, keys sorted, no spaces, non-ASCII kept.

    nuffle.js (`requestKey`) writes the same text for the same request: keys are ASCII field names and
    values are ints, booleans, ASCII strings or lists of ints, which both languages write alike.
    """
    return json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _typed(spec: dict, raw: str) -> Any:
    """A select option's value as the browser sends it: a number for a numeric field, else the text."""
    numeric = spec["type"] == "int" or (spec["type"] == "choice" and spec["choices"] and all(
        isinstance(c, int) and not isinstance(c, bool) for c in spec["choices"]))
    return int(raw) if numeric else raw


def field_values(spec: dict, listed: list[tuple[str, str]] | None) -> list[Any] | None:
    """The values a reader can give one field, as the request carries them; None: too many to foresee.

    `listed`: the (value, label) options the page shows for it, when the page chose them (else the
    resolver's own choices or range). An optional field's "" (absent) is `None` in the list.
    """
    optional = not spec["required"] and spec["default"] is None
    kind = spec["type"]
    if kind == "bool":
        return [False, True]
    if listed is not None:
        values = [None if raw == "" else _typed(spec, raw) for raw, _ in listed]
    elif kind == "choice":
        values = list(spec["choices"])
    elif kind == "int" and spec["max"] - spec["min"] < MAX_INT_VALUES:
        values = list(range(spec["min"], spec["max"] + 1))
    else:
        return None  # text, squares, long number ranges: typed, not picked
    if optional and None not in values:
        values.insert(0, None)
    return values


def neighbours(default: dict[str, Any], forms: dict[Any, dict[str, dict]], switch: str | None,
               listed: dict[tuple[Any, str], list[tuple[str, str]] | None], frozen: set[str]) -> list[dict]:
    """Every request one field away from `default`, in the form's field order.

    Args:
        default: the form's request as built.
        forms: per switch value (or None), the resolver's field specs by name.
        switch: the field that reshapes the form, or None.
        listed: (switch value, field name) -> the options the page lists, or None for the resolver's own.
        frozen: fields the reader cannot change (fixed by the page, or left out of the form).
    """
    current = default.get(switch) if switch else None
    out: list[dict] = []
    for name, spec in forms[current].items():
        if name in frozen:
            continue
        if name == switch:
            for value in forms:
                if value != current:
                    out.append(_switched(default, forms, switch, value, frozen))
            continue
        values = field_values(spec, listed.get((current, name)))
        for value in values or []:
            if value == default.get(name):
                continue
            request = {k: v for k, v in default.items() if k != name}
            if value is not None:
                request[name] = value
            out.append(request)
    return out


def _switched(default: dict, forms: dict, switch: str, value: Any, frozen: set[str]) -> dict:
    """The request after the switch moves to `value`: the fields that value has, each keeping the value it
    had when the new form accepts it (nuffle.js keeps what the reader sees) and else its default."""
    request = {k: v for k, v in default.items() if k in frozen or k == "kind"}
    request[switch] = value
    for name, spec in forms[value].items():
        if name in frozen or name == switch:
            continue
        kept = default.get(name)
        if kept is not None and _accepts(spec, kept):
            request[name] = kept
        elif spec["default"] is not None:
            request[name] = list(spec["default"]) if isinstance(spec["default"], tuple) else spec["default"]
    return request


def _accepts(spec: dict, value: Any) -> bool:
    if spec["type"] == "choice":
        return value in spec["choices"]
    if spec["type"] == "int":
        return isinstance(value, int) and spec["min"] <= value <= spec["max"]
    return True


def prebuilt(requests: list[dict], rules: RuleBook | dict | None, budget: int = BUDGET_BYTES) -> dict[str, dict]:
    """The resolver's answers to `requests`, by :func:`request_key`, up to `budget` bytes of JSON.

    Each answer is `calculators.api.handle`'s whole response (`ok`, and `result` or `error`), as the worker
    would give it. Requests are taken in order; one whose answer would pass the budget is left out (the
    browser then waits for Python for it).
    """
    book = RuleBook.from_dict(rules) if isinstance(rules, dict) else rules  # parsed once, not per request
    answers: dict[str, dict] = {}
    size = 2
    for request in requests:
        key = request_key(request)
        if key in answers:
            continue
        answer = handle(request, book)
        cost = len(json.dumps({key: answer}, separators=(",", ":"), ensure_ascii=False).encode())
        if size + cost > budget:
            continue
        answers[key] = answer
        size += cost
    return answers
