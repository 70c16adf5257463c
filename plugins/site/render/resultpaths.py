"""Values of a resolver's answer by their dotted path, as a calculator's result shows them (render/calculator.py;
nuffle.js's util.mjs and result.mjs read them the same way)."""
from __future__ import annotations

from typing import Any


def value_at(result: Any, path: str) -> Any:
    """The value at a dotted path (list indices as numbers), or KeyError when a step is missing."""
    current = result
    for key in path.split("."):
        if isinstance(current, dict) and key in current:
            current = current[key]
        elif isinstance(current, list) and key.isdigit() and int(key) < len(current):
            current = current[int(key)]
        else:
            raise KeyError(path)
    return current


def is_zero(value: Any) -> bool:
    """An exact zero: 0, or a resolver value {"exact": "0", ...} (nuffle.js tests the same)."""
    if isinstance(value, dict):
        return value.get("exact") == "0"
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0


def holds(result: Any, path: str) -> bool:
    """Whether the value at a dotted `path` of `result` is true; a "*" step holds when any list item's does."""
    head, _, rest = path.partition(".")
    if head == "*":
        return isinstance(result, list) and any(holds(item, rest) if rest else bool(item) for item in result)
    if not isinstance(result, dict) or head not in result:
        return False
    return holds(result[head], rest) if rest else bool(result[head])
