"""The MicroPython worker's start (issue 26, item 11): the site's rules read by MicroPython's own json
(plugins/calc/mpshim/sortedjson.py) are the same value, in the same order, as mpshim's pure-Python json reads.

Under CPython the stand-in for MicroPython's json hands back each object's keys in reverse order (MicroPython's
dicts keep none): only the sort can put them back as the rules text has them.
"""
from __future__ import annotations

import importlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from plugins.calc.micropython import SHIMS
from plugins.calc.plugin import published_json
from plugins.data.export import rules_export

# mpshim as the build lays it out: a top-level package (a copy alone on sys.path, as the transform test does)
_SHIM_ROOT = Path(tempfile.mkdtemp(prefix="mpshim-sorted-"))
shutil.copytree(SHIMS, _SHIM_ROOT / "mpshim")
sys.path.insert(0, str(_SHIM_ROOT))
mp_json = importlib.import_module("mpshim.json")
sortedjson = importlib.import_module("mpshim.sortedjson")


class UnorderedJson:
    """MicroPython's json as far as order goes: objects come back with their keys in another order."""

    @staticmethod
    def loads(text):
        return json.loads(text, object_pairs_hook=lambda pairs: dict(reversed(pairs)))


@pytest.fixture
def unordered(monkeypatch):
    monkeypatch.setattr(sortedjson, "json", UnorderedJson)


def _in_order(value) -> str:
    """The value as JSON text with every object's keys in the value's own order (no sorting)."""
    return json.dumps(value, ensure_ascii=False)


def test_the_published_rules_read_natively_are_mpshims_value_in_its_order(repo, unordered):
    text = published_json(rules_export(repo))
    native, python = sortedjson.loads_sorted(text), mp_json.loads(text)
    assert native == python
    assert _in_order(native) == _in_order(python)


def test_a_text_with_a_float_is_left_to_mpshim(unordered):
    with pytest.raises(sortedjson.NotSorted):
        sortedjson.loads_sorted('{"a": [1, {"b": 0.1}]}')


def test_a_text_ready_is_taken_once_then_parsed_again(unordered):
    text = '{"b": 1, "a": [2]}'
    mp_json.READY[text] = ready = sortedjson.loads_sorted(text)
    try:
        assert mp_json.loads(text) is ready
        again = mp_json.loads(text)
        assert again is not ready and list(again) == ["b", "a"]
    finally:
        mp_json.READY.clear()

