"""textlint on every Japanese text of the project: the `ja` texts of data/ (as loaded, so as rendered), the
Markdown pages of docs/ja/ and the msgstr of the Japanese catalog, with the rules of `.textlintrc.json` and a
prh dictionary generated from the termbase (plugins/data/prh.py).

textlint reads files, so each source is written to a temporary Markdown file, one text per paragraph, with a
map from its lines back to the origin (file:line and field). Each problem reads `file:line: field: rule:
message`. Run `python -m plugins.data.textlint_ja` (exit 1 when something is found); the test suite runs it
(tests/data/test_textlint_ja.py).
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .loader import format_path, load_repository
from .model import Repository, step_labels
from .prh import write as write_prh
from .termbase import Termbase
from .terminology import _texts, po_messages

ROOT = Path(__file__).resolve().parents[2]
TEXTLINT = ROOT / "node_modules" / ".bin" / "textlint"
CONFIG = ROOT / ".textlintrc.json"
REFERENCE = re.compile(r"\[\[([a-z][a-z-]*:[0-9a-z#-]+)(?:\|([^\]]*))?\]\]")


@dataclass(frozen=True)
class Origin:
    file: str
    line: int
    field: str


@dataclass(frozen=True)
class Problem:
    """One textlint message, located in the project's own file."""

    origin: Origin
    rule: str
    message: str

    def __str__(self) -> str:
        field = f" {self.origin.field}:" if self.origin.field else ""
        return f"{self.origin.file}:{self.origin.line}:{field} {self.rule}: {self.message}"


def _visible(text: str, repo: Repository) -> str:
    """A data text as a reader sees it: `[[kind:slug|label]]` is its label, `[[kind:slug]]` the termbase's
    preferred Japanese name, else the entity's Japanese name or title (its id when unknown), so the linter reads the words around a reference as rendered."""
    def name(m: re.Match) -> str:
        if m.group(2) is not None:
            return m.group(2)
        entry = repo.termbase.get(m.group(1).split("#")[0])
        if entry is not None:
            return entry.names["ja"].preferred  # the name a reference shows
        entity = repo.get(m.group(1).split("#")[0])
        names = (entity.get("name") or entity.get("title")) if entity else None
        title = (names.get("ja") or names.get("en")) if isinstance(names, dict) else m.group(1)
        anchor = m.group(1).partition("#")[2]
        if entity is not None and anchor.startswith("step-"):  # 「…の手順 5aa」, as the pages show a step
            key = anchor[len("step-"):]
            return f"{title}の手順 {step_labels(entity.get('steps')).get(key, key)}"
        return title
    return REFERENCE.sub(name, text)


class Sheet:
    """A temporary Markdown file of texts, one paragraph each, remembering where each line came from."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origins: list[Origin | None] = []

    def add(self, text: str, origin: Origin) -> None:
        for part in text.splitlines() or [""]:
            self.lines.append(part)
            self.origins.append(origin)
        self.lines.append("")
        self.origins.append(None)

    def origin(self, line: int) -> Origin | None:
        return self.origins[line - 1] if 0 < line <= len(self.origins) else None


def sheets(repo: Repository, root: Path) -> dict[str, Sheet]:
    """{name of the temporary file: sheet} of every Japanese text of data/ and of the catalog."""
    out: dict[str, Sheet] = {}
    for entity in sorted(repo.entities.values(), key=lambda e: (e.file, e.line(()))):
        for field_path, lang, text in _texts(entity.data, ()):
            if lang != "ja" or not text.strip():
                continue
            sheet = out.setdefault(entity.file.replace("/", "__") + ".md", Sheet())
            sheet.add(_visible(text, repo), Origin(entity.file, entity.line(field_path), format_path(field_path)))
    po = root / "plugins/locale/ja/LC_MESSAGES/messages.po"
    if po.is_file():
        sheet = out.setdefault("messages.po.md", Sheet())
        rel = po.relative_to(root).as_posix()
        for line, msgid, msgstr in po_messages(po):
            sheet.add(msgstr, Origin(rel, line, f"msgstr of {msgid[:40]!r}"))
    return out


def run(repo: Repository, root: Path = ROOT) -> list[Problem]:
    """Every textlint problem in the Japanese texts of data/, docs/ja/ and the catalog under `root`, sorted.

    Raises:
        FileNotFoundError: when node_modules/.bin/textlint is missing (run `npm ci`).
        RuntimeError: when textlint fails without a report (a configuration error).
    """
    texts = sheets(repo, root)
    for page in sorted((root / "docs" / "ja").glob("*.md")):
        rel = page.relative_to(root).as_posix()
        sheet = texts.setdefault(rel.replace("/", "__"), Sheet())
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            sheet.lines.append(_visible(line, repo))  # line for line: a page is Markdown already
            sheet.origins.append(Origin(rel, number, ""))
    # a field the termbase allows to name a variant (`allow:`) is skipped by prh as by the terminology check
    allowed = {(entity.file, format_path(path)) for entity in repo.entities.values()
               for path, lang, _ in _texts(entity.data, ()) if lang == "ja"
               and f"{entity.id} {format_path(path)}" in repo.termbase.allowed}
    return [p for p in lint(texts, [], repo.termbase, root)
            if not (p.rule == "prh" and (p.origin.file, p.origin.field) in allowed)]


def lint(texts: dict[str, Sheet], pages: list[Path], termbase: Termbase, root: Path = ROOT) -> list[Problem]:
    """textlint, with the project's configuration and the termbase's prh dictionary, on `texts` ({file name:
    sheet}, each line located by its sheet) and on the Markdown `pages` (located by their path under `root`).
    Raises as :func:`run`."""
    if not TEXTLINT.exists():
        raise FileNotFoundError(f"{TEXTLINT} is missing: run `npm ci`")
    with tempfile.TemporaryDirectory(prefix="textlint-ja-") as tmp:
        folder = Path(tmp)
        prh = write_prh(termbase, folder / "prh.yml")
        config = json.loads(CONFIG.read_text(encoding="utf-8"))
        config.pop("_comment", None)
        for preset in [*config["rules"].values(), *config.get("filters", {}).values(), config.get("filters", {})]:
            if isinstance(preset, dict):
                for key in [k for k in preset if k.startswith("//")]:
                    del preset[key]  # the reason a rule is off, for readers of .textlintrc.json
        config["rules"]["prh"] = {"rulePaths": [str(prh)]}
        (folder / "textlintrc.json").write_text(json.dumps(config), encoding="utf-8")
        files: dict[str, tuple[Sheet | None, str]] = {}
        for name, sheet in texts.items():
            (folder / name).write_text("\n".join(sheet.lines) + "\n", encoding="utf-8")
            files[str((folder / name).resolve())] = (sheet, "")
        for page in pages:
            files[str(page.resolve())] = (None, page.relative_to(root).as_posix())
        done = subprocess.run([str(TEXTLINT), "--config", str(folder / "textlintrc.json"), "--format", "json",
                               "--rules-base-directory", str(ROOT / "node_modules"), *files],
                              capture_output=True, text=True, cwd=root)
        try:
            report = json.loads(done.stdout)
        except json.JSONDecodeError:
            raise RuntimeError(f"textlint failed: {done.stderr or done.stdout}") from None
    problems = []
    for result in report:
        sheet, rel = files.get(str(Path(result["filePath"]).resolve()), (None, result["filePath"]))
        for message in result["messages"]:
            origin = sheet.origin(message["line"]) if sheet else Origin(rel, message["line"], "")
            if origin is not None:
                problems.append(Problem(origin, message.get("ruleId", "?"), message["message"].replace("\n", " ")))
    return sorted(problems, key=lambda p: (p.origin.file, p.origin.line, p.rule, p.message))


def main(argv: list[str]) -> int:
    problems = run(load_repository(argv[0] if argv else "data"))
    for problem in problems:
        print(problem)
    for rule, count in Counter(p.rule for p in problems).most_common():
        print(f"{count:5d} {rule}", file=sys.stderr)
    print(f"{len(problems)} textlint problem(s)" if problems else "textlint OK", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
