"""Errors raised by the calculators.

Every error names the input *field* it is about, a human-readable *message*, and,
where it helps, the *allowed* values (a list, or a ``[low, high]`` range).  The JSON
entry point (:mod:`calculators.api`) turns them into
``{"ok": false, "error": {"field": ..., "message": ..., "allowed": ...}}``; the
Python functions raise them.
"""

from __future__ import annotations

__all__ = ["CalcError", "RulesError"]


class CalcError(ValueError):
    """A calculator input is invalid.

    Attributes:
        field: dotted name of the offending input (``"ag"``, ``"chain"``,
            ``"steps[2].target"``).
        message: one sentence saying what is wrong and what is expected.
        allowed: the allowed values (list) or inclusive range (``[low, high]``), or None.
    """

    def __init__(self, field: str, message: str, allowed: object = None) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.allowed = allowed

    def as_dict(self) -> dict:
        """Return ``{"field", "message", "allowed"}`` (JSON-ready)."""
        return {"field": self.field, "message": self.message, "allowed": self.allowed}


class RulesError(CalcError):
    """The exported rules dict (built from ``data/``) does not have the expected shape.

    ``field`` is a path into the dict, e.g. ``rules.rolls.pass-classic.modifiers[2].value``.
    """
