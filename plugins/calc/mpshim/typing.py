"""``typing`` for MicroPython: names only (annotations are dropped by the rewriter; these stay importable)."""

TYPE_CHECKING = False


class _Any:
    def __getitem__(self, item):
        return self


Any = Optional = Union = ClassVar = Callable = Iterable = Mapping = Sequence = Hashable = Literal = _Any()


def TypeVar(name, *args, **kwargs):
    """A placeholder (type variables are only read by type checkers)."""
    return _Any()


def cast(kind, value):
    """``value`` itself, as CPython's."""
    return value
