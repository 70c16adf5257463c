"""``dataclasses`` for MicroPython: what calculators/ uses (``dataclass`` with ``frozen``, ``field`` with
``default``, ``default_factory``, ``compare``, ``repr``; ``replace``; ``fields``; ``FrozenInstanceError``).

MicroPython keeps no trace of a class annotation without a value, so the rewriter
(`plugins/calc/micropython.py`) passes each class's field names in their order as ``_fields``; a field's default
is the class attribute of that name, as CPython's decorator reads it.  Fields of dataclass bases come first.
"""

MISSING = object()


class FrozenInstanceError(AttributeError):
    """Raised on an assignment to a field of a frozen dataclass."""
    pass


class Field:
    """One field's options (``name`` set by the decorator)."""
    def __init__(self, default=MISSING, default_factory=MISSING, compare=True, repr=True, hash=None, init=True):
        self.name = None
        self.default, self.default_factory = default, default_factory
        self.compare, self.repr, self.init = compare, repr, init
        self.hash = compare if hash is None else hash


def field(default=MISSING, default_factory=MISSING, compare=True, repr=True, hash=None, init=True, **_ignored):
    """A field's options, as CPython's ``dataclasses.field`` (``kw_only``, ``metadata``: not used here)."""
    return Field(default, default_factory, compare, repr, hash, init)


def fields(obj):
    """The Field objects of a dataclass or instance, in order."""
    return tuple(obj._dc_fields)


def _own_fields(cls, names):
    out = []
    for name in names:
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        if isinstance(value, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        out.append(f)
    return out


def dataclass(cls=None, frozen=False, eq=True, order=False, repr=True, _fields=(), **_ignored):
    """Add ``__init__``, ``__eq__``, ``__hash__`` (frozen and eq), ``__repr__`` and the frozen ``__setattr__``."""
    def wrap(cls):
        inherited = []
        for base in getattr(cls, "__bases__", ()):
            for f in getattr(base, "_dc_fields", ()):
                inherited = [g for g in inherited if g.name != f.name] + [f]
        own = _own_fields(cls, _fields)
        names = [f.name for f in own]
        cls._dc_fields = [f for f in inherited if f.name not in names] + own
        # the names that __eq__ and __hash__ read, once per class (they run for every cache key)
        cls._dc_compare = tuple(f.name for f in cls._dc_fields if f.compare)
        cls._dc_hash = tuple(f.name for f in cls._dc_fields if f.hash)
        cls._dc_frozen = frozen
        cls.__init__ = _make_init(cls._dc_fields, frozen)
        if repr:
            cls.__repr__ = _repr
        if eq:
            cls.__eq__ = _eq
            cls.__ne__ = _ne
            cls.__hash__ = _hash if frozen else None
        if frozen:
            cls.__setattr__ = _refuse
            cls.__delattr__ = _refuse
        return cls
    return wrap if cls is None else wrap(cls)


def _make_init(flds, frozen):
    def __init__(self, *args, **kwargs):
        given = list(args)
        if len(given) > len(flds):
            raise TypeError("__init__() takes %d positional arguments but %d were given" % (len(flds) + 1, len(given) + 1))
        for i, f in enumerate(flds):
            if i < len(given):
                value = given[i]
                if f.name in kwargs:
                    raise TypeError("__init__() got multiple values for argument '%s'" % f.name)
            elif f.name in kwargs:
                value = kwargs.pop(f.name)
            elif f.default is not MISSING:
                value = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                raise TypeError("__init__() missing 1 required positional argument: '%s'" % f.name)
            object.__setattr__(self, f.name, value)
        if kwargs:
            raise TypeError("__init__() got an unexpected keyword argument '%s'" % next(iter(kwargs)))
        post = getattr(self, "__post_init__", None)
        if post is not None:
            post()
    return __init__


def _values(obj, names):
    return tuple([getattr(obj, name) for name in names])


def _eq(self, other):
    if other.__class__ is self.__class__:
        if other is self:
            return True
        for name in self._dc_compare:  # as CPython's tuple comparison: identity first, then ==
            a, b = getattr(self, name), getattr(other, name)
            if a is not b and not a == b:
                return False
        return True
    return NotImplemented


def _ne(self, other):
    result = _eq(self, other)
    return result if result is NotImplemented else not result


def _hash(self):
    return hash(_values(self, self._dc_hash))


def _repr(self):
    shown = ", ".join("%s=%r" % (f.name, getattr(self, f.name)) for f in self._dc_fields if f.repr)
    return "%s(%s)" % (self.__class__.__name__, shown)


def _refuse(self, name, value=None):
    raise FrozenInstanceError("cannot assign to field '%s'" % name)


def replace(obj, **changes):
    """A copy of dataclass instance ``obj`` with ``changes`` (keyword: field name -> new value)."""
    for f in obj._dc_fields:
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def is_dataclass(obj):
    """True for a class made by :func:`dataclass` or one of its instances."""
    return hasattr(obj, "_dc_fields")
