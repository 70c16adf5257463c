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


_WHITE = " \t\n\r"
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_CONSTANTS = (("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"))


def loads(text, parse_constant=None, **_options):
    """Parse JSON ``text``: objects as OrderedDicts; NaN/Infinity go to ``parse_constant`` (default: floats)."""
    if not isinstance(text, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not %s" % type(text).__name__)
    parser = _Parser(text, parse_constant)
    value, end = parser.value(parser.skip(0))
    end = parser.skip(end)
    if end != len(text):
        raise JSONDecodeError("Extra data", text, end)
    return value


class _Parser:
    def __init__(self, text, parse_constant):
        self.text, self.constant = text, parse_constant or float

    def skip(self, i):
        text = self.text
        while i < len(text) and text[i] in _WHITE:
            i += 1
        return i

    def value(self, i):
        text = self.text
        c = text[i:i + 1]
        if c == '"':
            return self.string(i + 1)
        if c == "{":
            return self.object(i + 1)
        if c == "[":
            return self.array(i + 1)
        for word, value in (("null", None), ("true", True), ("false", False)):
            if text.startswith(word, i):
                return value, i + len(word)
        for word, name in _CONSTANTS:
            if text.startswith(word, i):
                return self.constant(name), i + len(word)
        return self.number(i)

    def number(self, i):
        text, j = self.text, i
        if text[j:j + 1] == "-":
            j += 1
        digits = j
        while j < len(text) and "0" <= text[j] <= "9":
            j += 1
        if j == digits or (text[digits] == "0" and j - digits > 1 and False):
            raise JSONDecodeError("Expecting value", text, i)
        if text[digits] == "0":
            j = digits + 1
        whole, is_float = j, False
        if text[j:j + 1] == "." and text[j + 1:j + 2].isdigit():
            j += 2
            while j < len(text) and "0" <= text[j] <= "9":
                j += 1
            is_float = True
        if text[j:j + 1] in ("e", "E"):
            k = j + 1
            if text[k:k + 1] in ("+", "-"):
                k += 1
            if text[k:k + 1].isdigit():
                while k < len(text) and "0" <= text[k] <= "9":
                    k += 1
                j, is_float = k, True
        if is_float:
            return float(text[i:j]), j
        if whole - digits > 4300:
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion: value has %d digits;"
                             " use sys.set_int_max_str_digits() to increase the limit" % (whole - digits))
        return int(text[i:j]), j

    def string(self, i):
        text, start, out = self.text, i - 1, []
        while True:
            j = i
            while j < len(text) and text[j] != '"' and text[j] != "\\" and text[j] >= " ":
                j += 1
            out.append(text[i:j])
            if j >= len(text):
                raise JSONDecodeError("Unterminated string starting at", text, start)
            c = text[j]
            if c == '"':
                return "".join(out), j + 1
            if c != "\\":
                raise JSONDecodeError("Invalid control character at", text, j)
            escape = text[j + 1:j + 2]
            if escape == "":
                raise JSONDecodeError("Unterminated string starting at", text, start)
            if escape != "u":
                if escape not in _ESCAPES:
                    raise JSONDecodeError("Invalid \\escape", text, j)
                out.append(_ESCAPES[escape])
                i = j + 2
                continue
            code, i = self.hex4(j + 1), j + 6
            if 0xD800 <= code <= 0xDBFF and text[i:i + 2] == "\\u":
                low = self.hex4(i + 1)
                if 0xDC00 <= low <= 0xDFFF:
                    code, i = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00), i + 6
            out.append("\ufffd" if 0xD800 <= code <= 0xDFFF else chr(code))

    def hex4(self, u):
        digits = self.text[u + 1:u + 5]
        if len(digits) != 4 or any(c not in "0123456789abcdefABCDEF" for c in digits):
            raise JSONDecodeError("Invalid \\uXXXX escape", self.text, u)
        return int(digits, 16)

    def object(self, i):
        text, out = self.text, OrderedDict()
        i = self.skip(i)
        if text[i:i + 1] == "}":
            return out, i + 1
        while True:
            if text[i:i + 1] != '"':
                raise JSONDecodeError("Expecting property name enclosed in double quotes", text, i)
            key, i = self.string(i + 1)
            i = self.skip(i)
            if text[i:i + 1] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", text, i)
            i = self.skip(i + 1)
            if i >= len(text):
                raise JSONDecodeError("Expecting value", text, i)
            out[key], i = self.value(i)
            i = self.skip(i)
            c = text[i:i + 1]
            if c == "}":
                return out, i + 1
            if c != ",":
                raise JSONDecodeError("Expecting ',' delimiter", text, i)
            i = self.skip(i + 1)

    def array(self, i):
        text, out = self.text, []
        i = self.skip(i)
        if text[i:i + 1] == "]":
            return out, i + 1
        while True:
            if i >= len(text):
                raise JSONDecodeError("Expecting value", text, i)
            item, i = self.value(i)
            out.append(item)
            i = self.skip(i)
            c = text[i:i + 1]
            if c == "]":
                return out, i + 1
            if c != ",":
                raise JSONDecodeError("Expecting ',' delimiter", text, i)
            i = self.skip(i + 1)
