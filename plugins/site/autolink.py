"""Link the first use of each glossary term on a page to its glossary entry.

Surface forms come from the term's localized `name` (split on " / " and " ; ", parenthesised parts
removed, so "Tackle Zone (TZ)" gives "Tackle Zone" and "TZ") plus an optional `matches: {lang: [...]}`.
Only plain prose is touched: never headings, links, code, raw HTML, attribute lists or admonition titles.
English matches are case-sensitive whole words (game terms are capitalised: "Turnover", not "turn over");
French matches ignore case; Japanese matches must not sit inside a longer katakana or kanji word
(キャッチ is linked, ダイビングキャッチ is not).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..data.model import Entity
from .locate import relative_link

# Regions of a Markdown line that must never be rewritten.
PROTECTED = re.compile(
    r"`[^`]*`"                      # code spans
    r"|!?\[[^\]]*\]\([^)]*\)"       # links and images
    r"|<[^>]+>"                     # raw HTML tags
    r"|\{[#:.][^}]*\}"              # attribute lists
    r"|\[\[[^\]]*\]\]"              # unresolved data references
)
KATAKANA = "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
KANJI = "\u3400-\u9fff"


@dataclass(frozen=True)
class TermPattern:
    entity: Entity
    pattern: re.Pattern


def surface_forms(term: Entity, lang: str) -> list[str]:
    """The words that stand for `term` in `lang`, longest first."""
    name = term["name"].get(lang) or ""
    forms: set[str] = set()
    for part in re.split(r"\s+/\s+|\s*;\s*", name):
        forms.update(p for p in re.findall(r"\(([^)\s]{2,5})\)", part) if p[0].isupper())  # (TZ), (ZdT)
        bare = re.sub(r"\s*[（(][^)）]*[)）]", "", part).strip()
        if bare:
            forms.add(bare)
    forms.update((term.get("matches") or {}).get(lang, []))
    return sorted((f for f in forms if len(f) >= 2), key=len, reverse=True)


def term_patterns(terms: list[Entity], lang: str) -> list[TermPattern]:
    """One pattern per term, the terms with the longest forms first (so "Team Re-roll" wins over "Re-roll")."""
    out = []
    for term in sorted(terms, key=lambda t: -max(map(len, surface_forms(t, lang)), default=0)):
        forms = surface_forms(term, lang)
        if not forms:
            continue
        if lang == "ja":
            pattern = re.compile("|".join(_ja_form(f) for f in forms))
        else:
            alternatives = "|".join(re.escape(f) for f in forms)
            flags = re.IGNORECASE if lang == "fr" else 0
            pattern = re.compile(rf"(?<![\w\-])(?:{alternatives})(?![\w\-])", flags)
        out.append(TermPattern(term, pattern))
    return out


def _ja_form(form: str) -> str:
    """A Japanese form may not continue a word of the same script (katakana or kanji) on either side."""
    def script(char: str) -> str | None:
        return KATAKANA if re.match(f"[{KATAKANA}]", char) else KANJI if re.match(f"[{KANJI}]", char) else None

    before, after = script(form[0]), script(form[-1])
    return ((f"(?<![{before}])" if before else "") + re.escape(form) + (f"(?![{after}])" if after else ""))


CAPITALISED = re.compile(r"[A-ZÀ-Ý][\w'’-]*")


def _inside_name(text: str, match: re.Match) -> bool:
    """True when a Latin-script match is part of a longer capitalised name, such as "Changing Weather"
    or "Météo Capricieuse" (a kick-off result, not the weather term)."""
    if not CAPITALISED.fullmatch(match.group(0).split()[0]):
        return False
    after = CAPITALISED.match(text, match.end() + 1) if text[match.end():match.end() + 1] == " " else None
    before = text[:match.start()]
    previous = re.search(r"([A-ZÀ-Ý][\w'’-]*) $", before)
    sentence_start = previous is not None and re.search(r"(^|[.!?:;]\s*|\(\s*)$", before[:previous.start()])
    return bool(after) or (previous is not None and not sentence_start)


def link_first_uses(markdown: str, page: str, patterns: list[TermPattern], glossary_page: str) -> str:
    """Return `markdown` with the first plain-prose use of each term turned into a link."""
    if page == glossary_page:
        return markdown
    pending = list(patterns)
    lines = markdown.split("\n")
    in_fence = False
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
        if in_fence or not pending or stripped.startswith(("#", "!!!", "???", "===", "|---")):
            continue
        lines[index], pending = _link_line(line, page, pending, glossary_page)
    return "\n".join(lines)


def _link_line(line: str, page: str, pending: list[TermPattern], glossary_page: str):
    # Split into protected and free segments; rewrite only the free ones.
    segments, last = [], 0
    for match in PROTECTED.finditer(line):
        segments += [(False, line[last:match.start()]), (True, match.group(0))]
        last = match.end()
    segments.append((False, line[last:]))
    still = []
    for term in pending:
        for i, (protected, text) in enumerate(segments):
            if protected:
                continue
            found = next((m for m in term.pattern.finditer(text) if not _inside_name(text, m)), None)
            if found:
                url = relative_link(page, glossary_page, term.entity.anchor)
                link = f"[{found.group(0)}]({url})"
                segments[i:i + 1] = [(False, text[:found.start()]), (True, link), (False, text[found.end():])]
                break
        else:
            still.append(term)
    return "".join(text for _, text in segments), still
