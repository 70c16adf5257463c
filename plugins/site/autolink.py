"""Link the first use of each glossary term on a page to its glossary entry.

Surface forms come from the term's localized `name` (split on " / " and " ; ", parenthesised parts
removed, so "Tackle Zone (TZ)" gives "Tackle Zone" and "TZ") plus the term's `forms` in the termbase
(data/termbase.yml: "zones de tacle"), which are the other forms allowed in prose.
Only plain prose is touched: never headings, links, code, raw HTML, attribute lists or admonition titles.
English matches are case-sensitive whole words (game terms are capitalised: "Turnover", not "turn over");
French matches ignore case, but a French term that is also a common verb form ("passe": « il ne se passe
rien », « quand il passe sur un joueur ») is linked only where it is the noun: after a determiner or « de »
(« la passe », « une passe », « action de passe »), or capitalised inside a sentence as the term's name; Japanese matches must not sit inside a longer katakana or kanji word
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
    r"|!?\[(?:[^\[\]]|\[[^\]]*\])*\]\([^)]*\)"  # links and images (their text may hold "[LRB6]")
    r"|<[^>]+>"                     # raw HTML tags
    r"|\{[#:.][^}]*\}"              # attribute lists
    r"|\[\[[^\]]*\]\]"              # unresolved data references
)
KATAKANA = "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
KANJI = "\u3400-\u9fff"
LATIN = "0-9A-Za-z\u00c0-\u024f"


@dataclass(frozen=True)
class TermIndex:
    """Every surface form of every term in one regular expression (longest forms first), and the term
    each form stands for. One scan per line finds the candidates of all terms at once."""

    pattern: re.Pattern | None
    terms: dict[str, Entity]
    fold: bool  # French matches ignore case

    def term_of(self, text: str) -> Entity:
        return self.terms[text.lower() if self.fold else text]


def surface_forms(term: Entity, lang: str, termbase=None) -> list[str]:
    """The words that stand for `term` in `lang`, longest first (with its termbase `forms` when given)."""
    name = term["name"].get(lang) or ""
    forms: set[str] = set()
    for part in re.split(r"\s+/\s+|\s*;\s*", name):
        forms.update(p for p in re.findall(r"\(([^)\s]{2,5})\)", part) if p[0].isupper())  # (TZ), (ZdT)
        bare = re.sub(r"\s*[（(][^)）]*[)）]", "", part).strip()
        if bare:
            forms.add(bare)
    entry = termbase.get(term.id) if termbase is not None else None
    if entry is not None:
        forms.update(entry.names[lang].forms)
    return sorted((f for f in forms if len(f) >= 2), key=len, reverse=True)


def term_index(terms: list[Entity], lang: str, termbase=None) -> TermIndex:
    """The index of every term's forms in `lang`; when two terms share a form, the first one keeps it.
    `termbase` (plugins.data.termbase.Termbase) adds each term's other prose `forms`."""
    by_form: dict[str, Entity] = {}
    for term in terms:
        for form in surface_forms(term, lang, termbase):
            by_form.setdefault(form, term)
    return form_index(by_form, lang)


def form_index(forms: dict[str, Entity], lang: str) -> TermIndex:
    """The index of `forms` (a name as prose writes it -> the entity it names) in `lang`, one regular expression,
    longest forms first, that finds each form as a whole word: in English with its case; in French in any case
    (« esquive », a dodge, names Esquive); in Japanese not inside a longer word of its script (katakana, kanji,
    Latin letters). Used to link glossary terms (`term_index`) and by the rulings filter to tell the skills a
    question names (render/rulings.py, `named_skills`). When two forms fold alike, the first one keeps it."""
    fold = lang == "fr"
    by_form: dict[str, Entity] = {}
    for form, entity in forms.items():
        by_form.setdefault(form.lower() if fold else form, entity)
    ordered = sorted(forms, key=len, reverse=True)
    if not ordered:
        return TermIndex(None, {}, fold)
    if lang == "ja":
        pattern = re.compile("|".join(_ja_form(f) for f in ordered))
    else:
        alternatives = "|".join(re.escape(f) for f in ordered)
        pattern = re.compile(rf"(?<![\w\-])(?:{alternatives})(?![\w\-])", re.IGNORECASE if fold else 0)
    return TermIndex(pattern, by_form, fold)


def _ja_form(form: str) -> str:
    """A Japanese form may not continue a word of the same script (katakana, kanji or Latin letters: "Dodge"
    is not the end of "StepMoveDodge") on either side."""
    def script(char: str) -> str | None:
        for letters in (KATAKANA, KANJI, LATIN):
            if re.match(f"[{letters}]", char):
                return letters
        return None

    before, after = script(form[0]), script(form[-1])
    return ((f"(?<![{before}])" if before else "") + re.escape(form) + (f"(?![{after}])" if after else ""))


# French term forms that are also verb forms, linked only as nouns (see is_french_verb).
FRENCH_VERB_HOMOGRAPHS = frozenset({"passe"})
# Words after which a French homograph is the noun: articles, determiners, « de » and elisions.
FRENCH_NOUN_MARKERS = re.compile(
    r"(?:\b(?:la|une|de|sa|ta|ma|cette|chaque|toute|leur|notre|votre|première|prochaine|seconde|dernière"
    r"|autre|même|seule|quelle|quelque|nouvelle|bonne|mauvaise)\s+|\b[dl]['’])$",
    re.IGNORECASE)


def is_french_verb(text: str, match: re.Match) -> bool:
    """True when a French match is a verb form rather than the term, such as « passe » in « il ne se passe
    rien »: the word is a known homograph, is not preceded by a noun marker (« la », « une », « de », « d' »…),
    and is not capitalised inside a sentence (« peut gagner Passe » names the term)."""
    word = match.group(0)
    if word.lower() not in FRENCH_VERB_HOMOGRAPHS:
        return False
    before = text[:match.start()]
    if FRENCH_NOUN_MARKERS.search(before):
        return False
    sentence_start = re.search(r"(^|[.!?:;«]\s*|\(\s*)$", before)
    return not (word[0].isupper() and not sentence_start)


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


def link_first_uses(markdown: str, page: str, index: TermIndex, glossary_page: str) -> str:
    """Return `markdown` with the first plain-prose use of each term turned into a link."""
    if page == glossary_page or index.pattern is None:
        return markdown
    linked: set[str] = set()
    lines = markdown.split("\n")
    in_fence = False
    for number, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
        # headings, admonition and tab titles, table rules, and raw HTML lines (calculators, pictures)
        if in_fence or stripped.startswith(("#", "!!!", "???", "===", "|---", "<")):
            continue
        lines[number] = _link_line(line, page, index, glossary_page, linked)
    return "\n".join(lines)


def _link_line(line: str, page: str, index: TermIndex, glossary_page: str, linked: set[str]) -> str:
    """Link, in the free (unprotected) parts of one line, each term not yet linked on the page."""
    out, last = [], 0
    for protected in [*PROTECTED.finditer(line), None]:
        end = protected.start() if protected else len(line)
        out.append(_link_free_text(line[last:end], page, index, glossary_page, linked))
        if protected:
            out.append(protected.group(0))
            last = protected.end()
    return "".join(out)


def _link_free_text(text: str, page: str, index: TermIndex, glossary_page: str, linked: set[str]) -> str:
    out, last = [], 0
    for match in index.pattern.finditer(text):
        term = index.term_of(match.group(0))
        if term.id in linked or _inside_name(text, match) or (index.fold and is_french_verb(text, match)):
            continue
        linked.add(term.id)
        url = relative_link(page, glossary_page, term.anchor)
        out += [text[last:match.start()], f"[{match.group(0)}]({url})"]
        last = match.end()
    out.append(text[last:])
    return "".join(out)
