"""A minimal exact rational for MicroPython, which has no `fractions` (bench_micropython.mjs measures it).

Only what calculators/ uses of fractions.Fraction: construction from ints (or a Fraction), + - * / **,
comparisons, equality and hashing with ints, numerator/denominator, float() and str(). Always in lowest
terms with a positive denominator, as CPython's. MicroPython has big integers, so the values are exact.
``float()`` is correctly rounded (round half to even), as CPython's ``Fraction.__float__``, also when the
numerator and denominator exceed 2**53 (MicroPython's int / int converts both to floats first).
"""

from math import ldexp


def _gcd(a, b):
    """Greatest common divisor of two integers, >= 0 (Euclid; MicroPython's math has no gcd)."""
    if a < 0:
        a = -a
    if b < 0:
        b = -b
    while b:
        a, b = b, a % b
    return a


def _pair(value):
    """(numerator, denominator) of an int or a Fraction; raises TypeError for anything else (floats too)."""
    if type(value) is Fraction:
        return value.numerator, value.denominator
    if isinstance(value, int) and not isinstance(value, bool):
        return value, 1
    raise TypeError("Fraction needs an int or a Fraction")


def _make(n, d):
    """The Fraction ``n/d`` of a pair already in lowest terms with ``d > 0`` (no division, no check)."""
    f = _new(Fraction)
    f.numerator = n
    f.denominator = d
    return f


_new = object.__new__


# The arithmetic follows CPython's fractions module (Henrici's method): the gcd is taken of the smaller
# operands rather than of the product, and skipped when they are coprime, so the result comes out in lowest
# terms.  Big integers are slow under MicroPython, and a chain's probabilities have denominators of 6**n.
class Fraction:
    """An exact rational ``numerator / denominator`` in lowest terms, denominator > 0."""
    def __init__(self, numerator=0, denominator=1):
        if type(numerator) is int and type(denominator) is int:
            n, d = numerator, denominator
        else:
            n, d = _pair(numerator)
            n2, d2 = _pair(denominator)
            n, d = n * d2, d * n2
        if d == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        if d < 0:
            n, d = -n, -d
        if d != 1:
            g = _gcd(n, d)
            if g != 1:
                n, d = n // g, d // g
        self.numerator, self.denominator = n, d

    def __add__(self, other):
        na, da = self.numerator, self.denominator
        if type(other) is Fraction:  # the common case first: no call to _pair (calls are dear in MicroPython)
            return _add(na, da, other.numerator, other.denominator)
        if type(other) is int:
            return _make(na + other * da, da)
        nb, db = _pair(other)
        return _add(na, da, nb, db)

    __radd__ = __add__

    def __sub__(self, other):
        na, da = self.numerator, self.denominator
        if type(other) is Fraction:
            return _add(na, da, -other.numerator, other.denominator)
        if type(other) is int:
            return _make(na - other * da, da)
        nb, db = _pair(other)
        return _add(na, da, -nb, db)

    def __rsub__(self, other):
        nb, db = _pair(other)
        return _add(nb, db, -self.numerator, self.denominator)

    def __mul__(self, other):
        if type(other) is Fraction:
            return _mul(self.numerator, self.denominator, other.numerator, other.denominator)
        nb, db = (other, 1) if type(other) is int else _pair(other)
        return _mul(self.numerator, self.denominator, nb, db)

    __rmul__ = __mul__

    def __truediv__(self, other):
        nb, db = (other, 1) if type(other) is int else _pair(other)
        if nb == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % (self.numerator * db))
        if nb < 0:
            nb, db = -nb, -db
        return _mul(self.numerator, self.denominator, db, nb)

    def __rtruediv__(self, other):
        return Fraction(other) / self

    def __pow__(self, exponent):
        if exponent >= 0:
            return _make(self.numerator ** exponent, self.denominator ** exponent)
        if self.numerator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % self.denominator ** -exponent)
        n, d = self.denominator ** -exponent, self.numerator ** -exponent
        return _make(-n, -d) if d < 0 else _make(n, d)

    def __neg__(self):
        return _make(-self.numerator, self.denominator)

    def __abs__(self):
        return _make(abs(self.numerator), self.denominator)

    def _cross(self, other):
        if type(other) is int:
            return self.numerator, other * self.denominator
        n, d = _pair(other)
        return self.numerator * d, n * self.denominator

    def __eq__(self, other):
        if type(other) is Fraction:
            return self.numerator == other.numerator and self.denominator == other.denominator
        if type(other) is int:
            return self.denominator == 1 and self.numerator == other
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


def _add(na, da, nb, db):
    """``na/da + nb/db`` of two fractions in lowest terms (denominators > 0), in lowest terms."""
    g = _gcd(da, db)
    if g == 1:
        return _make(na * db + da * nb, da * db)
    s = da // g
    t = na * (db // g) + nb * s
    g2 = _gcd(t, g)
    if g2 == 1:
        return _make(t, s * db)
    return _make(t // g2, s * (db // g2))


def _mul(na, da, nb, db):
    """``(na/da) * (nb/db)`` of two fractions in lowest terms (denominators > 0), in lowest terms."""
    if db != 1:
        g1 = _gcd(na, db)
        if g1 > 1:
            na, db = na // g1, db // g1
    if da != 1:
        g2 = _gcd(nb, da)
        if g2 > 1:
            nb, da = nb // g2, da // g2
    f = _new(Fraction)
    f.numerator, f.denominator = na * nb, da * db
    return f


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
