"""``itertools`` for MicroPython: its own functions plus ``product`` and ``combinations_with_replacement``."""

from itertools import accumulate, chain, count, cycle, islice, repeat  # noqa: F401


def product(*pools, repeat=1):
    """Cartesian product, in CPython's order (the last pool varies fastest)."""
    pools = [tuple(p) for p in pools] * repeat
    result = [()]
    for pool in pools:
        result = [x + (y,) for x in result for y in pool]
    for item in result:
        yield item


def combinations_with_replacement(iterable, r):
    """Sorted-order r-combinations with repetition, in CPython's order."""
    pool = tuple(iterable)
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in range(r - 1, -1, -1):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)
