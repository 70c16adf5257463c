"""``functools`` for MicroPython: ``reduce`` and ``wraps`` of its own, plus ``lru_cache`` and ``partial`` as
classes (the package sets and reads attributes on them, ``cache_info``; MicroPython's functions take none).

``lru_cache`` here memoises without bound (the package's caches are per request and small); ``typed`` keeps
``1`` and ``True`` apart, as CPython's does with ``typed=True``.
"""

from functools import reduce, wraps  # noqa: F401


class CacheInfo:
    """What ``cache_info()`` returns: hits, misses, maxsize, currsize."""
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits, self.misses, self.maxsize, self.currsize = hits, misses, maxsize, currsize


class _Cached:
    def __init__(self, function, maxsize, typed):
        self.function, self.maxsize, self.typed = function, maxsize, typed
        self.memo, self.hits = {}, 0

    def __call__(self, *args, **kwargs):
        key = args + tuple(sorted(kwargs.items())) if kwargs else args
        if self.typed:
            key = key + tuple(type(a) for a in args)
        memo = self.memo
        if key in memo:
            self.hits += 1
            return memo[key]
        value = memo[key] = self.function(*args, **kwargs)
        return value

    def cache_info(self):
        return CacheInfo(self.hits, len(self.memo), self.maxsize, len(self.memo))

    def cache_clear(self):
        self.memo.clear()
        self.hits = 0


def lru_cache(maxsize=128, typed=False):
    """Memoise a function on its positional and keyword arguments (all hashable)."""
    if callable(maxsize):
        return _Cached(maxsize, 128, typed)
    return lambda function: _Cached(function, maxsize, typed)


def cache(function):
    """Memoise ``function`` without bound."""
    return _Cached(function, None, False)


class partial:
    """``function`` with some arguments given in advance."""

    def __init__(self, function, *args, **keywords):
        self.func, self.args, self.keywords = function, args, keywords

    def __call__(self, *args, **keywords):
        if self.keywords:
            merged = dict(self.keywords)
            merged.update(keywords)
            keywords = merged
        return self.func(*(self.args + args), **keywords)
