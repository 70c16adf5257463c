"""The tests' own reader of YAML files, as written: independent of the project's loader, so that a test's
expectation does not come from the code it checks.

libyaml's `CSafeLoader` reads `data/` about ten times faster than PyYAML's pure-Python loader, and the test
modules that read whole folders do it at import time, once per test worker: that was most of the time spent
collecting the tests. Folders are read once per process and shared: treat what they return as read-only.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the pure-Python loader where libyaml is missing
DATA = Path(__file__).resolve().parent.parent / "data"


def read_yaml(path: Path) -> Any:
    """The YAML document at `path` as plain Python values (a fresh object on each call)."""
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=LOADER)


@lru_cache(maxsize=None)
def read_folder(folder: str) -> dict[str, Any]:
    """Every `data/<folder>/*.yml`, by file stem, in name order (shared between callers: do not modify)."""
    return {path.stem: read_yaml(path) for path in sorted((DATA / folder).glob("*.yml"))}
