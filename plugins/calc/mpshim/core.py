"""Helpers that the rewritten calculators call in place of constructs MicroPython lacks or treats differently.

MicroPython's ``dict`` does not keep insertion order (CPython's does, and the JSON answers show it), so every
dict display, comprehension and ``dict(...)`` call of the package becomes an ``OrderedDict`` built here.
"""

from collections import OrderedDict

from .fractions import Fraction

OD = OrderedDict


def od(pairs=()):
    """An OrderedDict of ``pairs`` (an iterable of 2-item pairs, or a mapping), in their order."""
    out = OrderedDict()
    if isinstance(pairs, dict):
        for k in pairs:
            out[k] = pairs[k]
        return out
    for k, v in pairs:
        out[k] = v
    return out


def odict(*args, **kwargs):
    """``dict(...)`` with order kept: an optional mapping or iterable of pairs, then keyword items."""
    if len(args) > 1:
        raise TypeError("dict expected at most 1 argument, got %d" % len(args))
    out = od(args[0]) if args else OrderedDict()
    for k in kwargs:
        out[k] = kwargs[k]
    return out


def merge(*parts):
    """A dict display with ``**`` unpacking: ``parts`` are lists of pairs or mappings, merged left to right."""
    out = OrderedDict()
    for part in parts:
        if isinstance(part, list):
            for k, v in part:
                out[k] = v
        else:
            for k in part.keys():
                out[k] = part[k]
    return out


def fromkeys(keys, value=None):
    """``dict.fromkeys`` with order kept."""
    out = OrderedDict()
    for k in keys:
        out[k] = value
    return out


def _title(text):
    out, previous = [], False
    for c in text:
        cased = c.isalpha()
        out.append((c.lower() if previous else c.upper()) if cased else c)
        previous = cased
    return "".join(out)


def _ljust(text, width, fill=" "):
    return text + fill * (width - len(text)) if len(text) < width else text


def _bit_length(n):
    n, bits = abs(n), 0
    while n >= 1 << 64:
        n >>= 64
        bits += 64
    while n:
        n >>= 1
        bits += 1
    return bits


def _translate(text, table):
    return "".join(_mapped(table, c) for c in text)


def _mapped(table, c):
    got = table.get(ord(c), c) if ord(c) in table else c
    if got is None:
        return ""
    return chr(got) if isinstance(got, int) else got


#: what CPython's str.isspace accepts (MicroPython's: the ASCII ones only)
_SPACE = frozenset("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                   "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def space(name, target):
    """``target.name()`` for ``strip``, ``lstrip``, ``rstrip``, ``split`` and ``isspace`` as CPython's str does
    them, on any Unicode white space; another type's own method."""
    if not isinstance(target, str):
        return getattr(target, name)()
    if name == "isspace":
        return bool(target) and all(c in _SPACE for c in target)
    if name == "split":
        out, word = [], []
        for c in target:
            if c in _SPACE:
                if word:
                    out.append("".join(word))
                    word = []
            else:
                word.append(c)
        if word:
            out.append("".join(word))
        return out
    start, end = 0, len(target)
    if name != "rstrip":
        while start < end and target[start] in _SPACE:
            start += 1
    if name != "lstrip":
        while end > start and target[end - 1] in _SPACE:
            end -= 1
    return target[start:end]


_METHODS = {"title": _title, "ljust": _ljust, "bit_length": _bit_length, "translate": _translate}


def call(name, target, *args):
    """``target.name(*args)``, or the stand-in of a str/int method MicroPython lacks (title, ljust, ...)."""
    method = getattr(target, name, None)
    if method is not None:
        return method(*args)
    return _METHODS[name](target, *args)


def maketrans(table):
    """``str.maketrans`` of a dict of single characters: {ord(key): value}."""
    return od((ord(k), v) for k, v in table.items())



#: MicroPython raises RuntimeError("maximum recursion depth exceeded") where CPython raises RecursionError
try:
    RecursionError = RecursionError
except NameError:
    RecursionError = RuntimeError


# MicroPython does not try the reflected comparison: ``1 <= Fraction(1, 2)`` raises TypeError there (CPython
# asks ``Fraction.__ge__``).  The rewriter sends <, <=, >, >= through these.  An int before a Fraction is the
# common case and goes straight to the reflected method: an exception costs more than the comparison there.
def lt(a, b):
    """``a < b``, or ``b > a`` when ``a``'s type cannot compare (an int with a Fraction)."""
    if type(b) is Fraction and type(a) is int:
        return b > a
    try:
        return a < b
    except TypeError:
        return b > a


def le(a, b):
    """``a <= b``, or ``b >= a`` when ``a``'s type cannot compare."""
    if type(b) is Fraction and type(a) is int:
        return b >= a
    try:
        return a <= b
    except TypeError:
        return b >= a


def gt(a, b):
    """``a > b``, or ``b < a`` when ``a``'s type cannot compare."""
    if type(b) is Fraction and type(a) is int:
        return b < a
    try:
        return a > b
    except TypeError:
        return b < a


def ge(a, b):
    """``a >= b``, or ``b <= a`` when ``a``'s type cannot compare."""
    if type(b) is Fraction and type(a) is int:
        return b <= a
    try:
        return a >= b
    except TypeError:
        return b <= a


def _extreme(args, key, default, better, name):
    items = args[0] if len(args) == 1 else args
    first = True
    best = best_key = None
    for item in items:
        k = key(item) if key else item
        if first:
            best, best_key, first = item, k, False
        elif better(k, best_key):
            best, best_key = item, k
    if first:
        if default is _NOTHING:
            raise ValueError("%s() arg is an empty sequence" % name)
        return default
    return best


_NOTHING = object()


def max_(*args, key=None, default=_NOTHING):
    """``max`` comparing through :func:`gt` (the first of equal items wins, as CPython's)."""
    if len(args) == 2 and key is None:
        a, b = args
        return b if gt(b, a) else a
    return _extreme(args, key, default, gt, "max")


def min_(*args, key=None, default=_NOTHING):
    """``min`` comparing through :func:`lt`."""
    if len(args) == 2 and key is None:
        a, b = args
        return b if lt(b, a) else a
    return _extreme(args, key, default, lt, "min")


def and_(a, b):
    """``a & b``; a frozenset stays a frozenset (MicroPython's ``frozenset & set`` gives a set)."""
    out = a & b
    return frozenset(out) if isinstance(a, frozenset) and not isinstance(out, frozenset) else out


def slice_(x, start, stop, step):
    """``x[start:stop:step]``: MicroPython slices only lists with a step; tuples and strings go through one."""
    if isinstance(x, list):
        return x[start:stop:step]
    picked = list(x)[start:stop:step]
    return "".join(picked) if isinstance(x, str) else tuple(picked)


# CPython's repr keeps printable non-ASCII characters (``'é'``); MicroPython's escapes every one (``'\xe9'``).
# Not printable, as CPython's str.isprintable says: the ranges that the build writes from CPython's own Unicode
# database into ``unprintable.py`` (unassigned code points included).
_REPR_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _hidden(code):
    """True if CPython's ``repr`` escapes code point ``code`` (a binary search of the ranges)."""
    from .unprintable import RANGES
    low, high = 0, len(RANGES) // 2
    while low < high:
        middle = (low + high) // 2
        if RANGES[2 * middle + 1] < code:
            low = middle + 1
        else:
            high = middle
    return low < len(RANGES) // 2 and RANGES[2 * low] <= code


def repr_str(text):
    """CPython's ``repr`` of a str."""
    quote = '"' if "'" in text and '"' not in text else "'"
    out = [quote]
    for c in text:
        code = ord(c)
        if c in _REPR_ESCAPES:
            out.append(_REPR_ESCAPES[c])
        elif c == quote:
            out.append("\\" + c)
        elif 0x20 <= code < 0x7F:
            out.append(c)
        elif _hidden(code):
            out.append("\\x%02x" % code if code < 0x100 else "\\u%04x" % code if code < 0x10000 else "\\U%08x" % code)
        else:
            out.append(c)
    out.append(quote)
    return "".join(out)


def repr_(value):
    """CPython's ``repr``: str as :func:`repr_str`, inside lists, tuples, dicts and sets too; else the native."""
    if isinstance(value, str):
        return repr_str(value)
    if isinstance(value, list):
        return "[" + ", ".join(repr_(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(repr_(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(repr_(k) + ": " + repr_(value[k]) for k in value) + "}"
    if isinstance(value, (set, frozenset)) and value and not isinstance(value, type):
        inner = "{" + ", ".join(repr_(v) for v in value) + "}"
        return inner if isinstance(value, set) else "frozenset(" + inner + ")"
    return repr(value)
