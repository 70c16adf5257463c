"""Coverage manifests (data/coverage/<edition>.yml): what a complete reference holds for one edition.

Each item names the entry expected for it (`skill:block`, `sequence:block-action-bb2020`, …), the public
source that proves the item exists in that edition, and either nothing (the entry must exist), `pending: true`
(in scope, not written yet: the entry must NOT exist yet, so a stale flag is caught) or `out_of_scope` (why
the site does not cover it). `status` tells which; the coverage test and the Coverage page read it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .model import Entity, Problem, Repository

#: the kind of entry each kind of item expects
ENTRY_KIND = {"skill": "skill", "trait": "skill", "star-rule": "star-rule", "action": "sequence",
              "phase": "sequence", "table": "table", "official-question": "ruling"}
#: the order the page and the figures list the kinds in
KIND_ORDER = ("skill", "trait", "star-rule", "action", "phase", "table", "official-question")
STATES = ("covered", "pending", "out-of-scope")


@dataclass(frozen=True)
class ItemStatus:
    """One item of a manifest and where it stands.

    state: covered (its entry exists for the edition), pending, out-of-scope, or a failure: missing (no
    flag and no entry) or stale (flagged pending but its entry exists).
    """

    manifest: Entity
    index: int
    item: dict
    state: str

    @property
    def edition(self) -> str:
        return self.manifest.slug


def has_entry(repo: Repository, entry: str, edition: str) -> bool:
    """Whether `entry` exists and speaks for `edition` (an entity without editions counts as any)."""
    entity = repo.get(entry)
    if entity is None:
        return False
    return not entity.editions or edition in entity.editions


def statuses(repo: Repository, manifest: Entity) -> list[ItemStatus]:
    """Every item of one manifest with its state, in the manifest's order."""
    out = []
    for i, item in enumerate(manifest.get("items") or []):
        present = has_entry(repo, item["entry"], manifest.slug)
        if item.get("out_of_scope"):
            state = "out-of-scope"
        elif item.get("pending"):
            state = "stale" if present else "pending"
        else:
            state = "covered" if present else "missing"
        out.append(ItemStatus(manifest, i, item, state))
    return out


def manifests(repo: Repository) -> list[Entity]:
    """The manifests, oldest edition first."""
    def year(m: Entity) -> int:
        edition = repo.get(f"edition:{m.slug}")
        return edition.get("year", 0) if edition is not None else 0
    return sorted(repo.of_kind("coverage"), key=lambda m: (year(m), m.slug))


def counts(found: list[ItemStatus]) -> dict[str, dict[str, int]]:
    """{kind: {covered, pending, out-of-scope}} for the kinds present, in KIND_ORDER, plus "all"."""
    out: dict[str, dict[str, int]] = {}
    for status in found:
        state = status.state if status.state in STATES else ("pending" if status.state == "stale" else "covered")
        for key in (status.item["kind"], "all"):
            out.setdefault(key, dict.fromkeys(STATES, 0))[state] += 1
    order = {kind: i for i, kind in enumerate((*KIND_ORDER, "all"))}
    return dict(sorted(out.items(), key=lambda kv: order[kv[0]]))


def id_problems(item: dict, edition: str, editions: set[str]) -> list[str]:
    """What is wrong with an item's expected id: its kind, or an edition suffix naming another edition."""
    entry = str(item.get("entry", ""))
    kind, _, slug = entry.partition(":")
    expected = ENTRY_KIND.get(str(item.get("kind")))
    problems = []
    if expected and kind != expected:
        problems.append(f"a {item.get('kind')} item expects a {expected}: entry, not {kind}:")
    suffix = slug.rpartition("-")[2]
    if kind in ("sequence", "table") and suffix in editions and suffix != edition:
        problems.append(f"the slug names edition {suffix!r} in the manifest of {edition!r}")
    return problems


def cross_checks(repo: Repository, entity: Entity, problem) -> Iterator[Problem]:
    """A manifest is about the edition its slug names; each item is consistent and cites sources of that
    edition."""
    editions = {e.slug for e in repo.of_kind("edition")}
    if entity.slug not in editions:
        yield problem((), f"the file name must be an edition ({', '.join(sorted(editions))})")
    if entity.editions != [entity.slug]:
        yield problem(("editions",), f"a coverage manifest speaks for its own edition only: [{entity.slug}]")
    for i, item in enumerate(entity.get("items") or []):
        path = ("items", i)
        for message in id_problems(item, entity.slug, editions):
            yield problem(path + ("entry",), message)
        if item.get("pending") and item.get("out_of_scope"):
            yield problem(path, "an item is either pending or out of scope, not both")
        if "pending" in item and item["pending"] is not True:
            yield problem(path + ("pending",), "write `pending: true` or leave the field out")
        if (item.get("kind") == "star-rule") != ("stars" in item):
            yield problem(path, "a star-rule item names its star(s) in `stars`, and only a star-rule item does")
        if (item.get("kind") == "official-question") != ("topic" in item):
            yield problem(path, "an official-question item states its topic in `topic`, and only such an item does")
        for j, cite in enumerate(item.get("exists_in") or []):
            source = repo.get(f"source:{cite.get('source')}")
            if source is not None and entity.slug not in source.editions and not (
                    entity.slug == "classic" and "bb2016" in source.editions):
                yield problem(path + ("exists_in", j, "source"),
                              f"{source.id} does not cover edition {entity.slug!r}")
