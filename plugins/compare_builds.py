"""Compare two builds of the site (MkDocs and ProperDocs), file by file, and list what differs.

    python -m plugins.compare_builds SITE_A SITE_B

Two builds of the same sources must be byte for byte the same, but for what names the generator:
    - the `<meta name="generator" content="…">` tag of every page (overrides/main.html writes the generator's
      name and version: "mkdocs-1.6.1" against "mkdocs-ProperDocs 1.6.7");
    - in the service worker (sw.js), `const BUILD = "…"`, a digest of every page, and the `"bytes"` that
      "Save for offline use" announces, the sum of the pages' sizes: both follow the tag;
    - a sitemap's `<lastmod>` dates (the day each build ran: two builds on either side of midnight differ);
    - a `.gz` sibling, whose bytes follow its file's: it is compared decompressed, with the rules above.
Nothing else is set aside. Exit status 1, with the differing files listed, when the builds differ.
"""
from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

# (files the rule applies to, what it replaces): each ignored difference and why is in the docstring.
IGNORED = (
    (re.compile(r"\.html$"), re.compile(rb'<meta name="generator" content="[^"]*">')),
    (re.compile(r"(^|/)sw\.js$"), re.compile(rb'const BUILD = "[0-9a-f]+";|"bytes": \{[^}]*\}')),
    (re.compile(r"(^|/)sitemap\.xml$"), re.compile(rb"<lastmod>[^<]*</lastmod>")),
)


def normalised(rel: str, data: bytes) -> bytes:
    """`data` of file `rel` with what may differ between generators blanked (a .gz file decompressed first)."""
    if rel.endswith(".gz"):
        rel, data = rel[:-len(".gz")], gzip.decompress(data)
    for files, pattern in IGNORED:
        if files.search(rel):
            data = pattern.sub(b"", data)
    return data


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def differences(a: Path, b: Path) -> list[str]:
    """The files that differ between builds `a` and `b` (posix paths relative to them, sorted): only in a
    (`- path`), only in b (`+ path`), or different once normalised (`~ path`)."""
    files_a, files_b = _files(a), _files(b)
    out = [f"- {rel}" for rel in files_a - files_b] + [f"+ {rel}" for rel in files_b - files_a]
    for rel in files_a & files_b:
        data_a, data_b = (a / rel).read_bytes(), (b / rel).read_bytes()
        if data_a != data_b and normalised(rel, data_a) != normalised(rel, data_b):
            out.append(f"~ {rel}")
    return sorted(out, key=lambda line: line[2:])


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    found = differences(Path(argv[0]), Path(argv[1]))
    print("\n".join(found) or "the builds are the same (but for the generator's name)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
