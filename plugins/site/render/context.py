"""What every page renderer needs: the language, the page's own path, and link/text helpers."""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from functools import cached_property

from calculators.rules import RuleBook

from ...data.export import rules_export
from ...data.model import Entity, Repository, step_labels
from ...data.text import ASCII_SPACE, REF, no_markup, squeeze
from ..locate import anchor_of, page_of, relative_link
from ..editions import Editions
from ..messages import Messages
from .templating import render

#: a citation's `page` that is page numbers: "84", "126 & 128", "40–41", "75, 86"
PAGE_NUMBERS = re.compile(r"\d+(?:\s*(?:&|–|-|,)\s*\d+)*\Z")

def _page_list(pages: str, lang: str) -> str:
    """The data's language-neutral list of pages ("77, 80 & 86") as the page's language writes it: « 77, 80 et 86 »
    in French, 「77・80・86」 in Japanese (review 5 F6); English keeps it."""
    if lang == "fr":
        return pages.replace(" & ", " et ")
    if lang == "ja":
        return re.sub(r"\s*(?:,|&)\s*", "・", pages)
    return pages


# A Japanese note that ends in its own brackets, 「…どの順で解決するか（127ページ）」, shown in the citation's brackets
# read 「…（127ページ））」 (review 6 J6: 「））」 249 times); a value in brackets (「Loner（4+）」) is part of a name
_JA_LAST_BRACKET = re.compile(r"（(?P<inner>[^（）]*)）。?$")
_JA_VALUE = re.compile(r"[+−±-]?(?:\d+\+?|X\+?)")


def _ja_note_end(note: str, pages: str) -> str:
    """A Japanese citation note made to end without brackets, since the citation wraps it in its own: a page in
    brackets that repeats the citation's `pages` (「127ページ」) is dropped, any other bracket at the end becomes
    a clause after 「、」 (「天候の日本語名、atwiki bble」). A note ending in a value (「Loner（4+）」) is left as it is."""
    match = _JA_LAST_BRACKET.search(note)
    if match is None or _JA_VALUE.fullmatch(match["inner"]):
        return note
    if pages and match["inner"] == f"{pages}ページ":
        return note[:match.start()]
    return f"{note[:match.start()]}、{match['inner']}"


# A sequence titled "X, step by step (BB2020)" / « X, étape par étape (BB2020) » / 「X の手順（BB2020）」 loses those
# words in a reference to one of its steps, which says "step" itself: « Chaîne & boulet (BB2020), étape 8 », not
# « Chaîne & boulet, étape par étape (BB2020), étape 8 » (review 5 F7, J2).
_STEP_BY_STEP = {"en": re.compile(r",? step by step(?= \(|$)"), "fr": re.compile(r",? étape par étape(?= \(|$)"),
                 "ja": re.compile(r" ?の手順(?=（|$)")}


def rule_book(repo: Repository) -> RuleBook:
    """The calculators' parsed rules for `repo` (:func:`plugins.data.export.rules_export`), made once per
    loaded repository: a page build asks the resolver about 2,000 questions, and parsing the rules dict
    again for each took 23 ms (about half of the build)."""
    book = repo.derived.get("rule_book")
    if book is None:
        book = repo.derived["rule_book"] = RuleBook.from_dict(rules_export(repo))
    return book


@dataclass
class BackLinks:
    """Reverse references: for an entity id, the places (entity id, anchor) that mention it."""

    places: dict[str, list[tuple[str, str | None]]] = field(default_factory=dict)

    @classmethod
    def build(cls, repo: Repository) -> "BackLinks":
        links = cls()
        for entity in repo.entities.values():
            if entity.kind == "sequence":
                from ...data.model import iter_steps
                for step in iter_steps(entity.get("steps")):
                    for lang_text in (step.get("text") or {}).values():
                        for match in REF.finditer(lang_text or ""):
                            links.add(f"{match['kind']}:{match['slug']}", entity.id, f"step-{step['key']}")
            if entity.kind == "ruling":
                for about in entity.get("about") or []:
                    links.add(about, entity.id, None)
            if entity.kind == "comparison":
                for compared in (entity.get("entities") or {}).values():
                    links.add(compared, entity.id, None)
        return links

    def add(self, target: str, where: str, anchor: str | None) -> None:
        places = self.places.setdefault(target, [])
        if (where, anchor) not in places:
            places.append((where, anchor))

    def of(self, target: str) -> list[tuple[str, str | None]]:
        return self.places.get(target, [])


@dataclass
class PageContext:
    """Rendering helpers bound to one page in one language."""

    repo: Repository
    lang: str
    t: Messages
    page: str  # this page's path relative to docs_dir, e.g. "skills/agility.md"
    backlinks: BackLinks

    @cached_property
    def editions(self) -> Editions:
        """The editions a reader can choose, and how to mark a block with the editions it concerns."""
        return Editions.of(self.repo)

    # ----------------------------------------------------------------- text

    def text(self, value: dict | None, *, inline: bool = False) -> str:
        """The localized Markdown of a {en, fr, ja} map, with [[refs]] turned into links.

        A missing translation shows the English text with a visible "untranslated" mark.
        """
        if not value:
            return ""
        text = value.get(self.lang)
        mark = ""
        if not text:
            text = value.get("en", "")
            mark = f' <span class="nc-untranslated" title="{self.t("Not yet translated")}">EN</span>'
        text = REF.sub(lambda m: self.ref_link(m["kind"], m["slug"], m["anchor"], m["text"]),
                       text.strip(ASCII_SPACE))
        if inline:
            text = squeeze(text)  # ASCII spaces only: French no-break spaces stay
        return text + mark

    def plain(self, value: dict | None) -> str:
        """The localized text without Markdown links (for headings and attributes)."""
        if not value:
            return ""
        text = value.get(self.lang) or value.get("en", "")
        text = REF.sub(lambda m: m["text"] or self._label(f"{m['kind']}:{m['slug']}", m["anchor"]), text)
        return squeeze(text)

    # ----------------------------------------------------------------- links

    def url(self, entity: Entity, anchor: str | None = None) -> str:
        """A Markdown link target to `entity` (or one of its anchors) from this page."""
        return relative_link(self.page, page_of(entity), anchor or anchor_of(entity))

    def ref_link(self, kind: str, slug: str, anchor: str | None = None, text: str | None = None) -> str:
        """A Markdown link to `kind:slug` (at `anchor`), labelled `text` or the entity's name. A ruling named by
        its question (no `text`) is quoted, as the language quotes a title in a sentence: without quotes, « Voir
        Poignard met-il fin… ? et Quand… » and 「…使えますか。を参照」 run the question into the sentence."""
        entity = self.repo[f"{kind}:{slug}"]  # the loader has already checked that it exists
        link = f"[{text or self._label(entity.id, anchor)}]({self.url(entity, anchor)})"
        return self.quoted(link) if entity.kind == "ruling" and not text and not anchor else link

    def quoted(self, title: str) -> str:
        """A question or title (Markdown, a link included) quoted inside running text: « … » with no-break
        spaces in French, 「…」 in Japanese (without its closing 。, which a quotation does not keep), “…” in
        English."""
        if self.lang == "fr":
            return f"«\u00a0{title}\u00a0»"
        if self.lang == "ja":
            return "「" + re.sub(r"。(\]\([^)]*\))$", r"\1", title) + "」"
        return f"“{title}”"

    def link(self, entity: Entity, anchor: str | None = None) -> str:
        # brackets in a title ("[LRB6] Pass Block…") would end the link text early
        label = self._label(entity.id, anchor).replace("[", "\\[").replace("]", "\\]")
        return f"[{label}]({self.url(entity, anchor)})"

    def _label(self, entity_id: str, anchor: str | None) -> str:
        entity = self.repo[entity_id]
        title = entity.title(self.lang)
        if entity.kind == "ruling":
            title = self.plain(entity.get("question"))
        if entity.kind == "engine-option":
            title = str(entity.get("option"))  # the engine's own id, the same in every language
        if anchor and anchor.startswith("step-"):
            key = anchor[len("step-"):]
            title = _STEP_BY_STEP[self.lang].sub("", title)  # « Chaîne & boulet (BB2020), étape 8 », once
            return self.t("{title}, step {key}", title=title, key=step_labels(entity.get("steps")).get(key, key))
        return title

    # ----------------------------------------------------------------- punctuation per language

    def paren(self, text: str) -> str:
        """Text in brackets: full-width in Japanese."""
        return f"（{text}）" if self.lang == "ja" else f"({text})"

    @property
    def gap(self) -> str:
        """The space between two sentences, or before a symbol link (↗): none after Japanese 。."""
        return "" if self.lang == "ja" else " "

    def sentences(self, items: list[str]) -> str:
        """Whole sentences (each ending in its own full stop) run together as one paragraph."""
        return self.gap.join(items)

    def aside(self, text: str) -> str:
        """Brackets that follow a word or link: " (text)" in English and French, "（text）" in Japanese,
        where the full-width bracket is its own spacing (no space before it, JTF 3.3), and where a note's closing
        。 does not stand before the bracket (「…にあります）。）、」 read twice closed, review 5 J5)."""
        return self.paren(re.sub(r"。$", "", text)) if self.lang == "ja" else " " + self.paren(text)

    def listing(self, items: list[str], *, strong: bool = False) -> str:
        """Items joined the way the language lists them (`strong`: a semicolon rather than a comma)."""
        if self.lang == "ja":  # a question's closing 。 (a ruling's title) does not stand before the list's 、
            return "、".join(re.sub(r"。(\]\([^)]*\))?$", r"\1", item) for item in items)
        return ("\u00a0; " if self.lang == "fr" else "; ").join(items) if strong else ", ".join(items)

    def labelled(self, label: str, body: str) -> str:
        """`label` (ending in its own colon, from the catalog, maybe inside a closing tag or emphasis:
        `<span>出典：</span>`, `*引用表記：*`) followed by `body`: no space after "："."""
        return f"{label}{body}" if re.sub(r"(</[a-z]+>|[*_])+$", "", label).endswith("：") else f"{label} {body}"

    # ----------------------------------------------------------------- badges and citations

    def badges(self, editions: list[str]) -> str:
        """Edition badges as inline HTML (template `badges.html`), each edition's `short` label as text."""
        badges = []
        for edition in editions:
            entity = self.repo.get(f"edition:{edition}")
            badges.append({"edition": edition, "label": edition if entity is None else self.plain(entity.get("short"))})
        return render("badges.html", badges=badges)

    def _located(self, label: str, source: Entity, page: str) -> str:
        """`label` with where in the source: "p. 84" for page numbers ("84", "126 & 128", "40–41"); an engine's
        code location ("bb2025 StepInitFouling") as code, never as a page; any other place (a section title of
        a community document) as a quoted name."""
        if PAGE_NUMBERS.match(page):
            return self.t("{source}, p. {page}", source=label, page=_page_list(page, self.lang))
        if source.get("kind") == "engine":
            return self.t("{source}, code: {symbol}", source=label, symbol=f"`{page}`")
        return self.t("{source}, section “{section}”", source=label, section=page)

    def citations(self, sources: list[dict] | None) -> str:
        """Citations as a sentence of links to the sources page, with page numbers and notes."""
        parts = []
        for citation in sources or []:
            source = self.repo[f"source:{citation['source']}"]
            label = self.plain(source.get("title"))
            if "page" in citation:
                label = self._located(label, source, no_markup(str(citation["page"])))
            part = f"[{label}]({self.url(source)})"
            if citation.get("note"):
                note = self.text(citation["note"], inline=True)
                if self.lang == "ja":
                    note = _ja_note_end(note, _page_list(str(citation.get("page", "")), "ja"))
                part += self.aside(note)
            parts.append(part)
        if not parts:
            return ""
        # Japanese parts each hold a 「、」 (「ルールブック（BB2025）、129ページ」): 「／」 between sources (review 6 J2)
        joined = "／".join(parts) if self.lang == "ja" else self.listing(parts, strong=True)
        return self.labelled(f'<span class="nc-cite-label">{self.t("Sources:")}</span>', joined)
