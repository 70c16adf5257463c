"""Hypothesis strategies that damage a data file the way a careless or hostile contributor might, and the
property every damaged file must keep: the loader returns a Repository or raises DataError whose every
problem is located (`file:line`), never anything else.

Shared by tests/data/test_loader_fuzz.py (a bounded, derandomised run) and benchmarks/fuzz_loader.py
(a longer one that prints its counts).
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml
from hypothesis import strategies as st

from plugins.data import DataError, load_repository
from plugins.data.yamlio import YamlSyntaxError, parse_with_lines

FIXTURE_DATA = Path(__file__).resolve().parent.parent / "fixtures" / "data"
FILES = sorted(p.relative_to(FIXTURE_DATA).as_posix() for p in FIXTURE_DATA.rglob("*.yml"))

# Odd text: controls, bidi overrides, a BOM, combining marks, CJK, emoji, NUL, YAML indicators.
ODD = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
SPECIAL = st.sampled_from(["\x00", "\ufeff", "\u202e", "\u0301", "\t", "\r", "\x85", "\u2028", "&a", "*a", "!!binary",
                           "!!python/object:os.system", "<<: *a", "? ", "- ", "{", "[", "]", "}", ":", "#", "|", ">",
                           "%YAML 1.1", "---", "...", "'", '"', "\\", "日本語", "🏈", "é" * 3])
LONG = st.builds(lambda c, n: c * n, st.sampled_from(["x", "9", "[", "{", "a: ", "- ", "é", "\n"]),
                 st.integers(100, 20_000))
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(10 ** 20, 10 ** 60), st.floats(allow_nan=True),
    ODD, LONG, st.just("9" * 5000),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.one_of(ODD, st.integers()), inner, max_size=4)),
                      max_leaves=12)


@dataclass(frozen=True)
class Mutation:
    """What was done to which fixture file (Hypothesis prints it for a failing example)."""

    file: str
    what: str
    text: str


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


def _replace(value, path, new):
    if not path:
        return new
    value[path[0]] = _replace(value[path[0]], path[1:], new)
    return value


@st.composite
def mutated_files(draw) -> Mutation:
    """One fixture file, damaged once or a few times: text cut, pasted or duplicated, lines re-indented, or
    a field's value swapped for a value of any other type (then written back as YAML)."""
    file = draw(st.sampled_from(FILES))
    text = (FIXTURE_DATA / file).read_text(encoding="utf-8")
    done = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["cut", "paste", "duplicate-line", "indent", "swap", "delete-field"]))
        if kind in ("swap", "delete-field"):
            try:
                data, _lines = parse_with_lines(text)
            except YamlSyntaxError:
                continue
            paths = [p for p in _paths(data) if p]
            if not paths:
                continue
            path = draw(st.sampled_from(paths))
            if kind == "swap":
                data = _replace(data, path, draw(VALUES))
            else:
                parent = data
                for part in path[:-1]:
                    parent = parent[part]
                del parent[path[-1]]
            try:
                text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
            except (yaml.YAMLError, ValueError):
                continue
            done.append(f"{kind} {path}")
            continue
        lines = text.split("\n")
        if kind == "cut":
            start = draw(st.integers(0, len(text)))
            text = text[:start] + text[start + draw(st.integers(1, 80)):]
        elif kind == "paste":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.one_of(ODD, SPECIAL, LONG)) + text[at:]
        elif kind == "duplicate-line":
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(at, lines[at])
            text = "\n".join(lines)
        else:
            at = draw(st.integers(0, len(lines) - 1))
            lines[at] = " " * draw(st.integers(0, 6)) + lines[at].lstrip()
            text = "\n".join(lines)
        done.append(kind)
    return Mutation(file, ", ".join(done) or "none", text)


class Workspace:
    """A copy of the fixture data in which one file at a time is replaced by its mutation."""

    def __init__(self, root: Path):
        self.data = root / "data"
        if not self.data.exists():
            shutil.copytree(FIXTURE_DATA, self.data)

    def load(self, mutation: Mutation) -> str:
        """Load the data with `mutation` in place; return "ok" or "refused". Anything but a Repository or a
        DataError whose problems are all located in an existing file with a line ≥ 1 is an AssertionError
        (or the exception itself)."""
        target = self.data / mutation.file
        original = (FIXTURE_DATA / mutation.file).read_bytes()
        try:
            target.write_bytes(mutation.text.encode("utf-8", "surrogatepass"))
            try:
                load_repository(self.data)
                return "ok"
            except DataError as exc:
                assert exc.problems, "a DataError with no problem"
                for problem in exc.problems:
                    assert isinstance(problem.line, int) and problem.line >= 1, str(problem)
                    assert Path(problem.file).name.endswith(".yml") and Path(problem.file).exists(), str(problem)
                    assert str(problem).startswith(f"{problem.file}:{problem.line}: "), str(problem)
                return "refused"
        finally:
            target.write_bytes(original)
