"""Babel extraction method for the UI strings: every `t("…")` / `ctx.t("…")` call.

Babel's built-in Python extractor reads tokens and so misses calls inside f-strings on Python 3.11;
walking the AST finds them all. Used by babel.cfg (`make messages`).
"""
from __future__ import annotations

import ast
from typing import IO, Iterator


def extract_t(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple[int, str, str, list]]:
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        first = node.args[0]
        if name == "t" and isinstance(first, ast.Constant) and isinstance(first.value, str):
            yield node.lineno, "t", first.value, []
