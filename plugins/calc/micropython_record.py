"""Record the requests the resolver's tests send through the JSON door, for the MicroPython replay.

    .venv/bin/python -m pytest -q -n 0 -p plugins.calc.micropython_record tests/calculators

wraps ``calculators.api.door.handle`` (and ``handle_json``) before the tests import it and, at the end, writes
``tests/calculators/micropython_requests.json.gz`` (gzip): ``{"rules": [rules JSON text, ...], "requests": [[request JSON
text, rules index or null], ...]}``, deduplicated, in first-seen order.  Requests that are not JSON values (the
hostile tests' Python objects) and rules given as a built RuleBook are not JSON-door traffic and are skipped.
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "tests" / "calculators" / "micropython_requests.json.gz"

_rules: dict[str, int] = {}
_requests: dict[tuple[str, int | None], None] = {}


def _note(request_json: str, rules_json: str | None) -> None:
    index = None if rules_json is None else _rules.setdefault(rules_json, len(_rules))
    _requests.setdefault((request_json, index), None)


def _wrap_handle(original):
    @functools.wraps(original)
    def handle(request, rules=None):
        if rules is None or isinstance(rules, dict):
            try:
                _note(json.dumps(request, ensure_ascii=False, allow_nan=False),
                      None if rules is None else json.dumps(rules, ensure_ascii=False, allow_nan=False))
            except (TypeError, ValueError, RecursionError):
                pass
        return original(request, rules)
    return handle


def _wrap_handle_json(original):
    @functools.wraps(original)
    def handle_json(request_json, rules_json=None):
        if isinstance(request_json, str) and (rules_json is None or isinstance(rules_json, str)):
            _note(request_json, rules_json)
        return original(request_json, rules_json)
    return handle_json


def pytest_configure(config) -> None:
    import calculators
    import calculators.api
    from calculators.api import door
    door.handle = _wrap_handle(door.handle)
    handle_json = _wrap_handle_json(door.handle_json)
    for module in (calculators, calculators.api):
        module.handle = door.handle
        module.handle_json = handle_json
    door.handle_json = handle_json


def pytest_unconfigure(config) -> None:
    if _requests:
        data = {"rules": list(_rules), "requests": [[r, i] for r, i in _requests]}
        text = json.dumps(data, indent=0) + "\n"  # ASCII: some requests hold lone surrogates
        OUT.write_bytes(gzip.compress(text.encode("ascii"), mtime=0))
