"""The service worker's precache lists and build digest (plugins/calc/offline.py), on a small site made here.

The real site is checked in a browser (tests/browser/test_offline.py: the search scripts Material loads are
exactly those precached); these tests cover the other cases of the rule and the digest.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from plugins.calc.offline import precache_lists, write_offline_files

LUNR = "assets/javascripts/lunr/"
SCRIPTS = ["min/lunr.fr.min.js", "min/lunr.ja.min.js", "min/lunr.de.min.js", "min/lunr.multi.min.js",
           "min/lunr.stemmer.support.min.js", "tinyseg.js", "wordcut.js"]


def make_site(root: Path, langs: dict[str, list[str] | None]) -> Path:
    """A site with a page, every lunr script and, for each language prefix, a search index whose
    config.lang is the list given (None: that language is not built yet)."""
    for prefix, search_langs in langs.items():
        (root / prefix).mkdir(parents=True, exist_ok=True)
        (root / prefix / "index.html").write_text(f"<p>{prefix or 'en'}</p>", encoding="utf-8")
        for name in SCRIPTS:
            (root / prefix / LUNR / name).parent.mkdir(parents=True, exist_ok=True)
            (root / prefix / LUNR / name).write_text("//", encoding="utf-8")
        if search_langs is not None:
            index = root / prefix / "search" / "search_index.json"
            index.parent.mkdir(parents=True, exist_ok=True)
            index.write_text(json.dumps({"config": {"lang": search_langs}, "docs": []}), encoding="utf-8")
    return root


def lunr_of(lists: dict, prefix: str) -> set[str]:
    return {url.removeprefix(prefix + LUNR) for url in lists[prefix] if url.startswith(prefix + LUNR)}


def test_each_language_lists_the_search_scripts_its_search_loads(tmp_path):
    # Material 9.8's worker (setupSearchLanguages): stemmer support whenever a script is needed, tinyseg
    # for ja, lunr.<lang> for each language but en, lunr.multi for several languages.
    site = make_site(tmp_path, {"": ["en"], "fr/": ["fr"], "ja/": ["ja", "en"]})
    lists = precache_lists(site)
    assert lunr_of(lists, "") == set()
    assert lunr_of(lists, "fr/") == {"min/lunr.fr.min.js", "min/lunr.stemmer.support.min.js"}
    assert lunr_of(lists, "ja/") == {"tinyseg.js", "min/lunr.ja.min.js", "min/lunr.multi.min.js",
                                     "min/lunr.stemmer.support.min.js"}
    # the rest of the site is listed in every language
    assert {"", "fr/", "ja/"} <= {url for prefix in ("", "fr/", "ja/") for url in lists[prefix]}
    assert "search/search_index.json" in lists[""] and "fr/search/search_index.json" in lists["fr/"]


def test_a_language_not_built_yet_lists_no_search_script(tmp_path):
    site = make_site(tmp_path, {"": ["en"], "fr/": None})
    assert lunr_of(precache_lists(site), "fr/") == set()


def build_id(site: Path) -> str:
    return re.search(r'const BUILD = "([0-9a-f]+)"', (site / "sw.js").read_text(encoding="utf-8")).group(1)


def test_the_build_digest_covers_every_language_and_the_rules(tmp_path):
    """A French-only or rules-only change must install a new service worker (a new pages cache); before,
    the digest covered the English files only."""
    site = make_site(tmp_path, {"": ["en"], "fr/": ["fr"], "ja/": ["en"]})
    rules = site / "api" / "v1" / "rules.json"
    rules.parent.mkdir(parents=True)
    rules.write_text('{"targets": {}}', encoding="utf-8")
    write_offline_files(site)
    seen = [build_id(site)]
    write_offline_files(site)
    assert build_id(site) == seen[0]  # nothing changed, same worker
    for path, text in ((site / "fr" / "index.html", "<p>fr, corrigé</p>"), (rules, '{"targets": {"x": 1}}')):
        path.write_text(text, encoding="utf-8")
        write_offline_files(site)
        assert build_id(site) not in seen, path
        seen.append(build_id(site))


def test_the_runtime_list_names_the_versioned_folder_and_saves_all_but_the_snapshot(tmp_path):
    """Issue 24, item 1: sw.js knows the runtime of this build by its versioned URLs (its cache is named after
    the version); "save for offline use" fetches all of them but the 31 MB snapshot, and says what that costs
    as sent (the compressed sibling when there is one)."""
    from plugins.calc.bundle import PYODIDE_VERSION, RULES_PATH, RUNTIME_URL
    from plugins.calc.offline import runtime_lists

    site = make_site(tmp_path, {"": ["en"], "fr/": ["fr"], "ja/": ["en"]})
    folder = site / RUNTIME_URL
    folder.mkdir(parents=True)
    for name, size in (("pyodide.asm.wasm", 1000), ("calculators-0123456789ab.zip", 50), ("snapshot-ab12.bin", 5000)):
        (folder / name).write_bytes(b"x" * size)
    (folder / "pyodide.asm.wasm.br").write_bytes(b"y" * 300)  # what a browser downloads instead
    (site / RULES_PATH).parent.mkdir(parents=True)
    (site / RULES_PATH).write_bytes(b"z" * 20)
    lists = precache_lists(site)
    runtime = runtime_lists(site, lists)
    assert RUNTIME_URL == f"pyodide/{PYODIDE_VERSION}/" and runtime["version"] == PYODIDE_VERSION
    assert runtime["files"] == [RUNTIME_URL + name for name in
                                ("calculators-0123456789ab.zip", "pyodide.asm.wasm", "snapshot-ab12.bin")]
    assert runtime["save"] == runtime["files"][:2] and runtime["rules"] == RULES_PATH
    pages = {prefix: sum((site / (url + "index.html" if url.endswith("/") or url == "" else url)).stat().st_size
                         for url in lists[prefix]) for prefix in ("", "fr/", "ja/")}
    assert runtime["bytes"] == {"runtime": 300 + 50 + 20, **pages}
    write_offline_files(site)
    script = (site / "sw.js").read_text(encoding="utf-8")
    written = json.loads(re.search(r"const RUNTIME_FILES = (\{.*?\});", script).group(1))
    # A language's pages come in its pack (pagepack.py): saving costs the pack's Brotli size.
    packs = packs_of(site)
    assert written == {**runtime, "bytes": {"runtime": 300 + 50 + 20, **{
        prefix: (site / (pack["url"] + ".br")).stat().st_size for prefix, pack in packs.items()}}}


def packs_of(site: Path) -> dict:
    """The PACKS constant of the written sw.js: {prefix: {"url", "files"}}."""
    return json.loads(re.search(r"const PACKS = (\{.*?\});\n", (site / "sw.js").read_text(encoding="utf-8")).group(1))


def read_pack(data: bytes) -> dict[str, tuple[str, bytes]]:
    """{url: (content type, bytes)} of a pack, read as sw.js's `unpack` does."""
    head, _, rest = data.partition(b"\n")
    index = json.loads(rest[:int(head)])
    body = rest[int(head):]
    return {url: (kind, body[offset:offset + size]) for url, kind, offset, size in index}


def test_each_built_language_gets_one_pack_of_exactly_its_precache_list(tmp_path):
    """Issue 26, item 11: a first visit fetched a language's ~420 files one by one (4.2-4.7 MB as sent); the
    service worker now gets them in one pack. The pack holds every file of the language's list, byte for byte,
    with the type the server sends; its Brotli and gzip siblings are the same bytes; a changed page makes a
    pack of another name and the old one is deleted; a language not built yet has no pack."""
    import brotli
    import gzip

    site = make_site(tmp_path, {"": ["en"], "fr/": ["fr"]})
    for prefix, text in (("", "<p>a page</p>"), ("fr/", "<p>une page</p>")):  # the same paths in each language
        (site / prefix / "page").mkdir()
        (site / prefix / "page" / "index.html").write_text(text, encoding="utf-8")
    write_offline_files(site)
    lists, packs = precache_lists(site), packs_of(site)
    assert set(packs) == {"", "fr/"}  # ja/ is not built
    pack = site / packs["fr/"]["url"]
    files = read_pack(pack.read_bytes())
    assert list(files) == lists["fr/"] and packs["fr/"]["files"] == len(files)
    assert files["fr/page/"] == ("text/html; charset=utf-8", "<p>une page</p>".encode("utf-8"))
    assert files[f"fr/{LUNR}min/lunr.fr.min.js"] == ("text/javascript; charset=utf-8", b"//")
    assert all(content == (site / (url + "index.html" if url.endswith("/") or url == "" else url)).read_bytes()
               for url, (_, content) in files.items())
    assert brotli.decompress((site / (packs["fr/"]["url"] + ".br")).read_bytes()) == pack.read_bytes()
    assert gzip.decompress((site / (packs["fr/"]["url"] + ".gz")).read_bytes()) == pack.read_bytes()
    # no pack lists itself or another pack
    assert not [url for prefix in lists if prefix != "root" for url in lists[prefix] if "offline-pages-" in url]

    (site / "fr" / "page" / "index.html").write_text("<p>une page corrigée</p>", encoding="utf-8")
    write_offline_files(site)
    renamed = packs_of(site)["fr/"]["url"]
    assert renamed != packs["fr/"]["url"] and packs_of(site)[""] == packs[""]
    assert sorted(p.name for p in (site / "fr").glob("offline-pages-*")) == sorted(
        Path(renamed).name + suffix for suffix in ("", ".br", ".gz"))
