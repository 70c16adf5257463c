"""Issue 26, item 11: the JSON door refuses a request whose texts hold a lone surrogate (U+D800–U+DFFF).

Before, such a request was answered with the surrogate replaced by U+FFFD in the answer: MicroPython's strings
cannot hold a surrogate, so its answers quoted ``'\\ufffd'`` where CPython's quoted ``'\\ud800'``: the one
difference of the two runtimes.  Now both refuse it at the door, naming the field, from the JSON text
(escaped or raw) as from a request dict.  The same requests run under MicroPython in
test_micropython_replay.py.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.api import handle, handle_json

from test_api_hostile import strict

ALLOWED_WORDS = "U+D800 to U+DFFF"


def refused(answer: dict, field: str, code: int) -> None:
    """``answer`` is the door's refusal of lone surrogate ``code`` in ``field``."""
    assert answer["ok"] is False, answer
    error = answer["error"]
    assert error["field"] == field, error
    assert error["details"] == {"reason": "request"}, error
    assert f"U+{code:04X}" in error["message"] and ALLOWED_WORDS in error["message"], error
    assert "lone surrogate" in error["message"], error


def test_an_escaped_lone_surrogate_in_a_value_is_refused_naming_the_field():
    for text, field, code in [
        ('{"kind": "chain", "chain": "D3,\\ud800"}', "chain", 0xD800),
        ('{"kind": "chain", "chain": "\\uDFFF"}', "chain", 0xDFFF),  # capitals are the same escape
        ('{"kind": "chain", "chain": "D3\\ud83d\\ud83d"}', "chain", 0xD83D),  # a high one, then another high one
        ('{"kind": "chain", "chain": "D3\\ude00\\ud83d"}', "chain", 0xDE00),  # a low one before a high one
        ('{"kind": "form", "for": "chain", "chain": "D3\\ud800"}', "chain", 0xD800),
        ('{"kind": "\\udbff"}', "kind", 0xDBFF),
        ('{"kind": "block", "attacker": {"skills": ["block", "\\udc00"]}}', "attacker", 0xDC00),
        ('{"kind": "block", "attacker": {"\\udc00": 1}}', "attacker", 0xDC00),  # a name inside a value
    ]:
        answer = strict(handle_json(text))
        refused(answer, field, code)


def test_a_field_name_with_a_lone_surrogate_is_refused_as_the_request():
    answer = strict(handle_json('{"kind": "armour", "av": 8, "\\ud83d": 1}'))
    refused(answer, "request", 0xD83D)
    assert answer["error"]["message"].startswith("a field name of the request holds")


def test_a_raw_lone_surrogate_is_refused_from_the_text_and_from_a_dict():
    for request in ({"kind": "chain", "chain": "D3,\ud800"}, {"kind": "armour", "av": 8, "\udfff": 1},
                    {"kind": "block", "attacker": {"skills": [["\ud9ab"]]}}):
        by_dict = handle(request)
        by_text = json.loads(handle_json(json.dumps(request, ensure_ascii=False)))
        by_escape = json.loads(handle_json(json.dumps(request)))
        assert by_dict == by_text == by_escape, (by_dict, by_text, by_escape)
        assert by_dict["error"]["details"] == {"reason": "request"}


def test_what_is_not_a_lone_surrogate_is_not_refused():
    # a pair escaped together is one character; an escaped backslash before "ud800" is no escape
    for text in ('{"kind": "chain", "chain": "D3\\ud83d\\ude00"}', '{"kind": "chain", "chain": "D3\\\\ud800"}',
                 '{"kind": "chain", "chain": "D3\U0001F600"}', '{"kind": "chain", "chain": "D3\\"\\\\ud800"}'):
        answer = strict(handle_json(text))
        assert answer["ok"] is False and answer["error"]["field"] == "chain", answer
        assert "surrogate" not in answer["error"]["message"], answer


def test_a_request_that_is_not_an_object_is_still_that_error():
    answer = strict(handle_json('["\\ud800"]'))
    assert answer["error"]["message"] == "the request must be an object, got list"


@settings(derandomize=True, database=None, deadline=None, max_examples=200)
@given(st.text(st.one_of(st.characters(), st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\\",
                                                                          '"'])), max_size=12),
       st.booleans())
def test_refused_exactly_when_a_text_holds_a_surrogate_code_point(text, ascii_only):
    """The text finder agrees with the definition: any code point U+D800–U+DFFF of a decoded string."""
    sent = json.dumps({"kind": "chain", "chain": text}, ensure_ascii=ascii_only)
    answer = json.loads(handle_json(sent))
    request = json.loads(sent)  # escaped, two surrogates in a row are one character
    lone = [c for c in request["chain"] if 0xD800 <= ord(c) <= 0xDFFF]
    if lone:
        refused(answer, "chain", ord(lone[0]))
        assert answer == handle(request)
    else:
        assert "surrogate" not in json.dumps(answer), answer
