"""In-memory model of the data: entities keyed by id, with the source line of every field."""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

LANGUAGES = ("en", "fr", "ja")
EDITIONS_ORDER = ("classic", "bb2016", "bb2020", "bb2025")

# Folder under data/ -> entity kind (the prefix of its id).
KIND_BY_FOLDER = {
    "editions": "edition",
    "sources": "source",
    "skills": "skill",
    "star-rules": "star-rule",
    "rulings": "ruling",
    "sequences": "sequence",
    "tables": "table",
    "targets": "target",
    "rolls": "roll",
    "glossary": "term",
    "comparisons": "comparison",
    "engine-options": "engine-option",
    "coverage": "coverage",
    "pages": "page",
}
FOLDER_BY_KIND = {kind: folder for folder, kind in KIND_BY_FOLDER.items()}

Path_ = tuple  # a field path such as ("steps", 2, "text", "fr")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data, located at a file, line and field path."""

    file: str
    line: int
    field: str
    message: str
    translation: bool = False  # a missing fr/ja text (reported, and fatal in the test suite)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class DataError(Exception):
    """Raised when the data has problems; `problems` lists every one of them."""

    def __init__(self, problems: list[Problem], where: str = "data/"):
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{len(problems)} problem(s) in {where}:\n{lines}")


@dataclass
class Entity:
    """One YAML file: its kind, slug, parsed content and the line of every field path."""

    kind: str
    slug: str
    file: str  # path relative to the project root, for messages
    data: dict[str, Any]
    lines: dict[Path_, int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.slug}"

    @property
    def anchor(self) -> str:
        """HTML id of this entity where it is shown inside a larger page."""
        return f"{self.kind}-{self.slug}"

    def line(self, path: Path_) -> int:
        """The line where `path` (or its nearest ancestor that has a line) starts."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    @property
    def editions(self) -> list[str]:
        return list(self.data.get("editions", []))

    def title(self, lang: str) -> str:
        """The localized display name: `name` or `title`, falling back to the slug."""
        text = self.data.get("name") or self.data.get("title")
        if isinstance(text, dict):
            return text.get(lang) or text.get("en") or self.slug
        return self.slug

    def anchors(self) -> set[str]:
        """Every in-page anchor this entity defines (steps, rows, modifiers)."""
        found: set[str] = set()
        for step in iter_steps(self.data.get("steps", [])):
            found.add(f"step-{step['key']}")
        for row in self.data.get("rows", []) or []:
            if isinstance(row, dict) and "key" in row:
                found.add(f"row-{row['key']}")
            elif isinstance(row, dict) and "value" in row:
                found.add(f"row-{self.data.get('characteristic', 'ag')}-{row['value']}")
        for note in self.data.get("notes", []) if isinstance(self.data.get("notes"), list) else []:
            if isinstance(note, dict) and "key" in note:
                found.add(f"note-{note['key']}")
        return found


STEP_NUMBER = re.compile(r"^[0-9]+[a-z]*$")  # a key that is already a step number: 3, 5d


def step_labels(steps: Any) -> dict[str, str]:
    """Each step key of a sequence -> the label a reader sees for it, in every language.

    A key that is a step number (`3`, `5d`) is its own label, as the sources number those steps. A word key
    (`both-down`, an anchor only) is numbered by its place: `1`, `2`… at the top, `2a`, `2b`… under step 2,
    `2a.1`… below that, so no page shows an English slug as a step's name.
    """
    labels: dict[str, str] = {}

    def walk(items: Any, prefix: str, depth: int) -> None:
        for place, step in enumerate(s for s in items or [] if isinstance(s, dict) and "key" in s):
            key = str(step["key"])
            if depth == 0:
                own = str(place + 1)
            elif depth == 1:
                own = prefix + "abcdefghijklmnopqrstuvwxyz"[place % 26]
            else:
                own = f"{prefix}.{place + 1}"
            labels[key] = key if STEP_NUMBER.match(key) else own
            walk(step.get("steps"), labels[key], depth + 1)

    walk(steps, "", 0)
    return labels


def iter_steps(steps: Any, depth: int = 0) -> Iterator[dict]:
    """Walk nested sequence steps depth-first, in reading order."""
    for step in steps or []:
        if isinstance(step, dict) and "key" in step:
            yield step
            yield from iter_steps(step.get("steps"), depth + 1)


@dataclass
class Repository:
    """Every entity of data/, by id (`skill:block`)."""

    root: Path
    entities: dict[str, Entity] = field(default_factory=dict)
    translation_problems: list[Problem] = field(default_factory=list)
    termbase: Any = None  # plugins.data.termbase.Termbase: every name, variant and alias (data/termbase.yml)
    # Values derived from the loaded entities by other layers, made once per load (the calculators' rule
    # book: see plugins.site.render.context.rule_book). The entities never change after loading.
    derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def get(self, entity_id: str) -> Entity | None:
        return self.entities.get(entity_id)

    def __getitem__(self, entity_id: str) -> Entity:
        return self.entities[entity_id]

    def __contains__(self, entity_id: str) -> bool:
        return entity_id in self.entities

    def of_kind(self, kind: str) -> list[Entity]:
        """Entities of one kind, sorted by slug."""
        return sorted((e for e in self.entities.values() if e.kind == kind), key=lambda e: e.slug)
