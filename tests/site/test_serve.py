"""The server of `make serve` (plugins/serve.py): what a browser gets, header by header."""
from __future__ import annotations

import gzip
import urllib.error
import urllib.request

import pytest

from plugins.calc.bundle import RUNTIME_URL
from plugins.serve import make_app


def _get(url: str, encoding: str = "gzip, br"):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def test_pages_are_sent_compressed_when_the_browser_accepts_it(site):
    status, headers, body = _get(site.url + "fr/rulings/")
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (site.dir / "fr" / "rulings" / "index.html").read_bytes()
    assert "Accept-Encoding" in headers.get("Vary", "")


def test_pages_are_sent_plain_to_a_client_without_compression(site):
    status, headers, body = _get(site.url + "ja/", encoding="identity")
    assert status == 200 and "Content-Encoding" not in headers
    assert body == (site.dir / "ja" / "index.html").read_bytes()


def test_the_runtime_is_sent_as_brotli_wasm_and_cached_for_good(site):
    status, headers, _ = _get(site.url + RUNTIME_URL + "pyodide.asm.wasm")  # pyodide/<pinned version>/
    assert status == 200
    assert headers["Content-Type"] == "application/wasm"  # WebAssembly.instantiateStreaming needs it
    assert headers["Content-Encoding"] == "br"
    assert "immutable" in headers["Cache-Control"]


def test_the_offline_packs_are_cached_for_good(site):
    # A pack's name carries the digest of its content (plugins/calc/pagepack.py): a changed page makes a new name,
    # so a browser never needs to ask again whether the one it holds is still current.
    for lang in ("", "fr/", "ja/"):
        pack = next((site.dir / lang).glob("offline-pages-*.pack")).name
        status, headers, _ = _get(site.url + lang + pack)
        assert status == 200 and headers["Content-Encoding"] == "br", lang
        assert "immutable" in headers["Cache-Control"], lang


def test_pages_and_the_service_worker_are_revalidated(site):
    for path in ("", "sw.js"):
        _, headers, _ = _get(site.url + path)
        assert "max-age=0" in headers["Cache-Control"], path


def test_manifest_type_and_folder_redirect(site):
    _, headers, _ = _get(site.url + "manifest.webmanifest")
    assert headers["Content-Type"] == "application/manifest+json"
    request = urllib.request.Request(site.url + "fr/rulings", method="HEAD")
    with urllib.request.urlopen(request) as response:  # urllib follows the redirect to the folder
        assert response.url.endswith("/fr/rulings/")


@pytest.mark.parametrize("path, lang", [("no-such-page/", "en"), ("ja/no-such-page/", "ja")])
def test_unknown_paths_get_the_site_404_page_in_their_language(site, path, lang):
    status, _, body = _get(site.url + path, encoding="identity")
    assert status == 404
    assert f'<html lang="{lang}"' in body.decode("utf-8")


def test_an_unbuilt_folder_is_refused_with_a_clear_message(tmp_path):
    with pytest.raises(FileNotFoundError, match="not built"):
        make_app(tmp_path)
