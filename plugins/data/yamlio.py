"""Parse YAML into plain Python objects while recording the line of every field path.

Data files are plain YAML: mappings, lists and scalars. Aliases (`*a`, the use of an anchor `&a`), which
data files never need, are refused before anything is expanded: libyaml's composer makes every alias the
very node its anchor names (linear in the file), and the first node met twice while building the values
is an error at its anchor's line. An alias bomb (aliases of aliases, each multiplying the document) or a
self-referencing alias so fails at its first repeat. Nesting deeper than MAX_DEPTH, keys that are not
plain values, and scalars Python cannot read (an integer of thousands of digits, a date that does not
exist) are refused too, and so is every tag (`!!python/object/apply:…`, `!foo`, even `!!str`): a tag asks
for a type the data never needs, and PyYAML's safe composer would silently drop an unknown one from a list
or map. Each refusal is a YamlSyntaxError with the file's line, never a traceback.

Lines are counted as editors count them: YAML also breaks lines at U+2028, U+2029 and U+0085, which an
editor shows inside a line, so every line reported is recomputed from the character offset of YAML's mark
(a break is `\r\n`, `\r` or `\n`).
"""
from __future__ import annotations

import bisect
import re
from typing import Any

import yaml


MAX_DEPTH = 32  # data files nest a handful of levels (steps in steps, records in lists)

# libyaml's parser when PyYAML was built with it (the PyPI wheels are): same nodes, several times faster.
COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlSyntaxError(ValueError):
    """The file is not valid YAML (or uses a feature we refuse); carries the 1-based line."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


_EDITOR_BREAK = re.compile(r"\r\n|\r|\n")


class _EditorLines:
    """Maps a YAML mark (its character offset) to the 1-based line an editor shows."""

    def __init__(self, text: str):
        self.starts = [match.end() for match in _EDITOR_BREAK.finditer(text)]

    def __call__(self, mark) -> int:
        return bisect.bisect_right(self.starts, mark.index) + 1


def parse_with_lines(text: str) -> tuple[Any, dict[tuple, int]]:
    """Return (value, lines) where lines maps a field path such as ("steps", 0, "text") to its line (1-based,
    as an editor counts lines).

    Duplicate mapping keys are an error (PyYAML would silently keep the last one).

    Raises:
        YamlSyntaxError: invalid YAML, a tag, an anchor or alias, nesting deeper than MAX_DEPTH, a key that
            is not a plain value, a duplicate key, or a scalar that cannot be read; with its 1-based line.
    """
    line_of = _EditorLines(text)
    try:
        node = yaml.compose(text, Loader=COMPOSER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = line_of(mark) if mark else 1
        raise YamlSyntaxError(line, f"invalid YAML: {getattr(exc, 'problem', exc)}") from None
    lines: dict[tuple, int] = {}
    if node is None:
        return None, lines
    if "!" in text:  # every tag starts with `!`; most files have none and skip the second scan
        _refuse_tags(text, line_of)
    return _build(node, (), lines, set(), 0, line_of), lines


def _refuse_tags(text: str, line_of: _EditorLines) -> None:
    """Raise at the first tag token of `text` (a `!` inside a quoted or block text is not one)."""
    for token in yaml.scan(text, Loader=COMPOSER):
        if isinstance(token, yaml.TagToken):
            handle, suffix = token.value
            shown = f"!<{suffix}>" if handle is None else f"{handle}{suffix}"
            shown = shown if len(shown) <= 60 else shown[:57] + "…"
            raise YamlSyntaxError(line_of(token.start_mark), f"YAML tags such as {shown!r} are not allowed in "
                                                             "data files: write the plain value")


_SCALAR_LOADER = yaml.SafeLoader("")


def _build(node: yaml.Node, path: tuple, lines: dict[tuple, int], seen: set[int], depth: int,
           line_of: _EditorLines) -> Any:
    line = lines[path] = line_of(node.start_mark)
    if id(node) in seen:
        raise YamlSyntaxError(line, "YAML anchors and aliases (&name, *name) are not allowed in data files: "
                                    "write the value out")
    seen.add(id(node))
    if depth > MAX_DEPTH:
        raise YamlSyntaxError(line, f"nesting deeper than {MAX_DEPTH} levels")
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlSyntaxError(line_of(key_node.start_mark), "YAML merge keys (<<) are not supported")
            if not isinstance(key_node, yaml.ScalarNode):
                raise YamlSyntaxError(line_of(key_node.start_mark), "a key must be a plain value, not a list or map")
            key = _build(key_node, path + ("<key>",), {}, seen, depth + 1, line_of)
            if key in result:
                raise YamlSyntaxError(line_of(key_node.start_mark), f"duplicate key {key!r}")
            result[key] = _build(value_node, path + (key,), lines, seen, depth + 1, line_of)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), lines, seen, depth + 1, line_of) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.ScalarNode):
        return _SCALAR_LOADER.construct_scalar(node) if node.tag == "tag:yaml.org,2002:str" else _scalar(node, line)
    raise YamlSyntaxError(line, f"unsupported YAML node {node.tag}")


def _scalar(node: yaml.ScalarNode, line: int) -> Any:
    constructor = _SCALAR_LOADER.yaml_constructors.get(node.tag)
    if constructor is None:
        raise YamlSyntaxError(line, f"unsupported YAML tag {node.tag}")
    try:
        return constructor(_SCALAR_LOADER, node)
    except (ValueError, OverflowError, TypeError, yaml.YAMLError) as exc:
        # int() refuses more than 4,300 digits; a date such as 2024-02-31 does not exist
        what = node.value if len(node.value) <= 40 else node.value[:37] + "…"
        raise YamlSyntaxError(line, f"cannot read {what!r} as {node.tag.rsplit(':', 1)[-1]}: "
                                    f"{str(exc)[:120]}") from None
