"""The "unconfirmed" mark: a small badge after every statement that no `agrees` record covers, in each
edition column it speaks for, linked to its line on the verification page (verification.md).

`marks(ctx, entity, of)` is what a renderer calls where it shows a statement (`of` as in
plugins/data/verification.py: "summary", "edition_notes.bb2020", "steps.3a", "rows.3", "rules",
"modifiers.quick", "positions.naf"). It returns inline HTML to put after the statement's text, or ""
when every column is checked:

    <span class="nc-unconfirmed" data-editions="bb2020" data-search-exclude="true">[Unconfirmed
    (BB2020)](../verification.md#v-skill-guard--summary--bb2020 "…")</span>

One badge per unconfirmed column, marked with that column's edition (`data-editions`), so that a reader
who chose an edition sees only that edition's badge. The badge carries a word ("Unconfirmed", with the
edition when the statement speaks for several columns) and a title, never colour alone. The anchor is
the same in every language (`status_anchor`). A statement whose records cover only some of its claims
(plugins/data/verification.py) is marked "Partly unconfirmed", and its title names the claims left open,
by their labels in the page's language (never by their keys).
"""
from __future__ import annotations

import weakref

from ...data.model import Repository
from ...data.text import no_markup
from ...data.verification import Status, statuses
from ..locate import relative_link
from .context import PageContext

VERIFICATION_PAGE = "verification.md"

_CACHE: dict[int, tuple[weakref.ref, "StatusIndex"]] = {}


class StatusIndex:
    """Every Status of a repository, by statement: {(entity id, of): [Status per column, oldest first]}."""

    def __init__(self, repo: Repository):
        self.all: list[Status] = statuses(repo)
        self.by_statement: dict[tuple[str, str], list[Status]] = {}
        for status in self.all:
            self.by_statement.setdefault((status.statement.entity.id, status.statement.of), []).append(status)

    @classmethod
    def of(cls, repo: Repository) -> "StatusIndex":
        """The index of `repo`, computed once per loaded repository (every page of a build shares it)."""
        cached = _CACHE.get(id(repo))
        if cached is not None and cached[0]() is repo:
            return cached[1]
        index = cls(repo)
        _CACHE[id(repo)] = (weakref.ref(repo), index)
        weakref.finalize(repo, _CACHE.pop, id(repo), None)  # `mkdocs serve` loads a new repository per build
        return index

    def get(self, entity_id: str, of: str) -> list[Status]:
        return self.by_statement.get((entity_id, of), [])


def status_anchor(status: Status) -> str:
    """`v-skill-guard--edition-notes-classic--classic`: the HTML id of a status's line on the verification
    page (entity, statement, column; `--` between the parts, which keys and slugs never hold)."""
    statement = status.statement
    part = statement.of.replace("_", "-").replace(".", "-")
    return f"v-{statement.entity.kind}-{statement.entity.slug}--{part}--{status.column}"


def marks(ctx: PageContext, entity, of: str, column: str | None = None) -> str:
    """The unconfirmed badges of one statement (inline HTML, with a leading space, none in Japanese, which
    puts no space after 。 or beside a bracket), or "".

    `column`: only that edition column's badge, and without an edition mark (for a page such as the
    differences between editions, which shows every edition whatever the reader chose).
    """
    found = StatusIndex.of(ctx.repo).get(entity.id, of)
    badges = []
    for status in found:
        if status.checked or column not in (None, status.column):
            continue
        edition = no_markup(ctx.plain(ctx.repo[f"edition:{status.column}"]["short"]))
        several = len(found) > 1 and column is None  # in a column of its own, the edition goes without saying
        if status.partly:
            label = (ctx.t("Partly unconfirmed ({edition})", edition=edition) if several
                     else ctx.t("Partly unconfirmed"))
            title = ctx.t("For {edition}, no public source confirms yet: {claims}. See the verification status.",
                          edition=edition, claims=ctx.listing(claim_labels(ctx, status)))
        else:
            label = ctx.t("Unconfirmed ({edition})", edition=edition) if several else ctx.t("Unconfirmed")
            title = ctx.t("No public source confirms this yet for {edition}: see the verification status.",
                          edition=edition)
        href = relative_link(ctx.page, VERIFICATION_PAGE, status_anchor(status))
        marked = f' data-editions="{status.column}"' if column is None else ""
        badges.append(f'<span class="nc-unconfirmed"{marked} data-search-exclude="true">'
                      f'[{_md(label)}]({href} "{_title(title)}")</span>')
    gap = "" if ctx.lang == "ja" else " "
    return (gap + gap.join(badges)) if badges else ""


def claim_labels(ctx: PageContext, status: Status) -> list[str]:
    """The labels of the claims `status` leaves open, in the page's language and listed order (plain text)."""
    labels = status.statement.claim_labels
    return [no_markup(ctx.plain(labels[key])) if key in labels else key for key in status.missing]


def _md(text: str) -> str:
    """A UI string made safe as Markdown link text (our catalogs, but brackets would end the link)."""
    return text.replace("[", "\\[").replace("]", "\\]")


def _title(text: str) -> str:
    """A UI string made safe as a Markdown link title (double quotes would end it)."""
    return text.replace('"', "'")
