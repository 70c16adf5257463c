"""Load and validate the project's YAML data (`data/`).

Public entry points:
    load_repository(data_dir) -> Repository   # raises DataError listing every problem
    Repository                                 # all entities by id, with their source lines
"""
from __future__ import annotations

from .loader import load_repository
from .model import DataError, Entity, Problem, Repository

__all__ = ["DataError", "Entity", "Problem", "Repository", "load_repository"]
