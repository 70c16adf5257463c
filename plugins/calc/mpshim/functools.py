"""``functools`` for MicroPython: its own ``partial``, ``reduce``, ``wraps``, plus ``lru_cache``.

``lru_cache`` here memoises without bound (the package's caches are small and their keys few); ``typed``
keeps ``1`` and ``True`` apart, as CPython's does with ``typed=True``.
"""

from functools import partial, reduce, wraps  # noqa: F401


def lru_cache(maxsize=128, typed=False):
    """Memoise a function on its positional and keyword arguments (all hashable)."""
    def wrap(function):
        memo = {}

        def cached(*args, **kwargs):
            key = args + tuple(sorted(kwargs.items())) if kwargs else args
            if typed:
                key = key + tuple(type(a) for a in args)
            try:
                return memo[key]
            except KeyError:
                value = memo[key] = function(*args, **kwargs)
                return value
        cached.cache_clear = memo.clear
        return cached
    if callable(maxsize):
        return wrap(maxsize)
    return wrap


cache = lru_cache(None)
