"""The interpreter snapshot the build makes for the calculators (plugins/calc/snapshot.py)."""
from __future__ import annotations

import gzip
import hashlib
import json

import brotli
import pytest

from plugins.calc import snapshot
from plugins.calc.bundle import RUNTIME_URL


def test_every_language_names_the_shipped_snapshot(site):
    """Each language's runtime.json (read by every calculator of that language) names the snapshot shipped."""
    names = set()
    for lang in ("", "fr/", "ja/"):
        settings = json.loads((site.dir / lang / "assets" / "nuffle" / "runtime.json").read_text(encoding="utf-8"))
        names.add(settings["snapshot"])
        assert settings["snapshotBytes"] == (site.dir / settings["runtime"] / settings["snapshot"]).stat().st_size
    assert len(names) == 1, names
    name = names.pop()
    shipped = site.dir / RUNTIME_URL / name  # pyodide/<pinned version>/
    data = shipped.read_bytes()
    assert name == f"snapshot-{hashlib.sha256(data).hexdigest()[:12]}.bin"  # content-hashed: cacheable forever
    assert len(data) > snapshot.MIN_BYTES
    assert brotli.decompress(shipped.with_name(name + ".br").read_bytes()) == data
    assert gzip.decompress(shipped.with_name(name + ".gz").read_bytes()) == data


def test_without_node_the_build_stops_with_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshot, "CACHE", tmp_path)  # nothing cached: the snapshot must be made
    monkeypatch.setattr(snapshot.shutil, "which", lambda _name: None)
    snapshot.interpreter_snapshot.cache_clear()
    try:
        with pytest.raises(snapshot.SnapshotError, match="Node.js"):
            snapshot.interpreter_snapshot()
    finally:
        snapshot.interpreter_snapshot.cache_clear()
    assert list(tmp_path.iterdir()) == []  # nothing half-written left behind


def test_a_failing_script_leaves_no_snapshot_behind(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshot, "CACHE", tmp_path)
    broken = tmp_path / "broken.mjs"
    broken.write_text("process.exit(3);\n", encoding="utf-8")
    monkeypatch.setattr(snapshot, "SCRIPT", broken)
    snapshot.interpreter_snapshot.cache_clear()
    try:
        with pytest.raises(snapshot.SnapshotError, match="exit 3"):
            snapshot.interpreter_snapshot()
    finally:
        snapshot.interpreter_snapshot.cache_clear()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.mjs"]
