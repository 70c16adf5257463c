"""Validation of request fields for :mod:`calculators.api`.

Each helper reads one field of a request dict, checks its type and range, and
returns it, or raises :class:`~calculators.errors.CalcError` naming the field, saying
what is allowed and giving ``allowed`` (a list of values or an inclusive
``[low, high]`` range).

*Describe mode* (the ``form`` and ``fields`` request kinds): a handler given a
:class:`DescribeRequest` instead of a plain dict runs its usual reads, but each read
also records a field description (:meth:`Reader.specs`) and a missing field yields a
placeholder (its default, else the low end of its range or its first choice) instead
of an error; :meth:`Reader.finish` then stops the handler with :class:`Described`.
So the form of every request kind comes from the very code that validates it: the
field lists are never written twice.  Fields given in the describe request are read
and checked as usual, so a form may be asked for a given ``edition`` or ``action``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import CalcError, shown

__all__ = ["REQUIRED", "DescribeRequest", "Described", "Reader", "describe"]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


#: the longest field name an error repeats from a request (a longer one is cut, ending in "…")
MAX_NAME = 60


def _clipped(name: str) -> str:
    """``name`` as an error's ``field`` names it: at most :data:`MAX_NAME` characters."""
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class DescribeRequest(dict):
    """A request dict that puts every :class:`Reader` built on it in describe mode.

    ``readers`` collects those readers, so :func:`describe` can gather what they recorded.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.readers: list[Reader] = []


class Described(Exception):
    """Raised by :meth:`Reader.finish` in describe mode; ``specs`` is the list of field descriptions."""

    def __init__(self, specs: list[dict[str, Any]]) -> None:
        super().__init__("described")
        self.specs = specs


def describe(handler: Any, request: Mapping[str, Any], *args: Any) -> list[dict[str, Any]]:
    """Run ``handler(DescribeRequest(request), *args)`` in describe mode; return its fields in reading order.

    Each field is ``{"name", "type", "required", "default", "allowed"}`` plus, by
    type, ``min``/``max`` (``int``, ``square``), ``choices`` (``choice``, ``bool``) or
    ``max_length`` (``text``), and ``with`` (the boolean fields it needs ticked, see
    :meth:`Reader.only_with`) for a field that matters only alongside a skill.  A :class:`~calculators.errors.CalcError` from a field
    given in ``request`` propagates.
    """
    req = DescribeRequest(request)
    try:
        handler(req, *args)
    except Described as d:
        return d.specs
    specs: list[dict[str, Any]] = []
    for rd in req.readers:
        specs.extend(rd.specs())
    return specs


class Reader:
    """Reads fields from one request and remembers which were read.

    Args:
        request: the request dict.
        prefix: prepended to field names in errors (``"steps[2]."``).
        context: appended to messages, e.g. ``" (classic)"``.
    """

    def __init__(self, request: Mapping[str, Any], prefix: str = "", context: str = "") -> None:
        self.request = request
        self.prefix = prefix
        self.context = context
        self.read: set[str] = {"kind"}
        self.describing = isinstance(request, DescribeRequest)
        self._specs: dict[str, dict[str, Any]] = {}
        if self.describing:
            request.readers.append(self)  # type: ignore[union-attr]

    def specs(self) -> list[dict[str, Any]]:
        """Return the field descriptions recorded so far (describe mode), in reading order."""
        return list(self._specs.values())

    def only_with(self, name: str, *boxes: str) -> None:
        """Record (describe mode) that field ``name``, already read, matters only while every boolean field of
        ``boxes`` is true (Mighty Blow's +X with Mighty Blow): its spec gets ``"with": [boxes…]``, so a form may
        hide it until they are ticked.  The field is still read and checked as usual; nothing else changes."""
        if self.describing and name in self._specs:
            self._specs[name]["with"] = list(boxes)

    def given(self, name: str) -> bool:
        """Return True if the request has field ``name`` with a non-null value (nothing is recorded)."""
        return self.request.get(name) is not None

    def _get(self, name: str, default: Any, spec: dict[str, Any] | None = None, placeholder: Any = None) -> Any:
        self.read.add(name)
        if self.describing and spec is not None and name not in self._specs:
            self._specs[name] = {"name": self.prefix + name, **spec, "required": default is REQUIRED,
                                 "default": None if default is REQUIRED else default}
        if name in self.request and self.request[name] is not None:
            return self.request[name]
        if default is REQUIRED:
            if self.describing:
                return placeholder
            allowed = spec.get("allowed") if spec else None
            raise CalcError(self.prefix + name, f"{name} is required{self.context}", allowed, reason="required")
        if default is None and self.describing:
            return placeholder
        return default

    def int(self, name: str, low: int, high: int, default: Any = REQUIRED) -> int:
        """Return integer field ``name`` in ``low..high`` (inclusive); None if absent with default None."""
        v = self._get(name, default, {"type": "int", "min": low, "max": high, "allowed": [low, high]}, low)
        if v is None:
            return v  # type: ignore[return-value]
        if not _is_int(v) or not low <= v <= high:
                raise CalcError(self.prefix + name, f"{name} must be an integer from {low} to {high}{self.context}, got {shown(v)}", [low, high], reason="range")
        return v

    def bool(self, name: str, default: Any = REQUIRED) -> bool:
        """Return boolean field ``name`` (JSON true/false only)."""
        v = self._get(name, default, {"type": "bool", "choices": [False, True], "allowed": [True, False]}, False)
        if not isinstance(v, bool):
            raise CalcError(self.prefix + name, f"{name} must be true or false{self.context}, got {shown(v)}", [True, False], reason="bool")
        return v

    def choice(self, name: str, allowed: Sequence[Any], default: Any = REQUIRED,
               normalise: Any = None) -> Any:
        """Return field ``name``, which must be one of ``allowed`` (None if absent with default None).

        ``normalise``, if given, maps the raw value first (e.g. lower-casing a dice
        expression); the error shows the raw value.
        """
        v = self._get(name, default, {"type": "choice", "choices": list(allowed), "allowed": list(allowed)},
                      allowed[0] if allowed else None)
        if v is None:
            return v
        if normalise is not None:
            try:
                nv = normalise(v)
            except (TypeError, ValueError, AttributeError):
                nv = v
            if any(nv == a and type(nv) is type(a) for a in allowed):
                return nv
        if not any(v == a and type(v) is type(a) for a in allowed):
            listed = ", ".join(str(a) for a in allowed)
            raise CalcError(self.prefix + name, f"{name} must be one of {listed}{self.context}, got {shown(v)}", list(allowed), reason="choice")
        return v

    def str(self, name: str, default: Any = REQUIRED, max_len: int = 500, example: str = "") -> str:
        """Return string field ``name`` (at most ``max_len`` characters).

        In describe mode a missing required text reads as ``example``.
        """
        v = self._get(name, default, {"type": "text", "max_length": max_len, "allowed": None}, example)
        if v is None:
            return v  # type: ignore[return-value]
        if not isinstance(v, str) or len(v) > max_len:
            raise CalcError(self.prefix + name, f"{name} must be a text of at most {max_len} characters{self.context}, got {shown(v)}", reason="text")
        return v

    def skills(self, name: str, allowed: Sequence[str], default: Any = ()) -> frozenset[str]:
        """Return list field ``name`` of distinct skill ids from ``allowed``."""
        v = self._get(name, default)
        if not isinstance(v, (list, tuple)) or not all(isinstance(s, str) for s in v):
            raise CalcError(self.prefix + name, f"{name} must be a list of skill ids{self.context}, got {shown(v)}", list(allowed), reason="skills")
        for s in v:
            if s not in allowed:
                raise CalcError(self.prefix + name, f"{name}: unknown skill {shown(s)}; allowed: {', '.join(allowed)}{self.context}", list(allowed), reason="skills")
        return frozenset(v)

    def square(self, name: str, default: Any = REQUIRED) -> tuple[int, int]:
        """Return a pitch square ``[x, y]`` with x in 0..25 and y in 0..14 (None if absent with default None)."""
        v = self._get(name, default, {"type": "square", "min": [0, 0], "max": [25, 14], "allowed": [[0, 0], [25, 14]]},
                      (0, 0))
        if v is None:
            return v  # type: ignore[return-value]
        ok = isinstance(v, (list, tuple)) and len(v) == 2 and all(_is_int(c) for c in v)
        if not ok or not (0 <= v[0] <= 25 and 0 <= v[1] <= 14):
            raise CalcError(self.prefix + name, f"{name} must be a square [x, y] with x from 0 to 25 and y from 0 to 14{self.context}, got {shown(v)}", [[0, 0], [25, 14]], reason="square")
        return (v[0], v[1])

    def finish(self) -> None:
        """Raise on the first field of the request that no reader asked for.

        In describe mode, then raise :class:`Described` with the recorded fields.
        """
        for k in self.request:
            if k not in self.read:
                # the name is the request's: quoted and named at most about 60 characters long (issue 24)
                raise CalcError(self.prefix + _clipped(str(k)), f"unknown field {shown(k)}{self.context}; known fields: "
                                f"{', '.join(sorted(self.read))}", sorted(self.read), reason="unknown-field")
        if self.describing:
            raise Described(self.specs())
