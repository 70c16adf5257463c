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


def _origins(raw: str, text: str) -> list[int] | None:
    """For each character of ``text`` (``_as_typed(raw)``), the index in ``raw`` of the character it comes from,
    and ``len(raw)`` once more at the end; None when ``raw`` read a character at a time does not give ``text``
    (a normalisation that joins characters, which nothing the notation reads needs)."""
    origin: list[int] = []
    pieces = []
    for r, c in enumerate(raw):
        piece = _as_typed(c)
        pieces.append(piece)
        origin.extend([r] * len(piece))
    if "".join(pieces) != text:
        return None
    origin.append(len(raw))
    return origin


def _span_end(text: str, start: int, token: str) -> int | None:
    """Where ``token`` ends in ``text`` if it starts at ``start``, the spaces the tokens leave out skipped."""
    k = start
    for c in token:
        while k < len(text) and text[k] != c and text[k].isspace():
            k += 1
        if k >= len(text) or text[k] != c:
            return None
        k += 1
    return k


def _as_written(error: CalcError, raw: str, text: str) -> CalcError:
    """``error``, one of :func:`_fail`'s about ``text`` (the notation as read, ``_as_typed(raw)``), with its quoted
    token and its position given back as the reader typed them in ``raw``: a step with a space inside is quoted
    with it (``D3 R2``, which the tokens read as ``D3R2``: review 10), a full-width step as typed.  Its message
    says the same.  Any other error, or one whose token is not where it says, is returned as it is."""
    details = error.details or {}
    pos, token = details.get("position"), details.get("text")
    if error.field != "chain" or not isinstance(pos, int) or not isinstance(token, str) or not token:
        return error
    origin = _origins(raw, text)
    if origin is None:
        return error
    at = pos - 1
    for start in range(at, max(at - len(token), 0) - 1, -1):  # the token holds the character named
        end = _span_end(text, start, token)
        if end is not None and end > at:
            break
    else:
        return error
    written = raw[origin[start]:origin[end - 1] + 1]
    where = origin[at] + 1
    old = f"token {details['token']} at character {pos} ({shown(token)}): "
    message = error.message
    if message.startswith(old):
        message = f"token {details['token']} at character {where} ({shown(written)}): " + message[len(old):]
    return CalcError(error.field, message, error.allowed, {**details, "position": where, "text": written})
