"""Errors raised by the calculators.

Every error names the input *field* it is about, a human-readable *message*, and,
where it helps, the *allowed* values (a list, or a ``[low, high]`` range).  The JSON
entry point (:mod:`calculators.api`) turns them into
``{"ok": false, "error": {"field": ..., "message": ..., "allowed": ...}}`` (plus
``"details"`` when the error carries them, see :class:`CalcError`); the Python
functions raise them.

Every error says *why* in a machine-readable ``details["reason"]``, one of :data:`REASONS` (or, for the
chain notation, of :data:`calculators.notation.REASONS`), so that a page can tell it in its own language
without reading the English message.
"""

from __future__ import annotations

import reprlib
from typing import Any


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

__all__ = ["CalcError", "REASONS", "RulesError", "shown"]

#: ``details["reason"]`` of an error -> what is wrong (the English message says it with the values)
REASONS: dict[str, str] = {
    "required": "a required field is missing",
    "range": "a number outside its range (``allowed`` is ``[low, high]``, ``high`` None for no limit)",
    "bool": "not true or false",
    "choice": "not one of the allowed values (``allowed`` lists them)",
    "text": "not a text, or a text that is too long",
    "skills": "not a list of skill ids, or an unknown skill (``allowed`` lists the skills)",
    "square": "not a square of the pitch (x 0..25, y 0..14)",
    "unknown-field": "a field the request kind does not have",
    "request": "the request is not a JSON object, or a text of it holds a lone surrogate (U+D800–U+DFFF)",
    "rules": "the rules data is missing or has the wrong shape (not the reader's doing)",
    "edge-square": "a throw-in from a square that is not on the pitch's edge",
    "receiving-half": "a kick placed outside the receiving team's half",
    "bb2025-only": "a reading of a BB2025 ruling given for another edition",
    "classic-only": "a reading of a classic ruling given for BB2020 or BB2025",
    "dice-or-strengths": "block dice given together with the strengths or assists they replace",
    "claws-foul": "Claws (or Mighty Blow) on a foul, where it does not act",
    "dirty-player-armour": "Dirty Player on an armour roll after a block (it acts on fouls)",
    "needs-other": "a field given without the field it depends on",
    "brawler-blitz": "Brawler on a Blitz (it acts on a Block action only)",
    "skill-value": "a skill value (+X) the edition does not allow (``allowed`` is ``[0, X]``, Break Tackle's "
                   "bonus ``[1, X]``)",
    "edition-skill": "a skill given for an edition that does not have it",
    "step-skill": "skills or values that cannot go together on this roll (Stab, Chainsaw, Iron Hard Skin, Lone "
                  "Fouler, Piling On, Brawler with Juggernaut)",
    "lone-fouler-assists": "Lone Fouler with assists: it works only when no player assists, on either side",
    "chain-shape": "a chain whose players or steps do not fit together",
    "hail-mary-interception": "an interception written after a Hail Mary Pass, which nobody may intercept",
    "diving-tackle-roll": "Diving Tackle on a roll it does not act on (a dodge; in BB2020 and BB2025 a jump or leap too)",
    "not-modelled": "a combination of rolls and skills the calculator does not model (said in the message)",
    "pair-dodges": "more dodges of one player with both Break Tackle and BB2025 Consummate Professional's +1 than the "
                   "chain computes in time (calculators.chain.kinds.MAX_PAIR_DODGES)",
    "one-star-rule": "two star player rules on one player, where every star player has a single special rule",
    "old-pro-needs-pro": "Old Pro without Pro: the rule uses the Pro skill",
    "send-off-group": "a Bribe or Argue the Call not right after a foul by the same player, in the edition's order, "
                      "or a second Argue the Call in one chain",
    "not-in-edition": "a roll or skill that does not exist, or not in that form, in the chosen edition (``allowed`` "
                      "lists the editions where it does)",
    "impossible": "a roll that no die face can pass",
    "internal": "an exception no check foresaw (a bug, or rules data of an unforeseen shape)",
}


class CalcError(ValueError):
    """A calculator input is invalid.

    Attributes:
        field: dotted name of the offending input (``"ag"``, ``"chain"``,
            ``"steps[2].target"``).
        message: one sentence saying what is wrong and what is expected.
        allowed: the allowed values (list) or inclusive range (``[low, high]``), or None.
        details: None, or a JSON-ready dict that lets a page say the same thing in its own
            language: ``reason`` (one of :data:`REASONS`, or of the notation's) and, for the
            ``chain`` notation errors, the token (:func:`calculators.notation.parse_chain`).
            The English *message* stays the reference text (command line, logs).

    ``reason``, when given, is put into ``details["reason"]`` (a ``reason`` already in ``details``
    wins).  Raises ValueError on a reason that is not in :data:`REASONS`.
    """

    def __init__(self, field: str, message: str, allowed: object = None, details: dict | None = None,
                 reason: str | None = None) -> None:
        super().__init__(f"{field}: {message}")
        if reason is not None:
            if reason not in REASONS:
                raise ValueError(f"unknown error reason {reason!r}: add it to calculators.errors.REASONS")
            details = {"reason": reason, **(details or {})}
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

    ``field`` is a path into the dict, e.g. ``rules.rolls.pass-classic.modifiers[2].value``; the reason
    is always ``rules``.
    """

    def __init__(self, field: str, message: str, allowed: object = None) -> None:
        super().__init__(field, message, allowed, reason="rules")
