"""``math`` for MicroPython: its own functions plus ``gcd``, ``lcm`` and ``comb`` of integers."""

from math import *  # noqa: F401,F403


def gcd(*numbers):
    """Greatest common divisor of integers (0 for none)."""
    g = 0
    for n in numbers:
        a, b = abs(g), abs(n)
        while b:
            a, b = b, a % b
        g = a
    return g


def lcm(*numbers):
    """Least common multiple of integers (1 for none, 0 if one is 0)."""
    out = 1
    for n in numbers:
        if n == 0:
            return 0
        out = abs(out * n) // gcd(out, n)
    return out


def comb(n, k):
    """Binomial coefficient C(n, k) of non-negative integers (0 when k > n), as CPython's ``math.comb``.

    Raises TypeError for a non-integer, ValueError for a negative argument, as CPython does.
    """
    if not (isinstance(n, int) and isinstance(k, int)):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(k if isinstance(n, int) else n).__name__)
    if n < 0 or k < 0:
        raise ValueError("n must be a non-negative integer" if n < 0 else "k must be a non-negative integer")
    if k > n:
        return 0
    k = min(k, n - k)
    out = 1
    for i in range(1, k + 1):
        out = out * (n - k + i) // i  # exact at each step: a product of i consecutive integers over i!
    return out
