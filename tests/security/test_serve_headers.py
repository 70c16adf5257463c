"""What plugins/serve.py (`make serve`, the tests, the benchmarks) answers: the security headers on every
answer, and byte ranges as RFC 9110 says (issue 24, item 7). The app is called directly (WSGI), on a
small built folder.
"""
from __future__ import annotations

import base64
import hashlib
import io

import pytest

from plugins.security_headers import HEADERS_FILE, NGINX_FILE, read_header_files, write_header_files
from plugins.serve import make_app

INLINE = "var palette=__md_get('__palette')"
PAGE = (f"<!doctype html><html><head><script>{INLINE}</script><script type=\"application/json\" id=\"__config\">"
        "{\"a\": 1}</script><script src=\"assets/x.js\"></script></head><body>home</body></html>")
BODY = bytes(range(256)) * 4  # 1,024 bytes


@pytest.fixture
def app(tmp_path):
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "file.bin").write_bytes(BODY)
    write_header_files(tmp_path)
    return make_app(tmp_path)


def call(app, path: str, **headers) -> tuple[int, dict[str, str], bytes]:
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
               "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
               "wsgi.input": io.BytesIO(), "wsgi.errors": io.StringIO(),
               **{"HTTP_" + name.upper(): value for name, value in headers.items()}}
    answer = {}

    def start_response(status, response_headers, exc_info=None):
        answer["status"], answer["headers"] = int(status.split()[0]), dict(response_headers)

    body = b"".join(app(environ, start_response))
    return answer["status"], answer["headers"], body


def test_a_suffix_of_zero_bytes_is_not_satisfiable(app):
    """`Range: bytes=-0` got 206 with the whole file."""
    status, headers, body = call(app, "/file.bin", range="bytes=-0")
    assert status == 416 and headers["Content-Range"] == f"bytes */{len(BODY)}" and body == b""


@pytest.mark.parametrize("spec, status, first, last", [
    ("bytes=0-0", 206, 0, 0),              # a one-byte range (WhiteNoise answered 416)
    ("bytes=10-19", 206, 10, 19),
    ("bytes=-5", 206, 1019, 1023),
    ("bytes=-5000", 206, 0, 1023),         # a suffix longer than the file is the whole file
    ("bytes=1000-", 206, 1000, 1023),
    ("bytes=1020-5000", 206, 1020, 1023),
    ("bytes=1024-", 416, None, None),      # starts at the end
    ("bytes=5000-6000", 416, None, None),
    ("bytes=9-3", 200, 0, 1023),           # last before first: the header is ignored
    ("bytes=0-1,5-6", 200, 0, 1023),       # several ranges: not served as ranges
    ("items=0-3", 200, 0, 1023),
])
def test_byte_ranges_follow_rfc_9110(app, spec, status, first, last):
    got_status, headers, body = call(app, "/file.bin", range=spec)
    assert (got_status, body) == (status, b"" if first is None else BODY[first:last + 1])
    if status == 206:
        assert headers["Content-Range"] == f"bytes {first}-{last}/{len(BODY)}"
        assert headers["Content-Length"] == str(last - first + 1)
    if status == 416:
        assert headers["Content-Range"] == f"bytes */{len(BODY)}"


@pytest.mark.parametrize("path, status", [("/", 200), ("/file.bin", 200), ("/no-such-page/", 404), ("/fr", 302)])
def test_every_answer_carries_the_security_headers(app, path, status):
    got, headers, _ = call(app, path)
    assert got == status
    assert headers["X-Content-Type-Options"] == "nosniff"
    csp = headers["Content-Security-Policy"]
    for directive in ("default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"):
        assert directive in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp


def test_the_policy_allows_the_inline_scripts_by_hash_only(tmp_path):
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    headers = write_header_files(tmp_path)
    script_src = next(d for d in headers["Content-Security-Policy"].split("; ") if d.startswith("script-src "))
    digest = base64.b64encode(hashlib.sha256(INLINE.encode()).digest()).decode()
    # the JavaScript block by its hash; the JSON data block (never run) and the external script add nothing
    assert script_src == f"script-src 'self' 'wasm-unsafe-eval' 'sha256-{digest}'"


def test_the_host_files_say_the_same(tmp_path):
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    headers = write_header_files(tmp_path)
    assert read_header_files(tmp_path) == headers
    nginx = (tmp_path / NGINX_FILE).read_text(encoding="utf-8")
    assert all(f'add_header {name} "{value}" always;' in nginx for name, value in headers.items())
    (tmp_path / HEADERS_FILE).unlink()
    assert read_header_files(tmp_path) == headers  # a site built before the file: computed from the pages


def test_a_port_in_use_is_said_in_one_line_before_any_promise(tmp_path):
    # review 3 (D16): `python -m plugins.serve` on a busy port printed "Serving…" and then died with a traceback
    import socket
    import subprocess
    import sys

    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    write_header_files(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "plugins.serve", "--port", str(port), "--directory", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done
    assert "Serving" not in done.stdout and "Traceback" not in done.stderr, done
    assert done.stderr.strip().count("\n") == 0 and f"port {port}" in done.stderr, done.stderr
