"""The transport: one JSON door (parse, size and depth limits, dispatch to :data:`~calculators.api.kinds.KINDS`,
errors), never raising, always answering strict JSON.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from typing import Any

from ..errors import CalcError, shown
from ..rules import RuleBook
from .kinds import KINDS
from .readings import changed_by
from . import surrogates


def _rulebook(rules: dict | RuleBook | None) -> RuleBook | None:
    if rules is None or isinstance(rules, RuleBook):
        return rules
    try:
        return RuleBook.from_dict(rules)
    except CalcError:
        raise
    except (Exception, RecursionError) as e:  # noqa: BLE001  (a shape no check foresaw)
        raise CalcError("rules", f"the rules do not have the expected shape ({type(e).__name__})", reason="rules") from None


#: the longest request ``handle_json`` reads, in characters (a real request has a few hundred)
MAX_REQUEST_CHARS = 100_000


#: the deepest nesting of lists and objects ``handle_json`` reads (a real request has 2: a square)
MAX_DEPTH = 20


_SURROGATE = re.compile("[\ud800-\udfff]")


def _internal(e: BaseException, rules_given: bool) -> CalcError:
    """The error answered for an exception no check foresaw (a bug, or rules data of an unforeseen shape)."""
    what = "the rules given or the calculator" if rules_given else "the calculator"
    return CalcError("rules" if rules_given else "request",
                     f"{what} could not answer this request ({type(e).__name__})", None, reason="internal")


def handle(request: dict, rules: dict | RuleBook | None = None) -> dict:
    """Answer one calculator request (kinds and fields in the module docstring).

    Args:
        request: ``{"kind": ..., <fields>}``.
        rules: the exported rules dict, an already built RuleBook, or None.

    Returns:
        ``{"ok": true, "kind", "result"}`` or ``{"ok": false, "error": {"field", "message", "allowed"}}``
        (plus ``details`` for some errors).  A result that names the reading of a disputed rule it used also
        has ``changed_by``: whether another choice of that reading gives other chances
        (:func:`~calculators.api.readings.changed_by`).  A request whose texts hold a lone surrogate
        (U+D800–U+DFFF, in a field's name or value) is refused, naming the field (:mod:`~calculators.api.surrogates`).  Never
        raises, whatever the request and the rules:
        invalid rules data is reported with a ``rules.…`` field; an exception no check foresaw
        (a bug) with field ``request`` (or ``rules`` when rules were given) and ``details``
        ``{"reason": "internal"}``.  Every text in the answer is valid Unicode (a lone surrogate
        of the rules is replaced by U+FFFD) and every number finite, so the answer is strict JSON.
    """
    try:
        try:
            if not isinstance(request, dict):
                raise CalcError("request", f"the request must be an object, got {type(request).__name__}", reason="request")
            lone = surrogates.in_value(request)
            if lone is not None:
                raise surrogates.refusal(*lone)
            kind = request.get("kind")
            if not (isinstance(kind, str) and kind in KINDS):
                raise CalcError("kind", f"kind must be one of {', '.join(KINDS)}, got {shown(kind)}", list(KINDS), reason="choice")
            book = _rulebook(rules)
            result = KINDS[kind](request, book)
            marks = changed_by(KINDS[kind], request, book, result)  # does the reading it used change its chances?
            if marks:
                result["changed_by"] = marks
            answer = {"ok": True, "kind": kind, "result": result}
        except CalcError as e:
            answer = {"ok": False, "error": e.as_dict()}
        return _strict(answer)
    except (Exception, RecursionError, MemoryError) as e:  # noqa: BLE001  (the contract: never raise)
        return {"ok": False, "error": _internal(e, rules is not None).as_dict()}


def _strict(value: Any, depth: int = 0) -> Any:
    """``value`` (an answer) made strict JSON: lone surrogates replaced, non-finite floats refused.

    Raises:
        ValueError: on a float that is not finite, or a value JSON cannot hold (a bug: ``handle``
        answers it as an internal error).
    """
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a number in the answer is not finite")
        return value
    if depth > MAX_DEPTH:
        raise ValueError("the answer is nested too deeply")
    if isinstance(value, dict):
        return {_strict(k, depth + 1) if isinstance(k, str) else k: _strict(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(v, depth + 1) for v in value]
    raise ValueError(f"the answer holds a {type(value).__name__}")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _too_deep(text: str) -> bool:
    """True if ``text`` (JSON) nests lists and objects more than :data:`MAX_DEPTH` deep (strings skipped)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif c in "]}":
            depth -= 1
    return False


def _dump(answer: dict) -> str:
    return json.dumps(answer, ensure_ascii=False, allow_nan=False)


@lru_cache(maxsize=4)
def _parse_rules(rules_json: str) -> RuleBook | CalcError:
    try:
        return RuleBook.from_dict(json.loads(rules_json, parse_constant=_refuse_constant))
    except CalcError as e:
        return e
    except (ValueError, TypeError, RecursionError) as e:  # not JSON, NaN, a number too long, too deep
        return CalcError("rules", f"the rules are not valid JSON: {_clip(str(e))}", reason="rules")
    except Exception as e:  # noqa: BLE001
        return _internal(e, True)


def _clip(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _request_error(message: str) -> str:
    return _dump({"ok": False, "error": CalcError("request", message, reason="request").as_dict()})


def handle_json(request_json: str, rules_json: str | None = None) -> str:
    """JSON wrapper of :func:`handle`: parse the request (and the rules, memoised per string), answer, dump.

    Returns strict JSON text (``allow_nan=False``, valid Unicode) and never raises: malformed JSON, ``NaN``
    or ``Infinity``, a number of more than 4,300 digits, a request longer than :data:`MAX_REQUEST_CHARS`
    characters or nested more than :data:`MAX_DEPTH` deep give an error with field ``request`` (or
    ``rules``); a lone surrogate in a text of the request, escaped (``"\\ud800"``) or not, an error naming
    its field, as :func:`handle` does.
    """
    try:
        if isinstance(request_json, (bytes, bytearray)):
            request_json = request_json.decode("utf-8", "replace")
        if not isinstance(request_json, str):
            return _request_error(f"the request is not valid JSON: expected a text, got {type(request_json).__name__}")
        if len(request_json) > MAX_REQUEST_CHARS:
            return _request_error(f"the request has {len(request_json)} characters; at most {MAX_REQUEST_CHARS}")
        if _too_deep(request_json):
            return _request_error(f"the request nests lists or objects more than {MAX_DEPTH} deep")
        try:
            request = json.loads(request_json, parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError; so is a number too long
            return _request_error(f"the request is not valid JSON: {_clip(str(e))}")
        # read from the text, as a parser that cannot keep a lone surrogate (MicroPython's) would lose it
        lone = surrogates.in_json(request_json) if isinstance(request, dict) else None
        if lone is not None:
            return _dump({"ok": False, "error": surrogates.refusal(*lone).as_dict()})
        book: RuleBook | None = None
        if rules_json is not None:
            parsed = _parse_rules(rules_json) if isinstance(rules_json, str) else CalcError(
                "rules", f"the rules must be a JSON text, got {type(rules_json).__name__}", reason="rules")
            if isinstance(parsed, CalcError):
                return _dump({"ok": False, "error": parsed.as_dict()})
            book = parsed
        return _dump(handle(request, book))
    except (Exception, RecursionError, MemoryError) as e:  # noqa: BLE001  (the contract: never raise)
        return json.dumps({"ok": False, "error": _internal(e, rules_json is not None).as_dict()})
