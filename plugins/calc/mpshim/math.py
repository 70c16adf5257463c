"""``math`` for MicroPython: its own functions plus ``gcd`` and ``lcm`` of integers."""

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
