"""Compare two builds of the site (MkDocs and ProperDocs), file by file, and list what differs.

    python -m plugins.compare_builds SITE_A SITE_B

Two builds of the same sources must be byte for byte the same, but for what names the generator:
    - the `<meta name="generator" content="…">` tag of every page (overrides/main.html writes the generator's
      name and version: "mkdocs-1.6.1" against "mkdocs-ProperDocs 1.6.7");
    - in the service worker (sw.js), `const BUILD = "…"`, a digest of every page, and the `"bytes"` that
      "Save for offline use" announces, the sum of the pages' sizes: both follow the tag;
    - a sitemap's `<lastmod>` dates (the day each build ran: two builds on either side of midnight differ);
    - each language's offline pack (`<lang>/offline-pages-<hash>.pack`, its `.br` and `.gz`): it holds that
      language's pages, which are compared one by one above, so its bytes and the hash in its name (and where
      sw.js names it) follow the generator's tag too; a pack must still be there on both sides;
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
    (re.compile(r"(^|/)sw\.js$"), re.compile(rb'const BUILD = "[0-9a-f]+";|"bytes": \{[^}]*\}|offline-pages-[0-9a-f]+\.pack')),
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


#: an offline pack's name (plugins/calc/pagepack.py): its hash follows its pages (see the module docstring)
PACK = re.compile(r"offline-pages-[0-9a-f]+\.pack")


def _files(root: Path) -> dict[str, str]:
    """Every file of build `root`: its path with a pack's hash set aside -> its real path (both posix)."""
    found = (p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    return {PACK.sub("offline-pages-<hash>.pack", rel): rel for rel in found}


def differences(a: Path, b: Path) -> list[str]:
    """The files that differ between builds `a` and `b` (posix paths relative to them, sorted): only in a
    (`- path`), only in b (`+ path`), or different once normalised (`~ path`)."""
    files_a, files_b = _files(a), _files(b)
    out = [f"- {files_a[rel]}" for rel in files_a.keys() - files_b.keys()]
    out += [f"+ {files_b[rel]}" for rel in files_b.keys() - files_a.keys()]
    for rel in files_a.keys() & files_b.keys():
        if PACK.search(files_a[rel]):
            continue  # its pages are compared one by one
        data_a, data_b = (a / files_a[rel]).read_bytes(), (b / files_b[rel]).read_bytes()
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
