"""The door's Unicode rule: a request whose texts hold a lone surrogate is refused (issue 26, item 11).

A code point U+D800–U+DFFF is half of a UTF-16 pair, not a character: no keyboard types one alone, and a
runtime whose strings are UTF-8 (MicroPython's) cannot even hold one, so the same request could not get the
same answer in both runtimes.  The door therefore refuses it, in any string of the request (a field's name
or value, at any depth), with an error naming the field: the top-level field whose name or value holds it,
or ``request`` when a top-level field's own name does.

Two finders, one rule: :func:`in_json` reads the JSON text (an escape ``\\ud800`` that does not start a pair
with a following ``\\udc00``–``\\udfff`` escape, or a raw surrogate of the text), so that a runtime whose
JSON parser cannot keep a lone surrogate refuses it too; :func:`in_value` walks a request given as a dict.
Both report the first one in the order of the text (an object's keys before their values).
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import CalcError
from ..fields import _clipped

#: what a request's text may hold, as the error says it
ALLOWED = "any Unicode character; not a code point U+D800 to U+DFFF alone (half of a UTF-16 pair)"

_HEX = "0123456789abcdefABCDEF"


def _is_surrogate(code: int) -> bool:
    return 0xD800 <= code <= 0xDFFF


def refusal(field: str | None, code: int) -> CalcError:
    """The door's error for a lone surrogate ``code`` in field ``field`` (None: a top-level field's name)."""
    where = "a field name of the request" if field is None else _clipped(field)
    return CalcError("request" if field is None else _clipped(field),
                     f"{where} holds a lone surrogate, U+{code:04X}; a text may hold {ALLOWED}", reason="request")


def in_value(request: dict) -> tuple[str | None, int] | None:
    """The first lone surrogate of a request dict: ``(top-level field or None for its name, code point)``."""
    for key, value in request.items():
        if isinstance(key, str):
            code = _first_in_text(key)
            if code is not None:
                return None, code
        code = _first_in_nested(value, 0)
        if code is not None:
            return str(key), code
    return None


def _may_hold_one(text: str) -> bool:
    """False when ``text`` surely holds no surrogate code point, checked at C speed in both runtimes.

    CPython cannot encode a surrogate to UTF-8; MicroPython stores one as the bytes ED A0..BF xx (which valid
    UTF-8 never holds: ED 80..9F starts U+D000..U+D7FF), as a browser's lone surrogate arrives there.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeError:
        return True
    at = data.find(b"\xed")
    while at >= 0:
        if at + 1 < len(data) and data[at + 1] >= 0xA0:
            return True
        at = data.find(b"\xed", at + 1)
    return False


def _first_in_text(text: str) -> int | None:
    if not _may_hold_one(text):
        return None
    for c in text:
        if _is_surrogate(ord(c)):
            return ord(c)
    return None


def _first_in_nested(value: Any, depth: int) -> int | None:
    if isinstance(value, str):
        return _first_in_text(value)
    if depth > 50:  # deeper than the door lets in; a Python caller's cycle stops here
        return None
    if isinstance(value, dict):
        items = [x for pair in value.items() for x in pair]
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        return None
    for item in items:
        code = _first_in_nested(item, depth + 1)
        if code is not None:
            return code
    return None


def in_json(text: str) -> tuple[str | None, int] | None:
    """The first lone surrogate of a request's JSON text (valid JSON, an object): as :func:`in_value`.

    Cheap when there is none: a text with no ``\\u`` escape and no raw surrogate is not scanned.
    """
    if "\\u" not in text and not _may_hold_one(text):
        return None
    return _scan(text)


def _scan(text: str) -> tuple[str | None, int] | None:
    """The scan behind :func:`in_json`: each string token in turn, tracking the top-level key it is under."""
    depth, i, key = 0, 0, None
    while i < len(text):
        c = text[i]
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == '"':
            end, code = _string_token(text, i)
            after = end
            while after < len(text) and text[after] in " \t\n\r":
                after += 1
            is_key = depth == 1 and text[after:after + 1] == ":"
            if is_key:
                key = _decoded_key(text[i:end])
            if code is not None:
                return (None if is_key else key), code
            i = end
            continue
        i += 1
    return None


def _string_token(text: str, start: int) -> tuple[int, int | None]:
    """``(index after the closing quote, first lone surrogate or None)`` of the string starting at ``start``."""
    i, found = start + 1, None
    while text[i] != '"':
        c = text[i]
        if c == "\\":
            if text[i + 1] == "u" and all(h in _HEX for h in text[i + 2:i + 6]):
                code = int(text[i + 2:i + 6], 16)
                if 0xD800 <= code <= 0xDBFF and text[i + 6:i + 8] == "\\u" and _low(text[i + 8:i + 12]):
                    i += 12  # a high and a low surrogate escaped together: one character
                    continue
                if _is_surrogate(code) and found is None:
                    found = code
                i += 6
                continue
            i += 2
            continue
        if _is_surrogate(ord(c)) and found is None:
            found = ord(c)
        i += 1
    return i + 1, found


def _low(digits: str) -> bool:
    return len(digits) == 4 and all(h in _HEX for h in digits) and 0xDC00 <= int(digits, 16) <= 0xDFFF


def _decoded_key(token: str) -> str:
    """A key's string token (quotes included) as the JSON parser reads it."""
    return json.loads(token)
