"""The chain notation's tokens: the text cut into steps, separators and groups, and its errors.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import CalcError, shown
from .marks import _ENDS, _GROUP, _WEIGHT


def _fail(index: int, pos: int, token: str, message: str, allowed: object = None, *,
          reason: str = "unreadable", rule: str | None = None) -> CalcError:
    details = {"reason": reason, "token": index, "position": pos + 1, "text": token}
    if rule is not None:  # a step-rule's own reason (calculators.errors.REASONS), for a more precise message
        details["rule"] = rule
    return CalcError("chain", f"token {index} at character {pos + 1} ({shown(token)}): {message}", allowed, details)


def _whole(reason: str, message: str, allowed: object = None) -> CalcError:
    """An error about the whole chain, not one token."""
    return CalcError("chain", message, allowed, {"reason": reason, "token": None, "position": None, "text": None})


def _tokens(text: str):
    """Yield (index, position, separator_before, token) with positions in the original text.

    ``{``, ``}``, ``(``, ``)`` and ``|`` are tokens of their own; a weight ``a/b:`` right after ``(`` or
    ``|`` is one token (its ``/`` is not a player separator).
    """
    index = 0
    sep = ""
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in ",/;":
            if sep:
                raise _fail(index + 1, i, text[i - 1:i + 1], "empty step between two separators", reason="empty-step")
            sep = c
            i += 1
            continue
        start = i
        if c in _GROUP:
            tok, i = c, i + 1
        elif c == "[":
            j = text.find("]", i)
            if j < 0:
                index += 1
                raise _fail(index, start, text[start:], "'[' without a closing ']'", reason="unclosed-flags")
            i = j + 1
            # a flag group is glued to the first step of the player, or to the '(' of its first alternatives
            while i < n and text[i].isspace():
                i += 1
            k = i
            while k < n and text[k] not in _ENDS:
                k += 1
            k += k == i and i < n and text[i] == "("
            tok, i = text[start:k].replace(" ", ""), k
        else:
            while i < n and text[i] not in _ENDS:
                i += 1
            tok = text[start:i].strip().replace(" ", "")
        index += 1
        yield index, start, sep, tok
        sep = ""
        if tok.endswith("(") or tok == "|":  # a weight a/b: right after is a token of its own
            m = _WEIGHT.match(text, i)
            if m:
                index += 1
                yield index, m.start(1), "", re.sub(r"\s", "", m.group(1))
                i = m.end()
    if sep:
        raise _fail(index + 1, n - 1, sep, "the chain ends with a separator", reason="trailing-separator")


#: what a phone's keyboard types for our punctuation that NFKC leaves alone (Japanese commas, wave dashes, minus)
_TYPED = str.maketrans({"、": ",", "，": ",", "〜": "~", "−": "-", "‐": "-"})


def _as_typed(text: str) -> str:
    """``text`` as our notation reads it: full-width letters, digits and marks (a Japanese keyboard) become
    ASCII (NFKC), and the commas, wave dash and minus signs keyboards put in their place become ours."""
    return unicodedata.normalize("NFKC", text).translate(_TYPED)
