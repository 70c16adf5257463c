"""Verification as data: which statements of an entity are edition-specific, and how they were checked.

A *statement* is a piece of text that says what a rule is in one or more editions: a skill's summary and
each of its edition notes, a glossary entry's edition notes, each sequence step, each table row, each
target-table row, a roll's rules and each of its modifiers, each position of a ruling. It is named by
`of`, a dotted path made of field names and keys (never list indices), so that it survives reordering:

    summary                   skill or star rule: the main text (the editions that have no note of their own)
    edition_notes.classic     skill, star rule or term: one edition's note
    steps.3a                  sequence: the step whose key is 3a (at any depth)
    rows.get-the-ref          table: the row whose key is get-the-ref
    rows.3                    target table: the row for characteristic value 3
    rules                     roll: its target, natural 1 and 6, and fumble rules
    modifiers.quick           roll: one modifier
    positions.naf             ruling: the position of one body
    switches                  engine option: what the option changes, and its default

An entity proves its statements with `checked:`, a list of records (`data/README.md`, "Verification"):
each names the statement (`of`), the edition checked, the verdict (`agrees`, `differs`, `unconfirmed`),
the public source (a `data/sources/` id) and where in it (`at`). A statement is *checked* for an edition
when a record with verdict `agrees` covers it; every other statement is shown as unconfirmed.

A statement may make several claims (an order of steps, a modifier, a re-roll): the entity lists them in
`claims:`, each a key with a label in every language (`- {of: steps.3, keys: [{key: order, label: {en: the
order of the steps, fr: …, ja: …}}, …]}`), and a record may say which of them it covers
(`claims: [order]`; a record without `claims` covers the whole statement). Such a statement is checked for
an edition only when its `agrees` records together cover every claim; otherwise it is *partly* unconfirmed,
and `Status.missing` names the claims no record covers (`Statement.claim_labels` says them in words).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator

from .model import EDITIONS_ORDER, Entity, Repository, iter_steps

VERDICTS = ("agrees", "differs", "unconfirmed")


@dataclass(frozen=True)
class Statement:
    """One edition-specific statement of an entity.

    `of` is its dotted name (see the module docstring), `path` the field path of its text in the entity's
    data (for line numbers), `editions` the editions it speaks for (ids from data/editions/), `anchor` the
    in-page anchor of its block when it has one (`step-3a`, `row-get-the-ref`), else None. `claims` are the
    keys of its claims in listed order (() when it lists none), `claim_labels` their labels ({key: {en, fr,
    ja}}).
    """

    entity: Entity
    of: str
    path: tuple
    editions: tuple[str, ...]
    anchor: str | None = None
    claims: tuple[str, ...] = ()
    claim_labels: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def id(self) -> str:
        """`skill:guard#edition_notes.classic`: unique across the repository."""
        return f"{self.entity.id}#{self.of}"


def statements(entity: Entity) -> list[Statement]:
    """Every edition-specific statement of `entity`, in reading order (empty for kinds that have none),
    each with the claims the entity lists for it (`claims:`; () when it lists none)."""
    listed = claims_listed(entity)
    return [replace(s, claims=tuple(listed.get(s.of, {})), claim_labels=listed.get(s.of, {}))
            for s in _statements(entity)]


def claims_listed(entity: Entity) -> dict[str, dict[str, dict]]:
    """{statement name: {claim key: its label {en, fr, ja}}, keys in the order listed} from the entity's
    `claims:` list (entries of the wrong shape are skipped: the schema reports them)."""
    out: dict[str, dict[str, dict]] = {}
    for entry in entity.get("claims") or []:
        if isinstance(entry, dict) and isinstance(entry.get("keys"), list):
            out[str(entry.get("of"))] = {str(k["key"]): k.get("label") or {} for k in entry["keys"]
                                         if isinstance(k, dict) and "key" in k}
    return out


def uncovered(claims: tuple[str, ...], agrees) -> tuple[str, ...]:
    """The claims (in listed order) that no record of `agrees` covers. A record without `claims` covers
    them all; with no record at all, every claim is uncovered."""
    covered: set[str] = set()
    for record in agrees:
        if "claims" not in record:
            return ()
        covered.update(str(c) for c in record.get("claims") or [])
    return tuple(c for c in claims if c not in covered)


def _statements(entity: Entity) -> Iterator[Statement]:
    editions = tuple(entity.editions)
    data = entity.data
    if entity.kind in ("skill", "star-rule", "term"):
        notes = data.get("edition_notes") or {}
        if entity.kind in ("skill", "star-rule"):
            # The summary tells the editions without a note of their own (or, if every edition has one,
            # the newest, which is what the summary is written for).
            covered = tuple(e for e in editions if e not in notes) or editions[-1:]
            yield Statement(entity, "summary", ("summary",), covered)
        for edition in notes:
            yield Statement(entity, f"edition_notes.{edition}", ("edition_notes", edition), (edition,))
    elif entity.kind == "sequence":
        paths = dict(_step_paths(data.get("steps"), ("steps",)))
        for step in iter_steps(data.get("steps")):
            key = str(step["key"])
            yield Statement(entity, f"steps.{key}", paths.get(key, ("steps",)), editions, f"step-{key}")
    elif entity.kind == "table":
        for i, row in enumerate(data.get("rows") or []):
            if isinstance(row, dict) and "key" in row:
                yield Statement(entity, f"rows.{row['key']}", ("rows", i), editions, f"row-{row['key']}")
        for i, mod in enumerate(data.get("modifiers") or []):  # a dice table's modifiers (the casualty table's)
            if isinstance(mod, dict) and "key" in mod:
                yield Statement(entity, f"modifiers.{mod['key']}", ("modifiers", i), editions)
    elif entity.kind == "target":
        characteristic = data.get("characteristic", "ag")
        for i, row in enumerate(data.get("rows") or []):
            if isinstance(row, dict) and "value" in row:
                yield Statement(entity, f"rows.{row['value']}", ("rows", i), editions,
                                f"row-{characteristic}-{row['value']}")
    elif entity.kind == "roll":
        yield Statement(entity, "rules", ("summary",), editions)
        for i, mod in enumerate(data.get("modifiers") or []):
            if isinstance(mod, dict) and "key" in mod:
                yield Statement(entity, f"modifiers.{mod['key']}", ("modifiers", i), editions)
    elif entity.kind == "ruling":
        for i, position in enumerate(data.get("positions") or []):
            if isinstance(position, dict) and "body" in position:
                # a position may speak for some of the ruling's editions only (a body that answered for BB2025)
                own = tuple(e for e in editions if e in (position.get("editions") or editions))
                yield Statement(entity, f"positions.{position['body']}", ("positions", i), own)
    elif entity.kind == "engine-option":
        yield Statement(entity, "switches", ("switches",), editions)


def _step_paths(steps, path: tuple) -> Iterator[tuple[str, tuple]]:
    for i, step in enumerate(steps or []):
        if isinstance(step, dict) and "key" in step:
            yield str(step["key"]), path + (i,)
            yield from _step_paths(step.get("steps"), path + (i, "steps"))


def records(entity: Entity) -> list[tuple[int, dict]]:
    """The entity's `checked` records with their index in the list (well-formed dicts only)."""
    return [(i, r) for i, r in enumerate(entity.get("checked") or []) if isinstance(r, dict)]


def column_of(repo: Repository, edition: str) -> str:
    """The edition a reader picks for `edition`: BB2016 is read as classic (`grouped_with`)."""
    entity = repo.get(f"edition:{edition}")
    return (entity.get("grouped_with") if entity is not None else None) or edition


@dataclass(frozen=True)
class Status:
    """How one statement stands for one edition column (classic, bb2020, bb2025)."""

    statement: Statement
    column: str
    agrees: tuple[dict, ...]      # the records that confirm it (empty: unconfirmed)
    others: tuple[dict, ...]      # `differs` and `unconfirmed` records for it

    @property
    def missing(self) -> tuple[str, ...]:
        """The statement's claims that no `agrees` record covers (() for a statement without claims)."""
        return uncovered(self.statement.claims, self.agrees)

    @property
    def partly(self) -> bool:
        """Some claims are confirmed and some are not (the page says which are not)."""
        return bool(self.agrees) and bool(self.missing)

    @property
    def checked(self) -> bool:
        """Confirmed: an `agrees` record covers it, and together they cover each of its claims."""
        return bool(self.agrees) and not self.missing


def statuses(repo: Repository) -> list[Status]:
    """One Status per (statement, edition column) over the whole repository, in entity and reading order."""
    out: list[Status] = []
    for entity in sorted(repo.entities.values(), key=lambda e: (e.kind, e.slug)):
        recs = records(entity)
        for statement in statements(entity):
            mine = [r for _, r in recs if r.get("of") == statement.of]
            columns = list(dict.fromkeys(column_of(repo, e) for e in statement.editions))
            for column in columns:
                in_column = [r for r in mine if column_of(repo, str(r.get("edition"))) == column]
                out.append(Status(statement, column,
                                  tuple(r for r in in_column if r.get("verdict") == "agrees"),
                                  tuple(r for r in in_column if r.get("verdict") != "agrees")))
    return out


# The kinds that hold statements, in the order the verification page and verification.json list them.
KINDS = ("skill", "star-rule", "term", "sequence", "table", "target", "roll", "ruling", "engine-option")
# The kinds whose statements are rules of the game. An engine option describes one of FUMBBL's game options,
# checked against FUMBBL's own code: it is counted apart, never in the rules figure.
RULE_KINDS = tuple(kind for kind in KINDS if kind != "engine-option")


def figures(found: list[Status]) -> dict[str, dict[str, tuple[int, int]]]:
    """How much is checked: {column: {kind: (checked, total), ..., "rules": (checked, total)}}.

    "rules" sums the rules statements (RULE_KINDS) only; "engine-option" (FUMBBL game options) stands apart.
    Columns (oldest edition first) and kinds appear only when they have statements (kinds in KINDS order,
    then "rules").
    """
    out: dict[str, dict[str, list[int]]] = {}
    for status in found:
        column = out.setdefault(status.column, {})
        kind = status.statement.entity.kind
        for key in (kind, "rules") if kind in RULE_KINDS else (kind,):
            counts = column.setdefault(key, [0, 0])
            counts[0] += status.checked
            counts[1] += 1
    order = {kind: i for i, kind in enumerate((*KINDS, "rules"))}
    ranked = sorted(out, key=lambda c: (EDITIONS_ORDER.index(c) if c in EDITIONS_ORDER else 99, c))
    return {column: {kind: (c[0], c[1]) for kind, c in sorted(out[column].items(), key=lambda kv: order.get(kv[0], 98))}
            for column in ranked}


def confirmed_by_source(found: list[Status]) -> dict[str, int]:
    """Source id -> how many (statement, column) pairs a record of that source confirms, most first."""
    counts: dict[str, int] = {}
    for status in found:
        for source in dict.fromkeys(str(r.get("source")) for r in status.agrees):
            counts[source] = counts.get(source, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
