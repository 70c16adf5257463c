"""``json`` for MicroPython: ``loads`` that keeps the order of an object's keys (MicroPython's own builds an
unordered dict) and words its errors as CPython's ``json.JSONDecodeError`` does (the door shows them); ``dumps``
is MicroPython's own, whose output is CPython's with ``ensure_ascii=False`` (the only form the package uses).

A lone surrogate escape (``"\\ud800"``) becomes U+FFFD: MicroPython's strings are UTF-8 and cannot hold one;
the door replaces them with U+FFFD in every answer anyway.
"""

from json import dumps as _dumps
from collections import OrderedDict



class JSONDecodeError(ValueError):
    def __init__(self, message, text, pos):
        line = text.count("\n", 0, pos) + 1
        column = pos - text.rfind("\n", 0, pos) if "\n" in text[:pos] else pos + 1
        ValueError.__init__(self, "%s: line %d column %d (char %d)" % (message, line, column, pos))


def dumps(value, **_options):
    """JSON text of ``value`` (``ensure_ascii=False``, default separators)."""
    return _dumps(value)


_WHITE = b" \t\n\r"
_ESCAPES = {0x22: '"', 0x5C: "\\", 0x2F: "/", 0x62: "\b", 0x66: "\f", 0x6E: "\n", 0x72: "\r", 0x74: "\t"}
_CONSTANTS = ((b"NaN", "NaN"), (b"Infinity", "Infinity"), (b"-Infinity", "-Infinity"))
_WORDS = ((b"null", None), (b"true", True), (b"false", False))
_DIGITS = b"0123456789"
_HEX = b"0123456789abcdefABCDEF"


def loads(text, parse_constant=None, **_options):
    """Parse JSON ``text``: objects as OrderedDicts; NaN/Infinity go to ``parse_constant`` (default: floats).

    The parser walks the UTF-8 bytes (indexing MicroPython's str is not constant-time); error positions are
    counted in characters, as CPython's.
    """
    if not isinstance(text, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not %s" % type(text).__name__)
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


class _Fail(Exception):
    def __init__(self, message, pos):
        Exception.__init__(self, message)
        self.message, self.pos = message, pos


class _Parser:
    def __init__(self, text, parse_constant):
        self.b, self.constant = text.encode("utf-8"), parse_constant or float

    def skip(self, i):
        b = self.b
        n = len(b)
        while i < n and b[i] in _WHITE:
            i += 1
        return i

    def value(self, i):
        b = self.b
        c = b[i] if i < len(b) else -1
        if c == 0x22:
            return self.string(i + 1)
        if c == 0x7B:
            return self.object(i + 1)
        if c == 0x5B:
            return self.array(i + 1)
        for word, value in _WORDS:
            if b.startswith(word, i):
                return value, i + len(word)
        for word, name in _CONSTANTS:
            if b.startswith(word, i):
                return self.constant(name), i + len(word)
        return self.number(i)

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

    def object(self, i):
        b, out = self.b, OrderedDict()
        i = self.skip(i)
        if b[i:i + 1] == b"}":
            return out, i + 1
        while True:
            if b[i:i + 1] != b'"':
                raise _Fail("Expecting property name enclosed in double quotes", i)
            key, i = self.string(i + 1)
            i = self.skip(i)
            if b[i:i + 1] != b":":
                raise _Fail("Expecting ':' delimiter", i)
            i = self.skip(i + 1)
            if i >= len(b):
                raise _Fail("Expecting value", i)
            out[key], i = self.value(i)
            i = self.skip(i)
            c = b[i:i + 1]
            if c == b"}":
                return out, i + 1
            if c != b",":
                raise _Fail("Expecting ',' delimiter", i)
            i = self.skip(i + 1)

    def array(self, i):
        b, out = self.b, []
        i = self.skip(i)
        if b[i:i + 1] == b"]":
            return out, i + 1
        while True:
            if i >= len(b):
                raise _Fail("Expecting value", i)
            item, i = self.value(i)
            out.append(item)
            i = self.skip(i)
            c = b[i:i + 1]
            if c == b"]":
                return out, i + 1
            if c != b",":
                raise _Fail("Expecting ',' delimiter", i)
            i = self.skip(i + 1)
