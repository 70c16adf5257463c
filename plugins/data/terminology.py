"""The terminology check: every French and Japanese text of data/, every UI string of the catalogs and every
page of docs/fr/ and docs/ja/ uses the termbase's preferred names (plugins/data/termbase.py, data/termbase.yml), and English texts use no « ».

Run it with `python -m plugins.data.terminology [DATA_DIR]` (exit 1 when something is found); the test suite
runs it too. Each problem reads `file:line: field: found X, use Y`; the line is the one of the word inside a
folded YAML text, and the `msgstr` line in a .po catalog.

What is flagged, in prose only (code spans, URLs, link targets and the `[[kind:slug` part of a reference are
skipped; the visible text of a reference is read):
- a termbase `variant` of an entry, in the variant's language (French: case-insensitive; Japanese: not inside
  a longer katakana or kanji word);
- in French, a skill or block-die face's English name where its French name differs;
- in Japanese, the English name of a block-die face whose Japanese prose uses katakana, the katakana of a star
  player (`stars:`), and the katakana of a skill whose Japanese prose uses the English name (unless that katakana is also the preferred name of a
  glossary term: ドッジ is the action, Dodge the skill; or an everyday word, `everyday_word: true`: キック is a
  kick, Kick the skill, and only the listed phrases that name the skill by it are refused);
- in Japanese, a katakana name (a skill's katakana, a glossary term, a table row, a house word) written with ・
  inside it: スロー・ア・ロック for スローアロック;
- a skill or block-die face written with other capitals than its name (`case: name`): "Tacle Plongeant" for
  "Tacle plongeant" (the first word may change case at the start of a sentence);
- a glossary term, a house word or a table row with `case: name`, written with other capitals than its name or
  one of its forms: « élimination » for « Élimination », « turnover » for « Turnover » (only the first letter may
  change case, and only at the start of a sentence);
- a glossary term or a house word with `case: common` (a common noun), written with a capital inside a sentence:
  « une Relance d'équipe » for « une relance d'équipe » (its name and forms are written in lower case, and only
  the start of a sentence, a heading or a label takes a capital);
- « or » in an English text.

A `form` of an entry is allowed and hides the variants inside it: « Commotion (Badly Hurt) » is fine where a bare
« Badly Hurt » is refused.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from .loader import format_path, load_repository
from .model import DataError, Repository
from .termbase import Entry, Termbase

KATAKANA = "\u30a0-\u30ff"
KANJI = "\u3400-\u9fff々"
NOT_PROSE = re.compile(r"`[^`]*`|<?https?://[^\s>]*>?|\]\([^)]*\)|\[\[[a-z][a-z-]*:[0-9a-z#-]+\|?|\]\]")
PO_ROOT = Path("plugins/locale")


@dataclass(frozen=True)
class Finding:
    """One term misused: where, in which field, what was found and what to write instead."""

    file: str
    line: int
    field: str
    found: str
    use: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: found {self.found}, use {self.use}"


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern
    use: str
    case_only: str | None = None  # for a capitals rule: the exact name (a match equal to it is fine)
    # for a capitals rule of a term, a house word or a row (`case: name`): the spellings allowed (the name and its
    # forms); the first letter may change case only at the start of a sentence
    spellings: tuple[str, ...] = ()
    allowed: bool = False  # an allowed `form` (« Commotion (Badly Hurt) »): its span hides the variants inside it
    # a bare reference to a common noun (`[[term:bribe]]`), read in the raw text: it shows the glossary's name,
    # « Pot-de-vin », whose capital is right only at the start of a sentence
    bare_reference: bool = False


def _latin(form: str, fold: bool) -> re.Pattern:
    return re.compile(rf"(?<![\w\-]){re.escape(form)}(?![\w\-])", re.IGNORECASE if fold else 0)


def _ascii(form: str) -> re.Pattern:
    """A Latin form inside Japanese: whole, but kana and kanji may touch it (とAG判定)."""
    return re.compile(rf"(?<![A-Za-z0-9\-]){re.escape(form)}(?![A-Za-z0-9\-])")


def _japanese(form: str) -> re.Pattern:
    """Not inside a longer word of the same script (katakana or kanji) before it, nor inside a longer katakana
    word after it (サイドステップ is not ステップ); a kanji after the form does not hide it, since Japanese
    compounds a term with the next noun (プッシュの連鎖処理 still writes プッシュの連鎖). Latin forms whole."""
    def script(char: str) -> str | None:
        return KATAKANA if re.match(f"[{KATAKANA}]", char) else KANJI if re.match(f"[{KANJI}]", char) else None

    if re.match(r"[A-Za-z]", form):
        return _ascii(form)
    before, after = script(form[0]), script(form[-1])
    after = after if after == KATAKANA else None
    return re.compile((f"(?<![{before}])" if before else "") + re.escape(form) + (f"(?![{after}])" if after else ""))


KANA_LETTER = "\u30a1-\u30fa\u30fc"  # katakana letters and ー: not the middle dot ・ (U+30FB)


def _dotted(name: str) -> re.Pattern | None:
    """The katakana game name `name` written with ・ between its parts (スロー・ア・ロック for スローアロック, as a
    skill, a glossary term or a table row's name is never written: docs/writing-policy.md, "Katakana"), as a
    whole word; None for a name that is not all katakana letters. The name without ・ is not matched, even where a
    ・ follows it as a list separator (「スローアロック・ゲットザレフ」)."""
    if not re.fullmatch(f"[{KANA_LETTER}]{{4,}}", name):
        return None
    body = "・?".join(map(re.escape, name))
    return re.compile(f"(?<![{KANA_LETTER}])(?!{re.escape(name)}){body}(?![{KANA_LETTER}])")


def _outside_forms(pattern: re.Pattern, variant: str, forms: list[str]) -> re.Pattern:
    """`pattern` of a variant, made not to match where the variant ends an allowed form of its entry (« Badly
    Hurt » in « Commotion (Badly Hurt) »): a lookbehind of the form's start, which prh (textlint) reads too."""
    guards = "".join(f"(?<!{re.escape(form[:form.index(variant)])})" for form in forms
                     if variant in form and form.index(variant) > 0)
    return re.compile(guards + pattern.pattern, pattern.flags) if guards else pattern


def _lower_first(name: str) -> str:
    """`name` with its first letter in lower case, as a common noun is written inside a sentence."""
    return name[:1].lower() + name[1:]


def rules(termbase: Termbase, lang: str) -> list[Rule]:
    """Every rule for texts in `lang` (fr or ja), longest forms first so that "Hail Mary Pass" is read
    before "Pass"."""
    found: list[tuple[str, Rule]] = []
    glossary_names = {e.names[lang].preferred for e in termbase.entries if e.kind == "term"}
    for entry in termbase.entries:
        names = entry.names[lang]
        for variant in names.variants:
            pattern = _japanese(variant) if lang == "ja" else _latin(variant, not variant.isupper())
            found.append((variant, Rule(_outside_forms(pattern, variant, names.forms), names.preferred)))
        for form in names.forms:  # read before the shorter variants it holds, so that it hides them
            found.append((form, Rule(_japanese(form) if lang == "ja" else _latin(form, False), names.preferred,
                                     allowed=True)))
        english = entry.names["en"].preferred
        if not entry.english_in_prose and english != names.preferred:
            if lang == "fr" or (lang == "ja" and names.running_text == "katakana"):
                found.append((english, Rule(_latin(english, False) if lang == "fr" else _ascii(english),
                                            names.preferred)))
        if lang == "ja" and entry.kind == "skill" and names.running_text == "english" and names.katakana \
                and names.katakana not in glossary_names and not names.everyday_word:
            found.append((names.katakana, Rule(_japanese(names.katakana), names.preferred)))
        if lang == "ja":  # a katakana name with ・ inside it, whether the prose uses it or its English name
            for katakana in dict.fromkeys(k for k in (names.preferred, names.katakana) if k):
                dotted = _dotted(katakana)
                if dotted is not None:
                    found.append((katakana + "・", Rule(dotted, names.preferred)))
        if lang == "fr" and names.case in ("name", "common") and entry.kind != "skill" \
                and entry.group != "block-die":
            spellings = tuple(dict.fromkeys([names.preferred, *names.forms]))
            if names.case == "common":  # « une relance d'équipe »: the glossary's capital is a heading's
                spellings = tuple(dict.fromkeys(_lower_first(s) for s in spellings))
            either = "|".join(map(re.escape, sorted(spellings, key=len, reverse=True)))
            pattern = re.compile(rf"(?<![\w\-])(?i:{either})(?![\w\-])")
            found.append((names.preferred, Rule(pattern, spellings[0], spellings=spellings)))
            if names.case == "common" and entry.kind == "term":
                bare = re.compile(rf"\[\[{re.escape(entry.id)}(?:#[a-z0-9-]+)?\]\]")
                found.append((names.preferred, Rule(bare, f"[[{entry.id}|{spellings[0]}]]", bare_reference=True)))
        elif lang == "fr" and names.case == "name" and " " in names.preferred:
            first, rest = names.preferred.split(" ", 1)
            pattern = re.compile(rf"(?<![\w\-])(?i:{re.escape(first)} {re.escape(rest)})(?![\w\-])")
            found.append((names.preferred, Rule(pattern, names.preferred, case_only=rest)))
    if lang == "ja":  # a star player's katakana is what players type; Japanese prose writes his English name
        found += [(katakana, Rule(_japanese(katakana), english)) for english, katakana in termbase.stars.items()]
    # longest first; a capitals rule after every variant, so that « jet de blessure » (a capital missing) does not
    # hide the variant « blessure grave » it overlaps in « jet de blessure grave »
    found.sort(key=lambda item: (item[1].case_only is not None or bool(item[1].spellings), -len(item[0])))
    return [rule for _, rule in found]


QUOTED = re.compile(r'«[^»]*»|"[^"\n]*"|“[^”]*”')
ENGLISH_WORD = re.compile(r"\b(?:the|is|are|a|an|can|does|do|of|to|when|and|this|that|if|it|they|their|with)\b")


def prose(text: str) -> str:
    """`text` with what is not prose blanked out (same length, so offsets keep their lines): code, URLs,
    link targets, reference markup, and English quoted in a French or Japanese text (a question asked in
    English, cited as it was asked: two English function words or more inside the quotes)."""
    text = NOT_PROSE.sub(lambda m: " " * len(m.group()), text)
    return QUOTED.sub(lambda m: " " * len(m.group()) if len(ENGLISH_WORD.findall(m.group())) >= 2 else m.group(),
                      text)


_OPENING = " \t\u00a0\u202f«“\"'(*_[>#"
_SENTENCE_END = ".!?…\n|¶"  # not a colon: French goes on in lower case after it


def _sentence_start(text: str, start: int) -> bool:
    """Whether `start` begins a sentence, a heading or a label in `text` (nothing but opening marks and spaces
    before it since the text's start, a full stop, a colon, a line break or a list bullet)."""
    i = start
    while i > 0 and text[i - 1] in _OPENING:
        i -= 1
    return i == 0 or text[i - 1] in _SENTENCE_END or (text[i - 1] == "-" and (i == 1 or text[i - 2] == "\n"))


def scan(text: str, lang: str, ruleset: list[Rule]) -> list[tuple[int, str, str]]:
    """(offset, found, use) of every misuse in one text of language `lang`. A span already matched by a
    longer form is not matched again."""
    raw, text = text, prose(text)
    out: list[tuple[int, str, str]] = []
    taken: list[tuple[int, int]] = []
    if lang == "en":
        return [(m.start(), m.group(), "“ ”") for m in re.finditer(r"[«»]", text)]
    for rule in ruleset:
        if rule.bare_reference:  # prose() blanks a reference: read it in the raw text (same offsets)
            out += [(m.start(), m.group(), rule.use) for m in rule.pattern.finditer(raw)
                    if not _sentence_start(text, m.start())]
            continue
        for m in rule.pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if rule.allowed:
                taken.append((m.start(), m.end()))
                continue
            if rule.case_only is not None:
                taken.append((m.start(), m.end()))
                if m.group().split(" ", 1)[1] == rule.case_only:
                    continue
            elif rule.spellings:
                taken.append((m.start(), m.end()))
                if m.group() in rule.spellings or (_sentence_start(text, m.start()) and any(
                        m.group() == w[0].swapcase() + w[1:] for w in rule.spellings)):
                    continue
                # the allowed spelling of what was written (« Relances d'équipe » → « relances d'équipe »)
                out.append((m.start(), m.group(), next(
                    (w for w in rule.spellings if w.lower() == m.group().lower()), rule.use)))
                continue
            else:
                taken.append((m.start(), m.end()))
            out.append((m.start(), m.group(), rule.use))
    return sorted(out)


def _texts(value, path: tuple):
    """(path, lang, text) of every {en, fr, ja} text under `value`."""
    if isinstance(value, dict):
        if "en" in value and all(isinstance(value.get(k), (str, type(None))) for k in ("en", "fr", "ja")):
            for lang in ("en", "fr", "ja"):
                if isinstance(value.get(lang), str):
                    yield path + (lang,), lang, value[lang]
            return
        for key, item in value.items():
            yield from _texts(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))


def _line_of(lines: list[str], start: int, found: str) -> int:
    """The line (1-based) at or after `start` that holds `found` (or its first word, when YAML folded it)."""
    for probe in (found, found.split()[0] if found.split() else found):
        for number in range(start - 1, min(len(lines), start + 60)):
            if probe in lines[number]:
                return number + 1
    return start


def check_data(repo: Repository) -> list["Finding"]:
    """Every misuse in the texts of data/ (the termbase's own file is not read: its variants are listed
    there on purpose)."""
    ruleset = {lang: rules(repo.termbase, lang) for lang in ("fr", "ja")}
    findings: list[Finding] = []
    for entity in repo.entities.values():
        path = repo.root / entity.file
        lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
        for field_path, lang, text in _texts(entity.data, ()):
            if entity.kind == "skill" and field_path == ("name", "ja"):
                continue
            if f"{entity.id} {format_path(field_path)}" in repo.termbase.allowed:
                continue
            if entity.kind == "source" and field_path[0] in ("title", "cite_as"):
                continue  # a document's title is a proper name, whatever the words in it
            for _, found, use in scan(text, lang, ruleset.get(lang, [])):
                line = _line_of(lines, entity.line(field_path), found)
                findings.append(Finding(entity.file, line, format_path(field_path), found, use))
    return findings


def po_messages(path: Path):
    """(line of msgstr, msgid, msgstr) of every translated entry of a .po catalog."""
    entry: dict = {}
    current = None
    lines = path.read_text(encoding="utf-8").splitlines()

    def unquote(s: str) -> str:
        return s.strip()[1:-1].encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")

    def flush():
        if entry.get("msgstr"):
            yield entry["line"], entry.get("msgid", ""), entry["msgstr"]

    for number, line in enumerate(lines, 1):
        if line.startswith("msgid "):
            yield from flush()
            entry, current = {"msgid": unquote(line[6:])}, "msgid"
        elif line.startswith("msgstr "):
            entry.update(msgstr=unquote(line[7:]), line=number)
            current = "msgstr"
        elif line.startswith('"') and current:
            entry[current] = entry.get(current, "") + unquote(line)
        elif not line.strip() or line.startswith("#"):
            current = None if not line.strip() else current
    yield from flush()


def check_catalogs(termbase: Termbase, root: Path) -> list[Finding]:
    """Every misuse in the msgstr of plugins/locale/{fr,ja}/LC_MESSAGES/messages.po under `root`."""
    findings: list[Finding] = []
    for lang in ("fr", "ja"):
        path = root / PO_ROOT / lang / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            continue
        ruleset = rules(termbase, lang)
        rel = (PO_ROOT / lang / "LC_MESSAGES" / "messages.po").as_posix()
        for line, msgid, msgstr in po_messages(path):
            for _, found, use in scan(msgstr, lang, ruleset):
                findings.append(Finding(rel, line, f"msgstr of {msgid[:40]!r}", found, use))
    return findings


FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
FRONT_MATTER = re.compile(r"\A---\n.*?^---$", re.MULTILINE | re.DOTALL)
HTML_TAG = re.compile(r"<[^>\n]*>")


def check_docs(termbase: Termbase, root: Path) -> list[Finding]:
    """Every misuse in the Markdown pages of docs/fr/ and docs/ja/ under `root` (fenced code, front matter
    and HTML tags are not prose; the text between tags is)."""
    findings: list[Finding] = []
    for lang in ("fr", "ja"):
        ruleset = rules(termbase, lang)
        for page in sorted((root / "docs" / lang).glob("**/*.md")):
            text = page.read_text(encoding="utf-8")
            for pattern in (FRONT_MATTER, FENCE, HTML_TAG):
                text = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
            rel = page.relative_to(root).as_posix()
            for offset, found, use in scan(text, lang, ruleset):
                findings.append(Finding(rel, text.count("\n", 0, offset) + 1, "text", found, use))
    return findings


def check(repo: Repository) -> list[Finding]:
    """Every finding in data/, the catalogs and docs/, sorted by file and line."""
    found = check_data(repo) + check_catalogs(repo.termbase, repo.root) + check_docs(repo.termbase, repo.root)
    return sorted(found, key=lambda f: (f.file, f.line, f.field, f.found))


def main(argv: list[str]) -> int:
    data_dir = argv[0] if argv else "data"
    try:
        repo = load_repository(data_dir)
    except DataError as exc:
        print(exc)
        return 1
    findings = check(repo)
    for finding in findings:
        print(finding)
    print(f"{len(findings)} terminology problem(s)" if findings else "terminology OK")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
