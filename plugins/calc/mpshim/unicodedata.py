"""``unicodedata.normalize("NFKC", ...)`` for MicroPython, which has no Unicode database.

Text of ASCII, full-width ASCII (U+FF01-U+FF5E) and the ideographic space (what a phone's keyboard types into
the notation field) is mapped directly.  Other text goes through the algorithm of UAX #15 with the tables that
the build writes from CPython's own database into ``unicodetables.py`` (read on first use): each character's
full compatibility decomposition (Hangul syllables by arithmetic), canonical ordering of combining marks by
their combining class, then canonical composition of the primary composites, so the answer is CPython's.
"""

_TABLES = []

# Hangul syllables: decomposed and composed by arithmetic (UAX #15, 3.12)
_S0, _L0, _V0, _T0 = 0xAC00, 0x1100, 0x1161, 0x11A7
_LN, _VN, _TN = 19, 21, 28
_SN = _LN * _VN * _TN


def _tables():
    """(decomposition by code point, combining class by code point, composite by pair of code points)."""
    if not _TABLES:
        from .unicodetables import COMBINING, COMPOSED, DECOMPOSED
        decomposed = {}
        for entry in DECOMPOSED.split("\x00"):
            if entry:
                decomposed[ord(entry[0])] = entry[1:]
        combining = {ord(COMBINING[i]): ord(COMBINING[i + 1]) for i in range(0, len(COMBINING), 2)}
        composed = {(ord(COMPOSED[i]), ord(COMPOSED[i + 1])): COMPOSED[i + 2] for i in range(0, len(COMPOSED), 3)}
        _TABLES.extend((decomposed, combining, composed))
    return _TABLES


def _typed_only(text):
    for c in text:
        code = ord(c)
        if code >= 0x80 and not (0xFF01 <= code <= 0xFF5E) and code != 0x3000:
            return False
    return True


def normalize(form, text):
    """``text`` in Unicode normalization form NFKC, as CPython's; ValueError for another ``form``."""
    if form != "NFKC":
        raise ValueError("invalid normalization form")
    try:
        if len(text.encode("utf-8")) == len(text):
            return text  # ASCII
    except UnicodeError:  # a surrogate, under CPython (the door refuses them): left as it is, as CPython does
        pass
    if _typed_only(text):
        return "".join(chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else " " if c == "\u3000" else c
                       for c in text)
    decomposed, combining, composed = _tables()
    return _compose(_reorder(_decompose(text, decomposed), combining), combining, composed)


def _decompose(text, decomposed):
    out = []
    for c in text:
        code = ord(c)
        if _S0 <= code < _S0 + _SN:
            index = code - _S0
            out.append(chr(_L0 + index // (_VN * _TN)))
            out.append(chr(_V0 + index % (_VN * _TN) // _TN))
            if index % _TN:
                out.append(chr(_T0 + index % _TN))
        else:
            out.extend(decomposed.get(code, c))
    return out


def _reorder(chars, combining):
    """Canonical ordering: each run of combining marks sorted by class, stably."""
    i = 0
    while i < len(chars):
        if combining.get(ord(chars[i]), 0) == 0:
            i += 1
            continue
        j = i
        while j < len(chars) and combining.get(ord(chars[j]), 0):
            j += 1
        chars[i:j] = sorted(chars[i:j], key=lambda c: combining[ord(c)])
        i = j
    return chars


def _pair(first, second, composed):
    a, b = ord(first), ord(second)
    if _L0 <= a < _L0 + _LN and _V0 <= b < _V0 + _VN:
        return chr(_S0 + ((a - _L0) * _VN + b - _V0) * _TN)
    if _S0 <= a < _S0 + _SN and (a - _S0) % _TN == 0 and _T0 < b < _T0 + _TN:
        return chr(a + b - _T0)
    return composed.get((a, b))


def _compose(chars, combining, composed):
    """Canonical composition: each character joins the last starter unless a character between blocks it."""
    out = []
    starter = None  # index in out of the last starter
    for c in chars:
        klass = combining.get(ord(c), 0)
        if starter is not None:
            last = combining.get(ord(out[-1]), 0) if len(out) - 1 > starter else None
            if last is None or (last != 0 and last < klass):
                joined = _pair(out[starter], c, composed)
                if joined is not None:
                    out[starter] = joined
                    continue
        if klass == 0:
            starter = len(out)
        out.append(c)
    return "".join(out)
