"""The site's rules read at start by MicroPython's own ``json`` (written in C) instead of the pure-Python
``mpshim.json`` (the site's rules: 0.2 s against 0.03 s under Node.js at a load of 15, 2026-12-05), for the worker
(plugins/site/assets/mp-worker.js), which hands the value to ``mpshim.json.READY`` before the door's first call.

MicroPython's ``json.loads`` builds dicts that do not keep the text's key order, and the answers depend on the
order (RuleBook keeps the rules' order). The site writes its rules with sorted keys (plugins/calc/plugin.py,
``published_json``), so sorting each object's keys gives back the text's order: for such a text,
:func:`loads_sorted` is the same value, in the same order, as ``mpshim.json.loads``
(tests/calculators/test_mp_sorted_rules.py). The worker vouches for the text: it takes this path only when the
text's SHA-256 is the one runtime.json gives for the rules the build wrote (``sortedRules``).
"""

import json  # MicroPython's own (C): this module is copied as it is, never rewritten
from collections import OrderedDict


class NotSorted(ValueError):
    """The text holds what :func:`loads_sorted` does not read as ``mpshim.json`` does."""


def loads_sorted(text):
    """The JSON ``text``, written with sorted keys, with every object as an OrderedDict in sorted key order.

    Raises NotSorted for a float anywhere (MicroPython's reading of a decimal is not always CPython's nearest
    double: left to ``mpshim.json``); ValueError when the text is not JSON.
    """
    return _ordered(json.loads(text))


def _ordered(value):
    if isinstance(value, dict):
        return OrderedDict((key, _ordered(value[key])) for key in sorted(value))
    if isinstance(value, list):
        return [_ordered(item) for item in value]
    if isinstance(value, float):
        raise NotSorted("a float: read by mpshim.json")
    return value
