"""Validation of request fields for :mod:`calculators.api`.

Each helper reads one field of a request dict, checks its type and range, and
returns it, or raises :class:`~calculators.errors.CalcError` naming the field, saying
what is allowed and giving ``allowed`` (a list of values or an inclusive
``[low, high]`` range).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import CalcError

__all__ = ["REQUIRED", "Reader"]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


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

    def _get(self, name: str, default: Any) -> Any:
        self.read.add(name)
        if name in self.request and self.request[name] is not None:
            return self.request[name]
        if default is REQUIRED:
            raise CalcError(self.prefix + name, f"{name} is required{self.context}")
        return default

    def int(self, name: str, low: int, high: int, default: Any = REQUIRED) -> int:
        """Return integer field ``name`` in ``low..high`` (inclusive)."""
        v = self._get(name, default)
        if not _is_int(v) or not low <= v <= high:
                raise CalcError(self.prefix + name, f"{name} must be an integer from {low} to {high}{self.context}, got {v!r}", [low, high])
        return v

    def bool(self, name: str, default: Any = REQUIRED) -> bool:
        """Return boolean field ``name`` (JSON true/false only)."""
        v = self._get(name, default)
        if not isinstance(v, bool):
            raise CalcError(self.prefix + name, f"{name} must be true or false{self.context}, got {v!r}", [True, False])
        return v

    def choice(self, name: str, allowed: Sequence[Any], default: Any = REQUIRED) -> Any:
        """Return field ``name``, which must be one of ``allowed``."""
        v = self._get(name, default)
        if not any(v == a and type(v) is type(a) for a in allowed):
            shown = ", ".join(str(a) for a in allowed)
            raise CalcError(self.prefix + name, f"{name} must be one of {shown}{self.context}, got {v!r}", list(allowed))
        return v

    def str(self, name: str, default: Any = REQUIRED, max_len: int = 500) -> str:
        """Return string field ``name`` (at most ``max_len`` characters)."""
        v = self._get(name, default)
        if not isinstance(v, str) or len(v) > max_len:
            raise CalcError(self.prefix + name, f"{name} must be a text of at most {max_len} characters{self.context}, got {v!r}")
        return v

    def skills(self, name: str, allowed: Sequence[str], default: Any = ()) -> frozenset[str]:
        """Return list field ``name`` of distinct skill ids from ``allowed``."""
        v = self._get(name, default)
        if not isinstance(v, (list, tuple)) or not all(isinstance(s, str) for s in v):
            raise CalcError(self.prefix + name, f"{name} must be a list of skill ids{self.context}, got {v!r}", list(allowed))
        for s in v:
            if s not in allowed:
                raise CalcError(self.prefix + name, f"{name}: unknown skill {s!r}; allowed: {', '.join(allowed)}{self.context}", list(allowed))
        return frozenset(v)

    def square(self, name: str, default: Any = REQUIRED) -> tuple[int, int]:
        """Return a pitch square ``[x, y]`` with x in 0..25 and y in 0..14."""
        v = self._get(name, default)
        ok = isinstance(v, (list, tuple)) and len(v) == 2 and all(_is_int(c) for c in v)
        if not ok or not (0 <= v[0] <= 25 and 0 <= v[1] <= 14):
            raise CalcError(self.prefix + name, f"{name} must be a square [x, y] with x from 0 to 25 and y from 0 to 14{self.context}, got {v!r}", [[0, 0], [25, 14]])
        return (v[0], v[1])

    def finish(self) -> None:
        """Raise on the first field of the request that no reader asked for."""
        for k in self.request:
            if k not in self.read:
                raise CalcError(self.prefix + str(k), f"unknown field {k!r}{self.context}; known fields: {', '.join(sorted(self.read))}", sorted(self.read))
