"""Resource hints in a page's <head> (overrides/partials/nc-head.html), so that a phone on a slow link does not
wait for one round trip after another before its first Python answer (issue 26, item 11).

Without them, on 1.6 Mbps and 150 ms of latency (benchmarks/bench_throttled.py --breakdown), the page's
scripts came level by level of their imports (nuffle.js, then js/calculator.mjs, then js/engine.mjs, then
js/runtime.mjs, then js/util.mjs: five round trips), the worker started only when they had all run, and
MicroPython's files (0.33 MB as sent) began to download only once the worker had read runtime.json, loaded
its own script and its import, and loaded the port's module, which then asked for the .wasm, the link idle
for most of a second meanwhile: the runtime was in at 4.6-6.4 s, and at 3.5-4.3 s with these hints (README,
Benchmarks). Two kinds of hint:

- `<link rel="modulepreload">` for every module nuffle.js imports, directly or not (:func:`page_modules`,
  read from the import statements themselves, so the list cannot fall behind the code): on every page, since
  every page loads nuffle.js and its whole graph; the browser fetches them all at once with the styles;
- `<link rel="prefetch">` for MicroPython's three files, on a page whose first calculator starts Python as
  soon as the page has loaded (:func:`starts_python_at_once`): they download at the lowest priority, after
  what the page itself needs, into the HTTP cache, where the worker's own requests find them (or join the
  download in flight): no byte is fetched twice, since the files are named by their content and cached for a
  year (plugins/serve.py, README "Hosting"). A `preload` would have fetched them at high priority, before the
  page's own scripts, and the first change answered from the build's answers came later (2.9-3.0 s against
  1.9-2.4 s, tried by hand); `preload` is also meant for the document's own use, and Chromium warns about a
  preload that the page itself does not read.

Files the server revalidates (mp-worker.js, js/worker-rpc.mjs, runtime.json, api/v1/rules.json) get no
prefetch: the worker's request would ask the server again anyway, and the prefetch would only add their bytes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .mpbundle import MICROPYTHON_URL

ASSETS = Path(__file__).resolve().parents[1] / "site" / "assets"  # copied to <language root>/assets/nuffle/
PAGE_MODULE = "nuffle.js"  # the module every page loads (mkdocs.yml extra_javascript)
ASSETS_URL = "assets/nuffle/"  # where ASSETS are in each language's build

# A static import or re-export with a relative specifier: `import {a} from "./x.mjs"`, `import "./x.mjs"`,
# `export {a} from "./x.mjs"` (a dynamic import(...) is not part of the graph the page loads at once).
_IMPORT = re.compile(r"""^\s*(?:import\s*(?:[^'"();]*?\sfrom\s*)?|export\s*[^'"();]*?\sfrom\s*)["'](\.{1,2}/[^"']+)["']""",
                     re.MULTILINE)
_H2 = re.compile(r"<h2[\s>]")


@lru_cache(maxsize=None)
def page_modules(entry: str = PAGE_MODULE) -> tuple[str, ...]:
    """The modules `entry` (a file of plugins/site/assets/) imports statically, directly or not, as paths
    relative to a language's root ("assets/nuffle/js/calculator.mjs", ...), in the order they are first
    reached (depth first); `entry` itself is not among them.

    Raises:
        FileNotFoundError: an import names a file that is not in plugins/site/assets/.
    """
    seen: dict[Path, None] = {}
    root = (ASSETS / entry).resolve()

    def visit(path: Path) -> None:
        for spec in _IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if target in seen or target == root:
                continue
            if not target.is_file():
                raise FileNotFoundError(f"{path.relative_to(ASSETS)} imports {spec}, which is not in {ASSETS}")
            seen[target] = None
            visit(target)

    visit(root)
    return tuple(ASSETS_URL + path.relative_to(ASSETS.resolve()).as_posix() for path in seen)


def starts_python_at_once(content: str) -> bool:
    """Whether the page whose content HTML is `content` starts Python as soon as it has loaded: its first
    calculator is in its first section, no second-level heading before it but the calculator's own (the
    calculator pages, the Agility and roll tables, the prayers). js/nearby.mjs starts Python for a calculator
    within two screens of the viewport; a calculator below the steps of a sequence or the glossary's terms is
    further down, and starts only when the reader gets near it: those pages fetch nothing ahead."""
    at = content.find("data-calculator=")
    return at >= 0 and len(_H2.findall(content, 0, at)) <= 1


def runtime_prefetches(micropython: dict) -> tuple[str, ...]:
    """The files to prefetch, relative to the site root, from runtime.json's `micropython` settings
    (:func:`plugins.calc.mpbundle.micropython_settings`): the port's .wasm, its module and the package, the
    largest first (the browser starts them in this order)."""
    folder = micropython.get("runtime", MICROPYTHON_URL)
    return tuple(folder + micropython[name] for name in ("wasm", "package", "module"))


@dataclass(frozen=True)
class Hints:
    """A page's resource hints, as overrides/partials/nc-head.html reads them (`nc_hints`): `modules`, paths
    relative to the language root (the template's `url` filter makes them relative to the page); `prefetch`,
    paths relative to the site root (the template puts `nc.root` before them)."""

    modules: tuple[str, ...]
    prefetch: tuple[str, ...] = ()
