"""The one JSON entry point of the calculators (used by Pyodide in the browser, by the build and by tests).

* :func:`handle` answers one request dict (``{"kind": ..., <fields>}``) with ``{"ok": true, "kind", "result"}`` or
  ``{"ok": false, "error": {"field", "message", "allowed", "details"}}``, and never raises;
* :func:`handle_json` is the same, JSON text in and out (the browser's door), with size and depth limits.

The reference of every request kind, its fields and its result is ``calculators/API.md``.  The package is the
transport (:mod:`~calculators.api.door`: parse, dispatch, errors) and one adapter module per family of request
kinds, each reading a request's fields and shaping its result (:mod:`~calculators.api.kinds` lists them).
"""

from __future__ import annotations

from .answers import prob, probs
from .door import MAX_DEPTH, MAX_REQUEST_CHARS, _parse_rules, handle, handle_json  # noqa: F401  (tests clear the memo)
from .kinds import KINDS, Handler

__all__ = ["KINDS", "MAX_DEPTH", "MAX_REQUEST_CHARS", "Handler", "handle", "handle_json", "prob", "probs"]
