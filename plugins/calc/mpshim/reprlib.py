"""``reprlib.Repr`` for MicroPython: the size-limited ``repr`` that ``calculators.errors.shown`` configures
(levels, and the longest text, number, list, tuple, dict and set), giving the same text as CPython 3.11's."""



from .core import repr_ as repr


def _elide(text, limit):
    if len(text) <= limit:
        return text
    i = max(0, (limit - 3) // 2)
    j = max(0, limit - 3 - i)
    return text[:i] + "..." + text[len(text) - j:]


def _sorted(items):
    try:
        return sorted(items)
    except Exception:  # noqa: BLE001  (unorderable keys: kept in their order, as CPython's reprlib)
        return list(items)


class Repr:
    """CPython's ``reprlib.Repr``: its limits as attributes, ``repr(value)``."""
    def __init__(self):
        self.maxlevel, self.maxtuple, self.maxlist, self.maxarray = 6, 6, 6, 5
        self.maxdict, self.maxset, self.maxfrozenset, self.maxdeque = 4, 6, 6, 6
        self.maxstring, self.maxlong, self.maxother = 30, 40, 30

    def repr(self, value):
        return self.repr1(value, self.maxlevel)

    def repr1(self, x, level):
        if isinstance(x, bool) or x is None:
            return _elide(repr(x), self.maxother)
        if isinstance(x, str):
            s = repr(x[:self.maxstring])
            if len(s) > self.maxstring:
                i = max(0, (self.maxstring - 3) // 2)
                j = max(0, self.maxstring - 3 - i)
                s = repr(x[:i] + x[len(x) - j:])
                s = s[:i] + "..." + s[len(s) - j:]
            return s
        if isinstance(x, int):
            return _elide(repr(x), self.maxlong)
        if isinstance(x, list):
            return self._items(x, level, "[", "]", self.maxlist)
        if isinstance(x, tuple):
            return self._items(x, level, "(", ",)" if len(x) == 1 else ")", self.maxtuple)
        if isinstance(x, dict):
            return self._dict(x, level)
        if isinstance(x, frozenset):
            return "frozenset()" if not x else self._items(_sorted(x), level, "frozenset({", "})", self.maxfrozenset)
        if isinstance(x, set):
            return "set()" if not x else self._items(_sorted(x), level, "{", "}", self.maxset)
        return _elide(repr(x), self.maxother)

    def _items(self, x, level, left, right, limit):
        if not x:
            return left + (right[1:] if right == ",)" else right)
        if level <= 0:
            return left + "..." + (right[1:] if right == ",)" else right)
        pieces = [self.repr1(item, level - 1) for item in list(x)[:limit]]
        if len(x) > limit:
            pieces.append("...")
        return left + ", ".join(pieces) + right

    def _dict(self, x, level):
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = []
        for key in _sorted(x.keys())[:self.maxdict]:
            pieces.append("%s: %s" % (self.repr1(key, level - 1), self.repr1(x[key], level - 1)))
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


