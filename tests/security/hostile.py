"""Helpers for the hostile-input tests: a copy of the fixture site and data to mutate, its build, and the
scan of built pages for anything a payload could run."""
from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PROJECT = FIXTURES.parent.parent
LANGS = ("en", "fr", "ja")


def copy_fixture(tmp: Path) -> tuple[Path, Path]:
    """Copy tests/fixtures/site and tests/fixtures/data under `tmp`; return (mkdocs.yml, data folder)."""
    site, data = tmp / "site", tmp / "data"
    shutil.copytree(FIXTURES / "site", site, ignore=shutil.ignore_patterns("site"))
    shutil.copytree(FIXTURES / "data", data)
    config = site / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("../../../mkdocs.yml", str(PROJECT / "mkdocs.yml")),
                      encoding="utf-8")
    return config, data


def build_fixture(config: Path, out: Path, *, strict: bool = True) -> Path:
    """A build of the (copied) fixture site into `out` (strict: a warning fails it)."""
    build(load_config(config_file=str(config), site_dir=str(out), strict=strict))
    return out


def is_text_map(value) -> bool:
    return isinstance(value, dict) and isinstance(value.get("en"), str) and set(value) <= set(LANGS)


def plant(data_dir: Path, text_payload: str, string_payload: str | None, keep=lambda file, path: False) -> int:
    """Append `text_payload` to every language of every {en, fr, ja} text of every data file, and
    `string_payload` to every other free string (those `keep(file, path)` leaves alone stay as they are).
    Returns how many fields were changed."""
    changed = 0

    def walk(value, file, path):
        nonlocal changed
        if is_text_map(value):
            for lang in list(value):
                if keep(file, path + (lang,)):
                    continue  # refused there (a name whose parts become search aliases that would clash)
                value[lang] = value[lang] + text_payload
                changed += 1
            return value
        if isinstance(value, dict):
            return {k: walk(v, file, path + (k,)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, file, path + (i,)) for i, v in enumerate(value)]
        if isinstance(value, str) and string_payload is not None and not keep(file, path):
            changed += 1
            return value + string_payload
        return value

    for file in sorted(data_dir.rglob("*.yml")):
        rel = file.relative_to(data_dir).as_posix()
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        file.write_text(yaml.safe_dump(walk(data, rel, ()), allow_unicode=True, sort_keys=False), encoding="utf-8")
    return changed


def plant_everywhere(data_dir: Path, text_payload: str, string_payload: str) -> int:
    """`plant` in every text, and in every other string the data check accepts it in (a slug, a key, a
    reference or a date refuses it: those are left as they were). Returns how many fields carry it."""
    from plugins.data import DataError, load_repository
    from plugins.data.loader import format_path

    original = {f: f.read_text(encoding="utf-8") for f in data_dir.rglob("*.yml")}
    refused: set[tuple[str, str]] = set()
    for _ in range(10):
        for file, text in original.items():
            file.write_text(text, encoding="utf-8")
        changed = plant(data_dir, text_payload, string_payload,
                        keep=lambda file, path: any(file == f and format_path(path).startswith(field)
                                                    for f, field in refused))
        try:
            load_repository(data_dir)
            return changed
        except DataError as exc:
            new = {(Path(p.file).resolve().relative_to(data_dir.resolve()).as_posix(), p.field)
                   for p in exc.problems} - refused
            if not new:
                raise
            refused |= new
    raise AssertionError("the payload is still refused after 10 rounds")


URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc"}
BAD_URL = re.compile(r"^\s*(javascript|vbscript|data):", re.IGNORECASE)


class _Scan(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        if ":" in tag:
            self.found.append(f"tag <{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name in URL_ATTRS and value and BAD_URL.match(re.sub(r"[\x00-\x20]", "", value)):
                self.found.append(f"<{tag} {name}={value!r}>")
        self.in_script = tag == "script"

    def handle_data(self, data):
        if self.in_script and "alert(" in data:
            self.found.append(f"script {data[:60]!r}")

    def handle_endtag(self, tag):
        self.in_script = False


def live_payloads(html: str) -> list[str]:
    """What in a page could run: an `on*` attribute, a javascript:/vbscript:/data: URL, a tag whose name
    holds a colon, or a script that calls alert( (the payloads' marker)."""
    scan = _Scan()
    scan.feed(html)
    return scan.found


def scan_site(out: Path) -> dict[str, list[str]]:
    """Every built page with something that could run, and what."""
    found = {}
    for page in sorted(out.rglob("*.html")):
        problems = live_payloads(page.read_text(encoding="utf-8"))
        if problems:
            found[page.relative_to(out).as_posix()] = problems
    return found
