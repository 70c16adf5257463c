"""A failed build leaves site/ as it was; a successful one replaces it whole (issue 12, defect 5)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

import plugins.build as site_build

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "security"))
from hostile import copy_fixture  # noqa: E402


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def project(tmp_path):
    """The fixture site as a two-language project (mkdocs.yml, config/fr.yml), and an old site/ in place."""
    config, _ = copy_fixture(tmp_path)
    project = config.parent
    (project / "config").mkdir()
    (project / "config" / "fr.yml").write_text("INHERIT: ../mkdocs.yml\ndocs_dir: ../docs\ntheme:\n  language: fr\n"
                                               "plugins:\n  - nuffle:\n      data_dir: ../../data\n",
                                               encoding="utf-8")
    old = project / "site"
    (old / "fr").mkdir(parents=True)
    (old / "index.html").write_text("old English site", encoding="utf-8")
    (old / "fr" / "index.html").write_text("old French site", encoding="utf-8")
    return project


def test_a_failure_in_the_last_language_leaves_the_old_site(project, monkeypatch):
    real_build = site_build.build

    def build(config):
        if config.theme["language"] == "fr":
            raise PluginError("the French build fails (as a missing text would make it)")
        real_build(config)

    monkeypatch.setattr(site_build, "build", build)
    before = _snapshot(project / "site")
    with pytest.raises(SystemExit) as exit_:
        site_build.build_site(project, ("mkdocs.yml", "config/fr.yml"))
    assert exit_.value.code == 1
    assert _snapshot(project / "site") == before
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".site")) == []  # no leftovers


def test_an_unexpected_error_leaves_the_old_site_too(project, monkeypatch):
    monkeypatch.setattr(site_build, "compress_text", lambda root: (_ for _ in ()).throw(OSError("disk full")))
    before = _snapshot(project / "site")
    with pytest.raises(OSError):
        site_build.build_site(project, ("mkdocs.yml",))
    assert _snapshot(project / "site") == before
    assert [p.name for p in project.iterdir() if p.name.startswith(".site")] == []


def test_a_successful_build_replaces_the_site_whole(project):
    site_build.build_site(project, ("mkdocs.yml",))
    site = project / "site"
    assert "old English site" not in (site / "index.html").read_text(encoding="utf-8")
    assert not (site / "fr").exists()  # nothing of the old site is left
    assert (site / "index.html.gz").is_file()
    assert oct(site.stat().st_mode & 0o777) == oct(0o755)
    assert [p.name for p in project.iterdir() if p.name.startswith(".site")] == []
