"""Small stand-ins, for MicroPython, of the standard library that `calculators/` uses.

`plugins/calc/micropython.py` rewrites the package's imports of these modules to ``mpshim.<name>`` and copies
this folder next to the rewritten package. Each module here runs under CPython too (the tests compare the
two). ``core`` holds the helpers the rewritten code calls (ordered dicts, the string methods MicroPython lacks).
"""
