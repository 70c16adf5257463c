"""Every example of the API's documents runs through the one JSON door, and answers as the document says.

The documents are ``calculators/API.md`` (the reference of every request kind) and ``README.md`` (its
command lines).  The example format is documented in ``calculators/API.md`` ("Examples"): a fenced block
whose info string is ``json request`` holds one request; a ``json answer`` block right after it (blank
lines only between) holds what the answer must contain: every key it shows must be in the response with
that value (objects are compared key by key, lists item by item, so an answer may leave keys out), and
without ``"ok"`` in it the response must be a success.  A request block under a kind's heading
(``### `kind` ``) must be of that kind, and every kind of ``calculators.api.KINDS`` needs at least one
example: a kind added without one fails here.  README command lines (``python -m calculators …`` in a
``sh`` block) run through ``calculators.__main__.main`` with the real rules, and must exit 0.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from calculators.__main__ import main
from calculators.api import KINDS, handle

ROOT = Path(__file__).resolve().parents[2]
API_MD = ROOT / "calculators" / "API.md"
README = ROOT / "README.md"

FENCE = re.compile(r"^```(?P<info>[^\n`]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)
KIND_HEADING = re.compile(r"^### `(?P<kind>[a-z-]+)`\s*$", re.M)


def examples(text: str) -> list[dict]:
    """The examples of a Markdown document: ``{"line", "kind_heading", "request", "answer" (or None)}``.

    Raises ValueError on a ``json request`` or ``json answer`` block that is not a JSON object, or on an
    answer block with no request block right before it.
    """
    headings = [(m.start(), m.group("kind")) for m in KIND_HEADING.finditer(text)]
    out: list[dict] = []
    previous_end = None
    for m in FENCE.finditer(text):
        info = m.group("info").split()
        line = text.count("\n", 0, m.start()) + 1
        if info[:1] != ["json"] or len(info) < 2 or info[1] not in ("request", "answer"):
            previous_end = None
            continue
        value = json.loads(m.group("body"))
        if not isinstance(value, dict):
            raise ValueError(f"line {line}: a {info[1]} block must hold one JSON object")
        if info[1] == "request":
            under = [kind for start, kind in headings if start < m.start()]
            out.append({"line": line, "kind_heading": under[-1] if under else None, "request": value, "answer": None})
        else:
            if previous_end is None or text[previous_end:m.start()].strip() or out[-1]["answer"] is not None:
                raise ValueError(f"line {line}: a json answer block must follow its json request block")
            out[-1]["answer"] = value
        previous_end = m.end()
    return out


def contains(actual, expected, where: str = "") -> list[str]:
    """The differences where ``actual`` does not contain ``expected`` (see the module docstring)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or '.'}: expected an object, got {actual!r}"]
        out = []
        for k, v in expected.items():
            if k not in actual:
                out.append(f"{where}.{k}: missing")
            else:
                out += contains(actual[k], v, f"{where}.{k}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [d for i, (a, e) in enumerate(zip(actual, expected)) for d in contains(a, e, f"{where}[{i}]")]
    if actual != expected or type(actual) is not type(expected):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


API_EXAMPLES = examples(API_MD.read_text(encoding="utf-8"))


def test_the_extraction_reads_requests_answers_and_headings():
    text = ("### `test`\n\n```json request\n{\"kind\": \"test\", \"target\": 4}\n```\n\n"
            "```json answer\n{\"result\": {\"needed\": 4}}\n```\n\n```json\n{\"not\": \"an example\"}\n```\n")
    assert examples(text) == [{"line": 3, "kind_heading": "test", "request": {"kind": "test", "target": 4},
                               "answer": {"result": {"needed": 4}}}]
    with pytest.raises(ValueError):
        examples("```json answer\n{}\n```\n")  # an answer with no request
    with pytest.raises(ValueError):
        examples("```json request\n{}\n```\n\ntext between\n\n```json answer\n{}\n```\n")
    assert contains({"a": 1, "b": [1, {"c": 2, "d": 3}]}, {"b": [1, {"c": 2}]}) == []
    assert contains({"a": 1}, {"a": 2}) and contains({"a": [1]}, {"a": [1, 2]}) and contains({}, {"a": 1})
    assert contains({"a": True}, {"a": 1})  # true is not 1


def test_every_kind_has_an_example():
    kinds = {e["request"].get("kind") for e in API_EXAMPLES}
    missing = sorted(set(KINDS) - kinds)
    assert not missing, f"request kinds with no example in calculators/API.md: {missing}"
    headed = {m.group("kind") for m in KIND_HEADING.finditer(API_MD.read_text(encoding="utf-8"))}
    assert headed == set(KINDS), (sorted(headed - set(KINDS)), sorted(set(KINDS) - headed))


@pytest.mark.parametrize("example", API_EXAMPLES, ids=lambda e: f"API.md:{e['line']}:{e['request'].get('kind')}")
def test_api_md_example(rulebook, example):
    request = example["request"]
    if example["kind_heading"] is not None:
        assert request.get("kind") == example["kind_heading"], "an example under a kind's heading is of that kind"
    response = handle(request, rulebook)
    expected = example["answer"] or {}
    if "ok" not in expected:
        assert response["ok"], response.get("error")
    differences = contains(response, expected)
    assert not differences, differences


def readme_commands() -> list[list[str]]:
    """The ``python -m calculators`` command lines of README.md's ``sh`` blocks, as argument lists (comments dropped)."""
    out = []
    for m in FENCE.finditer(README.read_text(encoding="utf-8")):
        if m.group("info").strip() not in ("sh", "bash", "console"):
            continue
        for line in m.group("body").splitlines():
            words = shlex.split(line, comments=True)
            if "calculators" in words and words[words.index("calculators") - 1:][0] == "-m":
                out.append(words[words.index("calculators") + 1:])
    return out


@pytest.mark.parametrize("argv", readme_commands(), ids=" ".join)
def test_readme_command_line(rulebook, tmp_path, capsys, argv):
    argv = list(argv)
    if "--rules" in argv:  # the built site's rules export: the same dict, from the data
        rules = tmp_path / "rules.json"
        rules.write_text(json.dumps(rulebook), encoding="utf-8")
        argv[argv.index("--rules") + 1] = str(rules)
    try:
        status = main(argv)
    except SystemExit as e:  # --help
        status = e.code
    assert status == 0, capsys.readouterr().out


def test_the_readme_has_command_lines():
    assert len(readme_commands()) >= 5
