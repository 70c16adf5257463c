"""Parse YAML into plain Python objects while recording the line of every field path."""
from __future__ import annotations

from typing import Any

import yaml


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
    return _build(node, (), lines), lines


_SCALAR_LOADER = yaml.SafeLoader("")


def _build(node: yaml.Node, path: tuple, lines: dict[tuple, int]) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlSyntaxError(key_node.start_mark.line + 1, "YAML merge keys (<<) are not supported")
            key = _build(key_node, path + ("<key>",), {})
            if key in result:
                raise YamlSyntaxError(key_node.start_mark.line + 1, f"duplicate key {key!r}")
            result[key] = _build(value_node, path + (key,), lines)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), lines) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.ScalarNode):
        return _SCALAR_LOADER.construct_scalar(node) if node.tag == "tag:yaml.org,2002:str" else _scalar(node)
    raise YamlSyntaxError(node.start_mark.line + 1, f"unsupported YAML node {node.tag}")


def _scalar(node: yaml.ScalarNode) -> Any:
    constructor = _SCALAR_LOADER.yaml_constructors.get(node.tag)
    if constructor is None:
        raise YamlSyntaxError(node.start_mark.line + 1, f"unsupported YAML tag {node.tag}")
    return constructor(_SCALAR_LOADER, node)
