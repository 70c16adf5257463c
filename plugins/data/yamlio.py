"""Parse YAML into plain Python objects while recording the line of every field path.

Data files are plain YAML: mappings, lists and scalars. Aliases (`*a`, the use of an anchor `&a`), which
data files never need, are refused before anything is expanded: libyaml's composer makes every alias the
very node its anchor names (linear in the file), and the first node met twice while building the values
is an error at its anchor's line. An alias bomb (aliases of aliases, each multiplying the document) or a
self-referencing alias so fails at its first repeat. Nesting deeper than MAX_DEPTH, keys that are not
plain values, and scalars Python cannot read (an integer of thousands of digits, a date that does not
exist) are refused too. Each refusal is a YamlSyntaxError with the file's line, never a traceback.
"""
from __future__ import annotations

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


def parse_with_lines(text: str) -> tuple[Any, dict[tuple, int]]:
    """Return (value, lines) where lines maps a field path such as ("steps", 0, "text") to its line.

    Duplicate mapping keys are an error (PyYAML would silently keep the last one).

    Raises:
        YamlSyntaxError: invalid YAML, an anchor or alias, nesting deeper than MAX_DEPTH, a key that is
            not a plain value, a duplicate key, or a scalar that cannot be read; with its 1-based line.
    """
    try:
        node = yaml.compose(text, Loader=COMPOSER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        raise YamlSyntaxError(line, f"invalid YAML: {getattr(exc, 'problem', exc)}") from None
    lines: dict[tuple, int] = {}
    if node is None:
        return None, lines
    return _build(node, (), lines, set(), 0), lines


_SCALAR_LOADER = yaml.SafeLoader("")


def _build(node: yaml.Node, path: tuple, lines: dict[tuple, int], seen: set[int], depth: int) -> Any:
    lines[path] = node.start_mark.line + 1
    if id(node) in seen:
        raise YamlSyntaxError(node.start_mark.line + 1, "YAML anchors and aliases (&name, *name) are not allowed "
                                                        "in data files: write the value out")
    seen.add(id(node))
    if depth > MAX_DEPTH:
        raise YamlSyntaxError(node.start_mark.line + 1, f"nesting deeper than {MAX_DEPTH} levels")
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlSyntaxError(key_node.start_mark.line + 1, "YAML merge keys (<<) are not supported")
            if not isinstance(key_node, yaml.ScalarNode):
                raise YamlSyntaxError(key_node.start_mark.line + 1, "a key must be a plain value, not a list or map")
            key = _build(key_node, path + ("<key>",), {}, seen, depth + 1)
            if key in result:
                raise YamlSyntaxError(key_node.start_mark.line + 1, f"duplicate key {key!r}")
            result[key] = _build(value_node, path + (key,), lines, seen, depth + 1)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), lines, seen, depth + 1) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.ScalarNode):
        return _SCALAR_LOADER.construct_scalar(node) if node.tag == "tag:yaml.org,2002:str" else _scalar(node)
    raise YamlSyntaxError(node.start_mark.line + 1, f"unsupported YAML node {node.tag}")


def _scalar(node: yaml.ScalarNode) -> Any:
    constructor = _SCALAR_LOADER.yaml_constructors.get(node.tag)
    if constructor is None:
        raise YamlSyntaxError(node.start_mark.line + 1, f"unsupported YAML tag {node.tag}")
    try:
        return constructor(_SCALAR_LOADER, node)
    except (ValueError, OverflowError, TypeError, yaml.YAMLError) as exc:
        # int() refuses more than 4,300 digits; a date such as 2024-02-31 does not exist
        what = node.value if len(node.value) <= 40 else node.value[:37] + "…"
        raise YamlSyntaxError(node.start_mark.line + 1, f"cannot read {what!r} as {node.tag.rsplit(':', 1)[-1]}: "
                                                        f"{str(exc)[:120]}") from None
