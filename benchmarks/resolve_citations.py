"""Resolve every citation (`at:`) in data/ against the fetched public repositories.

Reads every `checked` record's `at:` and every coverage manifest's `exists_in` (in fact every mapping
named `at` anywhere in data/) and, for a repository citation {repo, path, commit, symbol}, checks in the
repository's fetched git directory that:

  - the commit exists (`git rev-parse --verify <commit>^{commit}`: an old short commit is still found
    in the snapshot's history; a commit is unresolved only when rev-parse fails);
  - the file exists at that commit (`git cat-file -e <commit>:<path>`);
  - the locator occurs in the file at that commit (`git show <commit>:<path>`): the `symbol` (or
    `section`), or at least its main identifier; a `line:` must lie within the file.

Matching ignores case, runs of spaces and Markdown marks (\\ * _ ` [ ] #). A locator is found when its
whole text occurs; or, in code, when every code name in it outside parentheses does
("RollMechanic.mapSIRoll and isSI (…)"), or at least the first (its main identifier); or, in a document,
when every heading of a path does ("AGILITY SKILLS › CATCH", "WEATHER TABLE, 11 Pouring Rain"; a kind
label such as "Special rule:", "Errata", "FAQ", "Q:" and ordinals such as "question 3" may be absent),
or at least its head (the text before the first parenthesis or separator, less a table number); an
official question, cited by its topic in our own words and its page ("Q: … (p.82)"), is found by its page
references. Web pages (`url`) and printed
documents (`page`) are listed, not fetched;
a commit newer than the repository's snapshot is looked up in the fetched forks of the same name (a
commit hash names the same content in a fork: cmelchior/jervis-ffb's newest snapshot predates its
website/, which michaelbaudino/jervis-ffb, a fork that follows main, holds); a GitHub repository root given as a web page is reported,
since a repository citation needs a path and a commit.

Not run by CI (CI has no network, and the snapshots live outside the project). Run it by hand with the
snapshots fetched (the session tool `fetch github:<owner>/<name>` puts a bare git dir under
/work/.mirror/<owner>+<name>/):

    .venv/bin/python benchmarks/resolve_citations.py              # problems and counts
    .venv/bin/python benchmarks/resolve_citations.py --list-urls  # also every web page cited

It prints every citation it cannot resolve as `file:line: field: reason`, then the counts; it exits 1
when anything is unresolved.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from plugins.data.loader import format_path  # noqa: E402
from plugins.data.yamlio import YamlSyntaxError, parse_with_lines  # noqa: E402

MIRROR = Path("/work/.mirror")


def git_dir(repo: str, mirror: Path) -> Path | None:
    base = mirror / repo.replace("/", "+")
    for candidate in (base / "repo" / ".git", base / "repo", base / ".git", base):
        if (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            return candidate
    return None


def git(directory: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(directory), *args], capture_output=True, text=True,
                          errors="replace")


@lru_cache(maxsize=None)
def full_commit(directory: Path, commit: str) -> str | None:
    done = git(directory, "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    return done.stdout.strip() if done.returncode == 0 else None


@lru_cache(maxsize=None)
def file_text(directory: Path, commit: str, path: str) -> str | None:
    if git(directory, "cat-file", "-e", f"{commit}:{path}").returncode != 0:
        return None
    return normalize(git(directory, "show", f"{commit}:{path}").stdout)


def normalize(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-")
    text = re.sub(r"[\\*_`\[\]#]", "", text)  # Markdown marks: \*, **bold**, [link], # heading
    return re.sub(r"\s+", " ", text).casefold()


IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
ORDINAL = re.compile(r"^(?:(?:first|second|third|fourth|last) paragraph|question \d+|q\d+|row \d+|"
                     r"pg?\.? ?\d+|page \d+|table|step \d+)$", re.IGNORECASE)


def is_code_identifier(word: str) -> bool:
    """CamelCase, camelCase, snake_case or CONSTANT_CASE: a name a program defines, not an English word."""
    return ("_" in word.strip("_") or bool(re.search(r"[a-z][A-Z]", word))
            or bool(re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", word)))


def without_asides(symbol: str) -> str:
    previous = None
    while previous != symbol:  # nested parentheses
        previous, symbol = symbol, re.sub(r"\([^()]*\)", " ", symbol)
    return symbol


def code_identifiers(symbol: str) -> list[str]:
    """The names a code locator points at, outside its parenthesised asides ("RollMechanic.mapSIRoll (…)")."""
    bare = without_asides(symbol)
    words = IDENTIFIER.findall(bare)
    dotted = {part for name in re.findall(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+", bare)
              for part in name.split(".")}  # Class.method, as in botbowl's "GFI.step"
    names = [w for w in words if is_code_identifier(w) or w in dotted]
    if not names and words and re.fullmatch(r"\s*[\w$]+(?:\s*(?:\.|#|::)\s*[\w$]+)*\s*", without_asides(symbol)):
        names = words  # a lone name such as "Guard" or "Pass.step"
    return names


LABEL = re.compile(r"^(?:errata|faq|q&a|q|designer's commentary(?: \w+ \d{4})?)\b[,:]?\s*", re.IGNORECASE)
PAGE_REF = re.compile(r"\b(?:pg?|page)\.?\s?(\d+)\b", re.IGNORECASE)


def heading_parts(symbol: str) -> list[str]:
    """The headings of a document locator: split on › > , ; / and " and ", with asides, ordinals and kind
    labels ("Errata", "FAQ", "Q:") dropped."""
    parts = re.split(r"›|\s>\s|[,;/]|\sand\s", without_asides(symbol))
    parts = [LABEL.sub("", p.strip()).strip() for p in parts]
    return [p for p in parts if p and not ORDINAL.match(p)]


def page_refs_found(symbol: str, text: str) -> bool:
    """An official question is cited by its page and its topic in our own words ("Q: Ball and Chain and
    Brawler (p.82)"): the words are ours, so the page references are what must stand in the file."""
    refs = set(PAGE_REF.findall(symbol)) | set(re.findall(r"\bpg?\.\s?\d+\s?&\s?(\d+)", symbol))
    return bool(refs) and all(re.search(rf"(?:\b(?:pg?|page)\.?\s?|&\s?){n}\b", text) for n in refs)


def part_found(part: str, text: str) -> bool:
    if normalize(part) in text:
        return True
    label = re.match(r"^[A-Za-z][A-Za-z' ]{0,24}:\s+(.+)$", part)  # "Special rule: Ram", "FAQ: …"
    return bool(label) and normalize(label.group(1)) in text


def main_phrase(symbol: str) -> str:
    """The locator's head: what comes before its first aside or separator ("Tacklezone modifiers (1 per
    zone)" -> "Tacklezone modifiers"), less a leading table number ("11 POURING RAIN")."""
    head = re.split(r"[(,;›]|\s>\s", symbol, maxsplit=1)[0]
    return re.sub(r"^\d+(?:-\d+)?\s+", "", head).strip()


def symbol_found(symbol: str, text: str, code: bool) -> bool:
    """The whole locator, or every name / heading in it, or at least its main identifier or heading."""
    if normalize(symbol) in text:
        return True
    if code:
        names = code_identifiers(symbol)
        if names and all(normalize(n) in text for n in names):
            return True
        if names and normalize(names[0]) in text:
            return True
    else:
        parts = heading_parts(symbol)
        if parts and all(part_found(p, text) for p in parts):
            return True
    head = LABEL.sub("", main_phrase(symbol)).strip()
    if len(head) >= 3 and part_found(head, text):
        return True
    return not code and page_refs_found(symbol, text)


def walk(value, path: tuple):
    """Yield (field path, mapping) for every mapping named `at`."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "at" and isinstance(item, dict):
                yield path + (key,), item
            else:
                yield from walk(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, path + (index,))


def line_of(lines: dict, path: tuple) -> int:
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return 1


def resolve(at: dict, mirror: Path) -> str | None:
    """None when resolved, else the reason."""
    repo = at.get("repo")
    if not isinstance(repo, str) or "/" not in repo:
        return f"no repository named ({repo!r})"
    for key in ("path", "commit"):
        if not isinstance(at.get(key), str) or not at.get(key).strip() or at.get(key) == "…":
            return f"no {key}"
    locator = at.get("symbol", at.get("section"))
    if not (isinstance(locator, str) and locator.strip()) and not isinstance(at.get("line"), int):
        return "no symbol, section or line"
    directory = git_dir(repo, mirror)
    if directory is None:
        return f"repository {repo} is not fetched under {mirror}"
    commit = full_commit(directory, at["commit"])
    if commit is None:  # the snapshot may predate the commit: a fetched fork may hold it (same hash)
        for fork in sorted(mirror.glob("*+" + repo.split("/", 1)[1])):
            fork_dir = git_dir(fork.name.replace("+", "/", 1), mirror)
            if fork_dir and fork_dir != directory and full_commit(fork_dir, at["commit"]):
                directory, commit = fork_dir, full_commit(fork_dir, at["commit"])
                break
    if commit is None:
        return f"commit {at['commit']} not found in {repo} (nor in a fetched fork)"
    text = file_text(directory, commit, at["path"])
    if text is None:
        return f"{at['path']} does not exist at {at['commit']}"
    if not (isinstance(locator, str) and locator.strip()):
        lines = git(directory, "show", f"{commit}:{at['path']}").stdout.count("\n") + 1
        if not 1 <= at["line"] <= lines:
            return f"line {at['line']} is past the end of {at['path']} ({lines} lines) at {at['commit']}"
        return None
    code = not at["path"].endswith((".md", ".txt", ".rst", ".html"))
    if not symbol_found(locator, text, code):
        return f"symbol {locator!r} not found in {at['path']} at {at['commit']}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(ROOT / "data"))
    parser.add_argument("--mirror", default=str(MIRROR))
    parser.add_argument("--list-urls", action="store_true", help="print every web page cited")
    args = parser.parse_args(argv)
    data, mirror = Path(args.data), Path(args.mirror)
    counts = {"repository": 0, "resolved": 0, "unresolved": 0, "url": 0, "document": 0}
    urls: dict[str, int] = {}
    for file in sorted(data.rglob("*.yml")):
        rel = file.relative_to(ROOT) if file.is_relative_to(ROOT) else file
        try:
            value, lines = parse_with_lines(file.read_text(encoding="utf-8"))
        except YamlSyntaxError as error:
            print(f"{rel}:{error.line}: (file): {error}")
            counts["unresolved"] += 1
            continue
        for path, at in walk(value, ()):
            where = f"{rel}:{line_of(lines, path)}: {format_path(path)}"
            if "url" in at:
                counts["url"] += 1
                urls[str(at["url"])] = urls.get(str(at["url"]), 0) + 1
                url = str(at["url"])
                if not url.startswith(("http://", "https://")) or "…" in url:
                    print(f"{where}: not a web address: {url!r}")
                    counts["unresolved"] += 1
                elif re.fullmatch(r"https?://github\.com/[^/]+/[^/]+/?", url):
                    print(f"{where}: a repository root cited as a web page ({url}): cite repo, path, commit")
                    counts["unresolved"] += 1
                continue
            if "repo" not in at:
                counts["document"] += 1
                continue
            counts["repository"] += 1
            reason = resolve(at, mirror)
            if reason is None:
                counts["resolved"] += 1
            else:
                counts["unresolved"] += 1
                print(f"{where}: {reason}")
    if args.list_urls:
        for url, n in sorted(urls.items()):
            print(f"url ({n}): {url}")
    print(f"{counts['repository']} repository citations: {counts['resolved']} resolved; "
          f"{counts['url']} web pages and {counts['document']} document pages listed, not fetched; "
          f"{counts['unresolved']} unresolved")
    return 1 if counts["unresolved"] else 0


if __name__ == "__main__":
    sys.exit(main())
