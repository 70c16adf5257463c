"""The Python runtime's settings, written once per language build (assets/nuffle/runtime.json), not on each form."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

from plugins.calc.bundle import RULES_PATH, RUNTIME_FILES, RUNTIME_URL

pytestmark = pytest.mark.slow
LANG_ROOTS = ("", "fr/", "ja/")
RUNTIME_ATTRIBUTES = re.compile(r"<form [^>]*data-(runtime|runtime-files|package|snapshot|snapshot-bytes|lock|rules)=")


def test_each_language_has_one_runtime_json_naming_the_shipped_files(site):
    texts = {(site.dir / lang / "assets/nuffle/runtime.json").read_text(encoding="utf-8") for lang in LANG_ROOTS}
    assert len(texts) == 1  # the same settings in every language
    settings = json.loads(texts.pop())
    assert settings["runtime"] == RUNTIME_URL and settings["files"] == list(RUNTIME_FILES)
    assert settings["rules"] == RULES_PATH and (site.dir / RULES_PATH).is_file()
    for name in [*settings["files"], settings["package"], settings["snapshot"]]:
        assert (site.dir / settings["runtime"] / name).is_file(), name
    assert settings["lock"]["python"]  # the pinned pyodide-lock.json's info block


def test_no_calculator_form_repeats_the_runtime_settings(site):
    for lang in LANG_ROOTS:
        html = (site.dir / lang / "calculators/block/index.html").read_text(encoding="utf-8")
        assert 'data-calculator="block"' in html
        assert not RUNTIME_ATTRIBUTES.search(html)


def test_the_service_worker_precaches_runtime_json_and_the_page_modules_in_every_language(site):
    with urllib.request.urlopen(site.url + "sw.js") as response:
        lists = json.loads(re.search(r"const PRECACHE = (\{.*?\});", response.read().decode("utf-8")).group(1))
    modules = sorted(path.name for path in (site.dir / "assets/nuffle/js").glob("*.mjs"))
    assert "calculator.mjs" in modules and "engine.mjs" in modules
    for lang in LANG_ROOTS:
        precached = set(lists[lang])
        assert f"{lang}assets/nuffle/runtime.json" in precached
        assert {f"{lang}assets/nuffle/js/{name}" for name in modules} <= precached


def test_the_page_modules_are_served_as_javascript(site):
    for name in ("nuffle.js", "js/calculator.mjs", "js/edition.mjs"):
        with urllib.request.urlopen(site.url + "fr/assets/nuffle/" + name) as response:
            assert response.headers.get_content_type() == "text/javascript", name
    with urllib.request.urlopen(site.url + "ja/assets/nuffle/runtime.json") as response:
        assert response.headers.get_content_type() == "application/json"
