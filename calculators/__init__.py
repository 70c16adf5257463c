"""Nuffle Codex dice calculators: a pure-Python, exact resolver for Blood Bowl rolls.

Conventions (every module follows them):

* Standard library only, so the package runs unchanged in Pyodide (CPython 3.14) and
  on CPython 3.11+.
* Exact arithmetic: a probability is a :class:`fractions.Fraction` in [0, 1], and the
  probabilities of a full set of outcomes sum to exactly 1.  Floats appear only in
  the JSON output, for display.
* Immutable values (frozen dataclasses, tuples); no global state; no I/O.  The edition
  (``classic``, ``bb2016``, ``bb2020``, ``bb2025``) is always an explicit parameter.
* Rule *numbers* (the classic AG table, modifier values, table ranges) come from the
  ``data/`` YAML through the exported rules dict (:mod:`calculators.rules`);
  *mechanics* (dice, natural 1 and 6, re-roll logic, block dice faces, the D8
  template) are code.
* A square is an ``(x, y)`` pitch coordinate on the 26 × 15 pitch: ``x`` 0..25 along
  the length (end zones at x = 0 and x = 25), ``y`` 0..14 across (sidelines at y = 0
  and y = 14).  See :mod:`calculators.geometry`.

The browser calls :func:`calculators.api.handle_json`; Python callers use
:func:`calculators.api.handle` or the modules directly.
"""

from __future__ import annotations

from .api import handle, handle_json
from .errors import CalcError, RulesError
from .rules import RuleBook

__all__ = ["CalcError", "RuleBook", "RulesError", "handle", "handle_json"]
__version__ = "0.1.0"
