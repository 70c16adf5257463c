"""A minimal exact rational for MicroPython, which has no `fractions` (bench_micropython.mjs measures it).

Only what calculators/ uses of fractions.Fraction: construction from ints (or a Fraction), + - * / **,
comparisons, equality and hashing with ints, numerator/denominator, float() and str(). Always in lowest
terms with a positive denominator, as CPython's. MicroPython has big integers, so the values are exact.
``float()`` is correctly rounded (round half to even), as CPython's ``Fraction.__float__``, also when the
numerator and denominator exceed 2**53 (MicroPython's int / int converts both to floats first).
"""

from math import ldexp


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)


def _pair(value):
    """(numerator, denominator) of an int or a Fraction; raises TypeError for anything else (floats too)."""
    if isinstance(value, Fraction):
        return value.numerator, value.denominator
    if isinstance(value, int) and not isinstance(value, bool):
        return value, 1
    raise TypeError("Fraction needs an int or a Fraction")


class Fraction:
    """An exact rational ``numerator / denominator`` in lowest terms, denominator > 0."""
    def __init__(self, numerator=0, denominator=1):
        n, d = _pair(numerator)
        n2, d2 = _pair(denominator)
        n, d = n * d2, d * n2
        if d == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        if d < 0:
            n, d = -n, -d
        g = _gcd(n, d) or 1
        self.numerator, self.denominator = n // g, d // g

    def __add__(self, other):
        n, d = _pair(other)
        return Fraction(self.numerator * d + n * self.denominator, self.denominator * d)

    __radd__ = __add__

    def __sub__(self, other):
        n, d = _pair(other)
        return Fraction(self.numerator * d - n * self.denominator, self.denominator * d)

    def __rsub__(self, other):
        return Fraction(other) - self

    def __mul__(self, other):
        n, d = _pair(other)
        return Fraction(self.numerator * n, self.denominator * d)

    __rmul__ = __mul__

    def __truediv__(self, other):
        n, d = _pair(other)
        return Fraction(self.numerator * d, self.denominator * n)

    def __rtruediv__(self, other):
        return Fraction(other) / self

    def __pow__(self, exponent):
        if exponent >= 0:
            return Fraction(self.numerator ** exponent, self.denominator ** exponent)
        return Fraction(self.denominator ** -exponent, self.numerator ** -exponent)

    def __neg__(self):
        return Fraction(-self.numerator, self.denominator)

    def __abs__(self):
        return Fraction(abs(self.numerator), self.denominator)

    def _cross(self, other):
        n, d = _pair(other)
        return self.numerator * d, n * self.denominator

    def __eq__(self, other):
        try:
            a, b = self._cross(other)
        except TypeError:
            return False
        return a == b

    def __lt__(self, other):
        a, b = self._cross(other)
        return a < b

    def __le__(self, other):
        a, b = self._cross(other)
        return a <= b

    def __gt__(self, other):
        a, b = self._cross(other)
        return a > b

    def __ge__(self, other):
        a, b = self._cross(other)
        return a >= b

    def __hash__(self):
        return hash(self.numerator) if self.denominator == 1 else hash((self.numerator, self.denominator))

    def __bool__(self):
        return self.numerator != 0

    def __float__(self):
        return _divide(self.numerator, self.denominator)

    def __int__(self):
        q = abs(self.numerator) // self.denominator
        return q if self.numerator >= 0 else -q

    def __floordiv__(self, other):
        n, d = _pair(other)
        return (self.numerator * d) // (self.denominator * n)

    def __mod__(self, other):
        return self - other * (self // other)

    def __str__(self):
        return str(self.numerator) if self.denominator == 1 else "%d/%d" % (self.numerator, self.denominator)

    def __repr__(self):
        return "Fraction(%d, %d)" % (self.numerator, self.denominator)


def _bits(n):
    bits = 0
    while n >> bits:
        bits += 1
    return bits


def _divide(n, d):
    """n / d (d > 0) as the nearest float, ties to even (exact integer arithmetic, then one ldexp)."""
    if n == 0:
        return 0.0
    sign, n = (-1.0 if n < 0 else 1.0), abs(n)
    shift = _bits(n) - _bits(d) - 55  # a quotient of 55 or 56 bits: 53 kept, the rest decide the rounding
    if shift > 0:
        q, r = divmod(n, d << shift)
    else:
        q, r = divmod(n << -shift, d)
    drop = max(_bits(q) - 53, -1074 - shift)  # 53 significant bits, none below 2**-1074 (subnormals)
    if drop > 0:
        half = 1 << (drop - 1)
        low = q & ((1 << drop) - 1)
        q >>= drop
        shift += drop
        if low > half or (low == half and (r or q & 1)):
            q += 1
    return sign * ldexp(float(q), shift)
