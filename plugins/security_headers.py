"""The site's HTTP security headers, with the strictest Content-Security-Policy it works under.

    python -m plugins.security_headers [SITE_DIR]     # print them for SITE_DIR (default: site/)

The policy allows only what the site does:
- scripts from the site itself, plus the inline scripts Material and the edition picker write into each
  page, each by its SHA-256 hash (they are fixed at build time: `inline_script_hashes` reads them from the
  built pages), and `'wasm-unsafe-eval'`, which WebAssembly needs to compile Pyodide (no `'unsafe-eval'`,
  no `'unsafe-inline'`);
- workers (the calculators' worker, Material's search worker, the service worker), fetches, styles, fonts
  and the manifest from the site itself; images from the site and `data:` (Material's icons are `data:`
  SVGs in its style sheet);
- no plug-in, no `<base>`, forms sent only to the site, and no page framing it (`frame-ancestors 'none'`).

The build writes the headers next to the pages (`write_header_files`): `_headers` (the format of Netlify
and Cloudflare Pages, read by plugins/serve.py too) and `nginx-security-headers.conf` (`add_header` lines
for nginx's `include`), so every host sends the same policy.
"""
from __future__ import annotations

import base64
import hashlib
import re
import sys
from pathlib import Path

HEADERS_FILE = "_headers"
NGINX_FILE = "nginx-security-headers.conf"

POLICY: dict[str, tuple[str, ...]] = {
    "default-src": ("'self'",),
    "script-src": ("'self'", "'wasm-unsafe-eval'"),  # + the hashes of the inline scripts
    "style-src": ("'self'",),
    "img-src": ("'self'", "data:"),
    "font-src": ("'self'",),
    "connect-src": ("'self'",),
    "worker-src": ("'self'",),
    "manifest-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'none'",),
    "form-action": ("'self'",),
    "frame-ancestors": ("'none'",),
}
OTHER_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers older than CSP 2
}
# An inline script element: its attributes and its text (the browser's text ends at the first </script).
_SCRIPT = re.compile(r"<script\b(?P<attrs>[^>]*)>(?P<body>.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_SRC = re.compile(r"\ssrc\s*=", re.IGNORECASE)
_TYPE = re.compile(r"""\stype\s*=\s*["']?(?P<type>[^"'\s>]+)""", re.IGNORECASE)
_SCRIPT_TYPES = {"", "text/javascript", "application/javascript", "module"}  # what a browser runs


def inline_script_hashes(site: Path) -> list[str]:
    """The CSP sources (`'sha256-…'`, sorted) of every distinct inline script the browser would run in the
    HTML pages under `site`: scripts with no `src` whose type is JavaScript (JSON data blocks are not run)."""
    found = set()
    for page in Path(site).rglob("*.html"):
        for match in _SCRIPT.finditer(page.read_text(encoding="utf-8")):
            kind = _TYPE.search(match["attrs"])
            if _SRC.search(match["attrs"]) or (kind["type"].lower() if kind else "") not in _SCRIPT_TYPES:
                continue
            digest = hashlib.sha256(match["body"].encode("utf-8")).digest()
            found.add(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return sorted(found)


def content_security_policy(script_hashes: list[str]) -> str:
    """The policy as a header value, with `script_hashes` (CSP hash sources) added to script-src."""
    directives = {**POLICY, "script-src": POLICY["script-src"] + tuple(script_hashes)}
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def security_headers(site: Path) -> dict[str, str]:
    """Every security header for the site built in `site`: {name: value}."""
    return {"Content-Security-Policy": content_security_policy(inline_script_hashes(site)), **OTHER_HEADERS}


def write_header_files(site: Path) -> dict[str, str]:
    """Write `_headers` and `nginx-security-headers.conf` into the built `site`; return the headers."""
    headers = security_headers(site)
    lines = ["/*"] + [f"  {name}: {value}" for name, value in headers.items()]
    (Path(site) / HEADERS_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    nginx = [f"add_header {name} \"{value}\" always;" for name, value in headers.items()]
    (Path(site) / NGINX_FILE).write_text("# written by plugins/security_headers.py at build time\n"
                                         + "\n".join(nginx) + "\n", encoding="utf-8")
    return headers


def read_header_files(site: Path) -> dict[str, str]:
    """The headers of `site`'s `_headers` file (its `/*` block), or computed from its pages when the file
    is missing (a site built before the build wrote it)."""
    path = Path(site) / HEADERS_FILE
    if not path.is_file():
        return security_headers(site)
    headers, in_all = {}, False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace():
            in_all = line.strip() == "/*"
        elif in_all and ":" in line:
            name, _, value = line.strip().partition(":")
            headers[name.strip()] = value.strip()
    return headers


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "site"
    for key, val in read_header_files(root).items():
        print(f"{key}: {val}")
