"""``collections.abc`` for MicroPython, for the ``isinstance`` checks calculators/ makes.

MicroPython cannot register dict as a virtual subclass, so the names are the concrete types themselves:
``Mapping`` is ``dict`` (the package's dicts are OrderedDicts, a subclass), the others only for annotations.
"""

Mapping = dict
Sequence = (list, tuple, str)
Iterable = object
Callable = object
Hashable = object
