"""Errors raised by the calculators.

Every error names the input *field* it is about, a human-readable *message*, and,
where it helps, the *allowed* values (a list, or a ``[low, high]`` range).  The JSON
entry point (:mod:`calculators.api`) turns them into
``{"ok": false, "error": {"field": ..., "message": ..., "allowed": ...}}`` (plus
``"details"`` when the error carries them, see :class:`CalcError`); the Python
functions raise them.
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = ["CalcError", "RulesError", "shown"]

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlong = 3, 60, 60, 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def shown(value: Any) -> str:
    """Return a short ``repr`` of a request value for an error message (at most about 60 characters).

    Safe on hostile values: an integer of thousands of digits (whose ``repr`` raises ``ValueError``
    past Python's digit limit) is described by its size, nested lists are cut after 3 levels, long
    texts after 60 characters; a value whose ``repr`` fails is named by its type.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of about {value.bit_length() * 30103 // 100000 + 1} digits"
    try:
        return _REPR.repr(value)
    except Exception:  # noqa: BLE001  (a huge integer inside a list, a recursive structure, ...)
        return f"a {type(value).__name__}"


class CalcError(ValueError):
    """A calculator input is invalid.

    Attributes:
        field: dotted name of the offending input (``"ag"``, ``"chain"``,
            ``"steps[2].target"``).
        message: one sentence saying what is wrong and what is expected.
        allowed: the allowed values (list) or inclusive range (``[low, high]``), or None.
        details: None, or a JSON-ready dict that lets a page say the same thing in its own
            language; its keys depend on the field (the ``chain`` notation errors:
            :func:`calculators.notation.parse_chain`).  The English *message* stays the
            reference text (command line, logs).
    """

    def __init__(self, field: str, message: str, allowed: object = None, details: dict | None = None) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.allowed = allowed
        self.details = details

    def as_dict(self) -> dict:
        """Return ``{"field", "message", "allowed"}`` plus ``"details"`` when there are any (JSON-ready)."""
        out = {"field": self.field, "message": self.message, "allowed": self.allowed}
        if self.details is not None:
            out["details"] = self.details
        return out


class RulesError(CalcError):
    """The exported rules dict (built from ``data/``) does not have the expected shape.

    ``field`` is a path into the dict, e.g. ``rules.rolls.pass-classic.modifiers[2].value``.
    """
