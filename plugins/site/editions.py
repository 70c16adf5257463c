"""Editions on the site: which editions a reader can choose, the marks that tie a block of a page to its
editions, and the counterparts of each per-edition page in the other editions.

Everything comes from data/:
- the editions a reader can choose are those of data/editions/ without `grouped_with` (BB2016 is read
  as classic), in the order of their `year`;
- a block of a page that concerns only some editions carries `data-editions="classic bb2020"` (the
  choosable editions it applies to). With an edition chosen, `<html data-nc-edition="bb2020">` is set
  before the first paint (the inline script of overrides/partials/nc-head.html) and the generated
  editions.css hides
  every block whose marks do not include it; an element of class `nc-edition-only` is shown only
  while one of the editions of its `data-edition-only` is chosen (banners, "not in this edition");
- a sequence, table or roll belongs to a family: entities of the same kind whose slugs differ only by
  their last word, an edition they list (`pass-action-classic`, `pass-action-bb2020`), and the entities
  one comparison puts side by side (`entities:`). The counterpart of a page in another edition is the
  page of a family member of that edition.

Renderers mark list items and table rows with `row_mark(...)` at the very start of the item or of the
row's first cell; the Markdown extension `plugins.site.marks` moves each mark onto its <li> or <tr>.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..data.model import EDITIONS_ORDER, Entity, Repository
from ..data.text import normalize_japanese
from .locate import anchor_of, page_of

PER_EDITION_KINDS = ("sequence", "table", "roll")
STORAGE_KEY = "nuffle.edition"  # localStorage, shared by every page and language of the site


@dataclass(frozen=True)
class Editions:
    """The editions a reader can choose, and the one every edition id is read as."""

    choosable: tuple[str, ...]  # edition slugs, oldest first
    read_as: dict[str, str]     # every edition slug -> a choosable one (itself, or its `grouped_with`)

    @classmethod
    def of(cls, repo: Repository) -> "Editions":
        editions = sorted(repo.of_kind("edition"), key=lambda e: (e["year"], e.slug))
        choosable = tuple(e.slug for e in editions if not e.get("grouped_with"))
        read_as = {e.slug: e.get("grouped_with") or e.slug for e in editions}
        return cls(choosable, read_as)

    def marks(self, editions: list[str]) -> tuple[str, ...]:
        """The choosable editions that `editions` (ids from the data) are read as, oldest first."""
        seen = {self.read_as.get(e, e) for e in editions}
        return tuple(e for e in self.choosable if e in seen)

    def attr(self, editions: list[str]) -> str:
        return f'data-editions="{" ".join(self.marks(editions))}"'

    def row_mark(self, editions: list[str]) -> str:
        """Put at the start of a list item or of a table row's first cell: the item gets the marks."""
        return f'<span class="nc-mark" {self.attr(editions)}></span>'

    def missing(self, editions: list[str]) -> tuple[str, ...]:
        """The choosable editions `editions` does not cover."""
        marks = self.marks(editions)
        return tuple(e for e in self.choosable if e not in marks)

    def members(self, edition: str) -> tuple[str, ...]:
        """`edition` and every edition read as it (classic -> classic, bb2016), in EDITIONS_ORDER."""
        found = [e for e, target in self.read_as.items() if target == edition]
        return tuple(sorted(found, key=lambda e: (EDITIONS_ORDER.index(e) if e in EDITIONS_ORDER else 99, e)))

    # ------------------------------------------------------------------ what the browser gets

    def css(self) -> str:
        """editions.css: hide other editions' blocks while an edition is chosen (the rules need the ids)."""
        lines = ["/* Generated from data/editions/ by plugins/site/editions.py (the rest is in nuffle.css). */"]
        for edition in self.choosable:
            chosen = f'html[data-nc-edition="{edition}"]'
            lines.append(f'{chosen} [data-editions]:not([data-editions~="{edition}"]) {{ display: none; }}')
            lines.append(f'{chosen} .nc-edition-only[data-edition-only~="{edition}"] {{ display: revert; }}')
        return "\n".join(lines) + "\n"


def nav_marks(item, level: int, marks_by_url: dict[str, tuple[str, ...]], order: tuple[str, ...]) -> str:
    """The `data-editions` of a menu item (overrides/partials/nav-item.html, as the Jinja function
    `nc_nav_marks`), so that the sequences and tables of other editions leave the menu while an edition is
    chosen; "" for an item that stays.

    `item` is a MkDocs nav item (Page, Section or Link) at menu `level` (1: the top, shown as sections);
    `marks_by_url`: site-relative page URL without its slashes -> the choosable editions the page tells.
    A page is marked with its editions; a group below the top level whose pages are all marked gets the
    union of their editions (in `order`), so that it leaves the menu too when none of them is of the chosen
    edition. The page being read and the group holding it are Material's active items, never marked.
    """
    if item.active:
        return ""
    if item.is_page:
        return " ".join(marks_by_url.get((item.url or "").strip("/"), ()))
    if not item.is_section or level <= 1:
        return ""
    found: set[str] = set()
    for child in item.children:
        marks = nav_marks(child, level + 1, marks_by_url, order)
        if not marks:
            return ""
        found.update(marks.split())
    return " ".join(e for e in order if e in found)


# --------------------------------------------------------------------------- families and counterparts

def _slug_stem(entity: Entity) -> str | None:
    """`pass-action-classic` -> `pass-action`: the slug without its last word when that names one of its editions."""
    stem, _, last = entity.slug.rpartition("-")
    return stem if stem and last in entity.editions else None


def families(repo: Repository) -> dict[str, tuple[str, ...]]:
    """Entity id -> its family (ids, itself included), for every sequence, table and roll."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: str, b: str) -> None:
        parent[find(a)] = find(b)

    members = [e for kind in PER_EDITION_KINDS for e in repo.of_kind(kind)]
    for entity in members:
        parent[entity.id] = entity.id
    by_stem: dict[tuple[str, str], str] = {}
    for entity in members:
        stem = _slug_stem(entity)
        if stem is not None:
            key = (entity.kind, stem)
            if key in by_stem:
                union(entity.id, by_stem[key])
            by_stem.setdefault(key, entity.id)
    for comparison in repo.of_kind("comparison"):
        compared = [i for i in (comparison.get("entities") or {}).values() if i in parent]
        for other in compared[1:]:
            union(other, compared[0])
    groups: dict[str, list[str]] = {}
    for entity_id in parent:
        groups.setdefault(find(entity_id), []).append(entity_id)
    return {i: tuple(groups[find(i)]) for i in parent}


@dataclass
class EditionPage:
    """A page that tells the rules of some editions only: which, and where the others are told."""

    marks: tuple[str, ...]
    counterparts: dict[str, list[str]] = field(default_factory=dict)  # chosen edition -> .md paths (may be [])


def edition_pages(repo: Repository, editions: Editions) -> dict[str, EditionPage]:
    """Every page showing sequences, tables or rolls, by .md path, with its counterparts per missing edition."""
    family = families(repo)
    on_page: dict[str, list[Entity]] = {}
    for entity_id in family:
        entity = repo[entity_id]
        on_page.setdefault(page_of(entity), []).append(entity)
    out: dict[str, EditionPage] = {}
    for path, entities in sorted(on_page.items()):
        marks = editions.marks([e for entity in entities for e in entity.editions])
        page = EditionPage(marks)
        for edition in editions.missing(list(marks)):
            pages: list[str] = []
            for entity in entities:
                for other_id in family[entity.id]:
                    other = repo[other_id]
                    where = page_of(other)
                    if edition in editions.marks(other.editions) and where != path and where not in pages:
                        pages.append(where)
            page.counterparts[edition] = pages
        out[path] = page
    return out


def page_entity(repo: Repository, path: str) -> Entity | None:
    """The entity a page is about as a whole (a sequence, a table, a target table), if any."""
    for kind in ("sequence", "table", "target"):
        for entity in repo.of_kind(kind):
            if anchor_of(entity) is None and page_of(entity) == path:
                return entity
    return None


def filled_sentence(lang: str, text: str) -> str:
    """`text`, a translated sentence whose placeholders :func:`editions_in_sentence` filled, without the space a
    Latin name brought after 。 or 、 (「向けです。 BB2025 について」 → 「向けです。BB2025 について」, the data's own rule:
    :func:`plugins.data.text.normalize_japanese`) nor at its ends; other languages only lose the ends' spaces."""
    return (normalize_japanese(text) if lang == "ja" else text).strip()


def editions_in_sentence(lang: str, names: list[str]) -> str:
    """Edition short names (at least one) named inside a sentence of `lang`: "BB2020 and BB2025"; in French
    « l'édition classique », « les éditions BB2020 et BB2025 » (a word name in lower case, as mid-sentence); in
    Japanese 「BB2020 と BB2025」 with a space on the outer side of a Latin name (docs/writing-policy.md: a Latin
    word keeps a space on each side; the caller strips the sentence's ends)."""
    if lang == "fr":
        names = [name.lower() if name.isalpha() else name for name in names]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]
        return ("l'édition " if len(names) == 1 else "les éditions ") + listed
    if lang == "ja":
        listed = " と ".join(names) if len(names) == 2 else "、".join(names)
        return (" " if names[0][:1].isascii() else "") + listed + (" " if names[-1][:1].isascii() else "")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
