"""``json`` for MicroPython: ``loads`` that keeps the order of an object's keys (MicroPython's own builds an
unordered dict) and words its errors as CPython's ``json.JSONDecodeError`` does (the door shows them); ``dumps``
is MicroPython's own, whose output is CPython's with ``ensure_ascii=False`` (the only form the package uses).

A lone surrogate escape (``"\\ud800"``) becomes U+FFFD here; the door refuses a request that holds one by reading
its JSON text (calculators/api/surrogates.py), so no answer depends on it.
"""

from collections import OrderedDict

from .core import RecursionError



class JSONDecodeError(ValueError):
    """A ValueError whose text is CPython's: message, line, column and character offset."""
    def __init__(self, message, text, pos):
        line = text.count("\n", 0, pos) + 1
        column = pos - text.rfind("\n", 0, pos) if "\n" in text[:pos] else pos + 1
        super().__init__("%s: line %d column %d (char %d)" % (message, line, column, pos))


def dumps(value, **_options):
    """JSON text of ``value`` as CPython's ``json.dumps(value, ensure_ascii=False)`` writes it.

    Written here rather than MicroPython's own, whose floats are not always the shortest text that reads back
    as the same number (``0.07870370370370371`` for CPython's ``0.0787037037037037``).
    """
    out = []
    _dump(value, out)
    return "".join(out)


def _dump(value, out):
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_string(value))
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        out.append(float_repr(value))
    elif isinstance(value, dict):
        out.append("{")
        first = True
        for key in value:
            if not first:
                out.append(", ")
            first = False
            out.append(_string(_key(key)))
            out.append(": ")
            _dump(value[key], out)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(", ")
            _dump(item, out)
        out.append("]")
    else:
        raise TypeError("Object of type %s is not JSON serializable" % type(value).__name__)


def _key(key):
    if isinstance(key, str):
        return key
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, float):
        return float_repr(key)
    if isinstance(key, int):
        return str(key)
    raise TypeError("keys must be str, int, float, bool or None, not %s" % type(key).__name__)


_STRING_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _string(text):
    if not any(c in _STRING_ESCAPES or c < " " for c in text):
        return '"' + text + '"'
    out = ['"']
    for c in text:
        if c in _STRING_ESCAPES:
            out.append(_STRING_ESCAPES[c])
        elif c < " ":
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def float_repr(x):
    """CPython's ``repr`` of a finite float: the shortest decimal that reads back as ``x``."""
    if x != x or x in (float("inf"), float("-inf")):
        return {True: "NaN"}.get(x != x) or ("Infinity" if x > 0 else "-Infinity")
    if x == 0:
        return "-0.0" if str(x).startswith("-") else "0.0"
    # any decimal of 15 digits or fewer reads back through a normal float, so those start at 15; subnormals
    # hold fewer digits and start at 1
    for n in (range(1, 18) if abs(x) < 2.2250738585072014e-308 else (15, 16, 17)):
        text = ("%." + str(n - 1) + "e") % x
        if float(text) == x:
            break
    mantissa, exponent = text.split("e")
    exponent = int(exponent)
    sign = "-" if mantissa.startswith("-") else ""
    digits = mantissa.lstrip("-").replace(".", "").rstrip("0") or "0"
    if -4 <= exponent < 16:
        if exponent < 0:
            return sign + "0." + "0" * (-exponent - 1) + digits
        if len(digits) <= exponent + 1:
            return sign + digits + "0" * (exponent + 1 - len(digits)) + ".0"
        return sign + digits[:exponent + 1] + "." + digits[exponent + 1:]
    tail = "." + digits[1:] if len(digits) > 1 else ""
    return sign + digits[0] + tail + "e" + ("-" if exponent < 0 else "+") + "%02d" % abs(exponent)


_WHITE = b" \t\n\r"
_ESCAPES = {0x22: '"', 0x5C: "\\", 0x2F: "/", 0x62: "\b", 0x66: "\f", 0x6E: "\n", 0x72: "\r", 0x74: "\t"}
_CONSTANTS = ((b"NaN", "NaN"), (b"Infinity", "Infinity"), (b"-Infinity", "-Infinity"))
_WORDS = ((b"null", None), (b"true", True), (b"false", False))
_DIGITS = b"0123456789"
_HEX = b"0123456789abcdefABCDEF"


#: texts read ahead of their parse (the site's rules, by mpshim.sortedjson: mp-worker.js) -> their value, taken once
READY = {}


def loads(text, parse_constant=None, **_options):
    """Parse JSON ``text``: objects as OrderedDicts; NaN/Infinity go to ``parse_constant`` (default: floats).

    The parser walks the UTF-8 bytes (indexing MicroPython's str is not constant-time); error positions are
    counted in characters, as CPython's. A text in READY is not parsed again: its value is taken from there.
    """
    if not isinstance(text, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not %s" % type(text).__name__)
    if text in READY:
        return READY.pop(text)
    parser = _Parser(text, parse_constant)
    try:
        value, end = parser.value(parser.skip(0))
        end = parser.skip(end)
        if end != len(parser.b):
            raise _Fail("Extra data", end)
    except _Fail as e:
        chars = len(parser.b[:e.pos].decode("utf-8"))
        raise JSONDecodeError(e.message, text, chars) from None
    return value


#: how deep arrays and objects nest before the parse stops as CPython's does, with a RecursionError (CPython's
#: limit is 1,000 frames less those of its caller: an approximation, the same answer for a nesting below 900
#: and for one of 1,000 or more)
MAX_NESTING = 990


def _too_deep(kind):
    return RecursionError("maximum recursion depth exceeded while decoding a JSON %s from a unicode string" % kind)


class _Fail(Exception):
    def __init__(self, message, pos):
        super().__init__(message)
        self.message, self.pos = message, pos


class _Parser:
    def __init__(self, text, parse_constant):
        self.b, self.constant = text.encode("utf-8"), parse_constant or float
        self.depth = 0

    def skip(self, i):
        b = self.b
        n = len(b)
        while i < n and b[i] in _WHITE:
            i += 1
        return i

    def value(self, i):
        """The value at byte ``i`` and the byte after it; arrays and objects with an explicit stack (no recursion:
        MicroPython's stack is small), each entry ``[container, key or None]``."""
        b, stack = self.b, []
        while True:
            value, i, opened = self._scalar_or_open(i, len(stack))
            if opened is not None:
                i = self.skip(i)
                close = 0x5D if isinstance(opened, list) else 0x7D
                if i < len(b) and b[i] == close:
                    value, i = opened, i + 1
                else:
                    stack.append([opened, None])
                    if isinstance(opened, list):
                        if i >= len(b):
                            raise _Fail("Expecting value", i)
                        continue
                    i = self._key(stack[-1], i)
                    continue
            while True:  # ``value`` is complete: store it in its container, then a separator or the close
                if not stack:
                    return value, i
                top = stack[-1]
                container = top[0]
                if isinstance(container, list):
                    container.append(value)
                else:
                    container[top[1]] = value
                i = self.skip(i)
                c = b[i] if i < len(b) else -1
                if c == 0x2C:
                    i = self.skip(i + 1)
                    if isinstance(container, list):
                        if i >= len(b):
                            raise _Fail("Expecting value", i)
                    else:
                        i = self._key(top, i)
                    break
                if c == (0x5D if isinstance(container, list) else 0x7D):
                    stack.pop()
                    value, i = container, i + 1
                    continue
                raise _Fail("Expecting ',' delimiter", i)

    def _key(self, top, i):
        """Read ``"key" :`` at byte ``i`` into ``top``; return where its value starts."""
        b = self.b
        if b[i:i + 1] != b'"':
            raise _Fail("Expecting property name enclosed in double quotes", i)
        top[1], i = self.string(i + 1)
        i = self.skip(i)
        if b[i:i + 1] != b":":
            raise _Fail("Expecting ':' delimiter", i)
        i = self.skip(i + 1)
        if i >= len(b):
            raise _Fail("Expecting value", i)
        return i

    def _scalar_or_open(self, i, depth):
        """``(value, end, None)`` for a scalar at byte ``i``; ``(None, i + 1, new container)`` for ``[`` or ``{``."""
        b = self.b
        c = b[i] if i < len(b) else -1
        if c == 0x22:
            value, end = self.string(i + 1)
            return value, end, None
        if c == 0x7B or c == 0x5B:
            if depth >= MAX_NESTING:
                raise _too_deep("object" if c == 0x7B else "array")
            return None, i + 1, (OrderedDict() if c == 0x7B else [])
        for word, value in _WORDS:
            if b.startswith(word, i):
                return value, i + len(word), None
        for word, name in _CONSTANTS:
            if b.startswith(word, i):
                return self.constant(name), i + len(word), None
        value, end = self.number(i)
        return value, end, None

    def _digits(self, j):
        b, n = self.b, len(self.b)
        while j < n and b[j] in _DIGITS:
            j += 1
        return j

    def number(self, i):
        b, j = self.b, i
        if b[j:j + 1] == b"-":
            j += 1
        digits = j
        j = self._digits(j)
        if j == digits:
            raise _Fail("Expecting value", i)
        if b[digits] == 0x30:
            j = digits + 1
        whole, is_float = j, False
        if b[j:j + 1] == b"." and b[j + 1:j + 2] and b[j + 1] in _DIGITS:
            j, is_float = self._digits(j + 2), True
        if b[j:j + 1] in (b"e", b"E"):
            k = j + 1
            if b[k:k + 1] in (b"+", b"-"):
                k += 1
            if b[k:k + 1] and b[k] in _DIGITS:
                j, is_float = self._digits(k), True
        if is_float:
            return float(b[i:j].decode()), j
        if whole - digits > 4300:
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion: value has %d digits;"
                             " use sys.set_int_max_str_digits() to increase the limit" % (whole - digits))
        return int(b[i:j].decode()), j

    def string(self, i):
        b, start, out = self.b, i - 1, []
        n = len(b)
        while True:
            j = i
            while j < n and b[j] != 0x22 and b[j] != 0x5C and b[j] >= 0x20:
                j += 1
            out.append(b[i:j].decode("utf-8"))
            if j >= n:
                raise _Fail("Unterminated string starting at", start)
            c = b[j]
            if c == 0x22:
                return "".join(out), j + 1
            if c != 0x5C:
                raise _Fail("Invalid control character at", j)
            if j + 1 >= n:
                raise _Fail("Unterminated string starting at", start)
            escape = b[j + 1]
            if escape != 0x75:
                if escape not in _ESCAPES:
                    raise _Fail("Invalid \\escape", j)
                out.append(_ESCAPES[escape])
                i = j + 2
                continue
            code, i = self.hex4(j + 1), j + 6
            if 0xD800 <= code <= 0xDBFF and b[i:i + 2] == b"\\u":
                low = self.hex4(i + 1)
                if 0xDC00 <= low <= 0xDFFF:
                    code, i = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00), i + 6
            out.append("\ufffd" if 0xD800 <= code <= 0xDFFF else chr(code))

    def hex4(self, u):
        digits = self.b[u + 1:u + 5]
        if len(digits) != 4 or any(c not in _HEX for c in digits):
            raise _Fail("Invalid \\uXXXX escape", u)
        return int(digits.decode(), 16)
