"""What a calculator form tells the browser about the in-browser Python runtime, as one value of the build.

The page renderers never reach into the plugin that ships the runtime (`plugins/calc`): that plugin makes a
:class:`RuntimeInfo` once per build (`CalcPlugin.runtime_info`), the site plugin hands it to every page
(`PageContext.runtime`), and `render/calculator.py` writes it on each form. A page rendered without one (a
test rendering pages from the data alone) gets forms without the runtime attributes, which show the build's
answers only.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass(frozen=True)
class RuntimeInfo:
    """The runtime's files and versions, as the forms name them (paths relative to the site root).

    `folder`: the runtime's folder ("pyodide/"); `files`: the files Pyodide loads from it (the page asks the
    service worker to keep them); `package`: the content-hashed zip of the `calculators` package in that
    folder; `rules`: the exported rules JSON; `lock`: the `info` block of the pinned pyodide-lock.json;
    `snapshot`: the interpreter snapshot's file name in the folder and `snapshot_bytes` its size in bytes
    (calc-worker.js judges its download speed by it).
    """

    folder: str
    files: tuple[str, ...]
    package: str
    rules: str
    lock: dict = field(hash=False)
    snapshot: str
    snapshot_bytes: int

    def form_attributes(self, site_root: str) -> dict[str, str | int]:
        """The form's `data-*` attributes for a page whose way up to the site root is `site_root` ("../../")."""
        return {"data-runtime": site_root + self.folder, "data-runtime-files": json.dumps(list(self.files)),
                "data-package": self.package, "data-rules": site_root + self.rules,
                "data-lock": json.dumps(self.lock), "data-snapshot": self.snapshot,
                "data-snapshot-bytes": self.snapshot_bytes}
