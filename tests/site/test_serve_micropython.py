"""MicroPython's runtime and package as `make serve` sends them (plugins/serve.py): compressed, the right types, and
cached for good, since their names change with their content (plugins/calc/mpbundle.py). Before, the folder
micropython/<version>/ was revalidated on every visit, as any other file."""
from __future__ import annotations

import json
import urllib.request

MP_SETTINGS = "fr/assets/nuffle/runtime.json"


def _get(url: str):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, br"})
    with urllib.request.urlopen(request) as response:
        return response.status, response.headers, response.read()


def test_micropython_files_are_sent_compressed_typed_and_cached_for_good(site):
    settings = json.loads((site.dir / MP_SETTINGS).read_text(encoding="utf-8"))["micropython"]
    folder = site.url + settings["runtime"]
    for role, kind in (("wasm", "application/wasm"), ("module", "javascript"), ("package", "application/octet-stream")):
        status, headers, _ = _get(folder + settings[role])
        assert status == 200, role
        assert kind in headers["Content-Type"], (role, headers["Content-Type"])
        assert headers["Content-Encoding"] == "br", role
        assert "immutable" in headers["Cache-Control"], role
