"""``importlib.resources.files`` for MicroPython: a package's data file read through its ``__file__`` path.

MicroPython has ``__package__`` only in some builds, so the rewriter passes the module's ``__file__``."""

import sys


class _Folder:
    def __init__(self, folder):
        self.folder = folder

    def joinpath(self, name):
        return _File(self.folder + "/" + name)


class _File:
    def __init__(self, path):
        self.path = path

    def read_text(self, encoding="utf-8"):
        with open(self.path, encoding=encoding) as handle:
            return handle.read()


def files(package):
    """The folder of ``package`` (its dotted name, imported already)."""
    module = sys.modules[package]
    path = module.__file__
    return _Folder(path[:path.rfind("/")])
