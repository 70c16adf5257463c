"""Errors raised by the calculators.

Every error names the input *field* it is about, a human-readable *message*, and,
where it helps, the *allowed* values (a list, or a ``[low, high]`` range).  The JSON
entry point (:mod:`calculators.api`) turns them into
``{"ok": false, "error": {"field": ..., "message": ..., "allowed": ...}}`` (plus
``"details"`` when the error carries them, see :class:`CalcError`); the Python
functions raise them.
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
