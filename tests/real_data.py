"""The project's own Repository of data/, loaded once per test process and shared: the session fixture `repo`
(tests/conftest.py) and what test modules build at collection from the data (the search-quality set's coverage
names, tests/browser/search_quality.py) are the same object, so a test worker loads data/ once, not twice.
Treat it as read-only."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from plugins.data import Repository, load_repository

DATA = Path(__file__).resolve().parent.parent / "data"


@lru_cache(maxsize=None)
def real_repository(data_dir: Path = DATA) -> Repository:
    """The validated Repository of `data_dir` (the real data by default); raises DataError if it is broken."""
    return load_repository(data_dir)
