"""The stand-ins of the standard library for MicroPython (plugins/calc/mpshim/) answer as CPython's modules do,
run here under CPython: exact fractions (the arithmetic of issue 26 item 11's speed work), ``math.comb`` (the
``prayers`` kind), NFKC normalization and ``repr``'s printable characters (the notation quotes what it read).
Each failed before its shim was written or mended: ``comb`` was missing, so the whole build could not import
under MicroPython; ``normalize`` mapped only full-width ASCII; ``repr`` did not escape unassigned code points.
"""

from __future__ import annotations

import fractions
import math
import operator
import random
import sys
import tempfile
import unicodedata
from pathlib import Path

import pytest

from plugins.calc.micropython import write_shims

_ROOT = Path(tempfile.mkdtemp(prefix="mpshim-"))
write_shims(_ROOT / "mpshim")
sys.path.insert(0, str(_ROOT))

from mpshim import core, unicodedata as mp_unicodedata  # noqa: E402
from mpshim.fractions import Fraction  # noqa: E402
from mpshim.math import comb  # noqa: E402

_OPS = [operator.add, operator.sub, operator.mul, operator.truediv]


def _operand(rng: random.Random) -> tuple[int, int]:
    numerator = rng.choice([rng.randint(-40, 40), rng.randint(-5, 5) * 6 ** rng.randint(0, 30)])
    return numerator, rng.choice([1, 2, 3, 6, 36, 6 ** rng.randint(0, 25), rng.randint(1, 60)])


def test_fraction_arithmetic_and_comparisons_are_cpythons():
    rng = random.Random(26)
    for _ in range(20_000):
        a, b = _operand(rng), _operand(rng)
        ours, theirs = (Fraction(*a), Fraction(*b)), (fractions.Fraction(*a), fractions.Fraction(*b))
        if rng.random() < 0.3:  # an int on either side
            k = rng.randint(-7, 7)
            ours, theirs = (ours[0], k), (theirs[0], k)
            if rng.random() < 0.5:
                ours, theirs = ours[::-1], theirs[::-1]
        op = rng.choice(_OPS)
        try:
            expected = op(*theirs)
        except ZeroDivisionError:
            with pytest.raises(ZeroDivisionError):
                op(*ours)
            continue
        got = op(*ours)
        assert (got.numerator, got.denominator) == (expected.numerator, expected.denominator), (a, b, op)
        assert float(got) == float(expected) and str(got) == str(expected)
        for compare in (core.lt, core.le, core.gt, core.ge):
            assert compare(*ours) == compare(*theirs), (a, b, compare)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
        assert hash(got) == hash(Fraction(got.numerator, got.denominator))


def test_powers_min_and_max_are_cpythons():
    half, third = Fraction(1, 2), Fraction(-1, 3)
    for base, exponent in ((half, 3), (third, -3), (Fraction(0), 0), (Fraction(6, 4), -2)):
        ours, theirs = base ** exponent, fractions.Fraction(base.numerator, base.denominator) ** exponent
        assert (ours.numerator, ours.denominator) == (theirs.numerator, theirs.denominator)
    assert core.max_(0, half) is half and core.min_(0, third) is third and core.max_(1, 1.0) == 1
    assert str(core.max_([third, 0, half])) == "1/2" and core.min_([], default=7) == 7


def test_comb_is_cpythons():
    assert all(comb(n, k) == math.comb(n, k) for n in range(60) for k in range(65))
    for bad in ((-1, 2), (3, -1)):
        with pytest.raises(ValueError):
            comb(*bad)


def test_nfkc_is_cpythons_for_every_character():
    for code in range(0x110000):
        if not 0xD800 <= code <= 0xDFFF:
            c = chr(code)
            assert mp_unicodedata.normalize("NFKC", c) == unicodedata.normalize("NFKC", c), hex(code)


def test_nfkc_is_cpythons_for_combining_sequences():
    rng = random.Random(11)
    marks = list(range(0x300, 0x370)) + [0x1100, 0x1161, 0x11A8, 0xAC00, 0x3099, 0x309A, 0x304B, 0x0B47, 0x0B3E,
                                         0x0F71, 0x0F72, 0x0F80, 0xFF76, 0xFF9E]
    for _ in range(20_000):
        text = "".join(chr(rng.choice([rng.randint(0x20, 0x7E), rng.choice(marks), rng.randint(0xA0, 0x3000),
                                       rng.randint(0x10000, 0x1FFFF)])) for _ in range(rng.randint(1, 8)))
        assert mp_unicodedata.normalize("NFKC", text) == unicodedata.normalize("NFKC", text), ascii(text)


def test_repr_escapes_what_cpython_escapes():
    from mpshim.unprintable import RANGES
    edges = {code for edge in RANGES for code in (edge - 1, edge, edge + 1) if 0 <= code < 0x110000}
    assert all(core._hidden(code) == (not chr(code).isprintable()) for code in sorted(edges))
    rng = random.Random(7)
    for _ in range(5_000):
        text = "".join(chr(rng.choice([rng.randint(0, 0x10FFFF), rng.randint(0, 0x3000)])) for _ in range(6))
        assert core.repr_str(text) == repr(text)


def test_white_space_methods_are_cpythons():
    # MicroPython's str.strip kept U+00A0 and U+001F: "\xa0" was a chain "with no steps", not "empty"
    rng = random.Random(3)
    alphabet = [chr(c) for c in range(0x110000) if chr(c).isspace()] + list("ab,é日")
    for _ in range(5_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
        for name in ("strip", "lstrip", "rstrip", "split", "isspace"):
            assert core.space(name, text) == getattr(text, name)(), (ascii(text), name)
    assert core.space("split", b" a  b ") == [b"a", b"b"]
