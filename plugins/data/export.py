"""Derived forms of the data: the rules the calculators need, and the open-data JSON of every entity."""
from __future__ import annotations

from .model import Repository


def rules_export(repo: Repository) -> dict:
    """The rule numbers the resolver needs (target tables, rolls and dice tables), without any text.

    Shape: {"targets": {slug: {"characteristic", "rows"}}, "rolls": {slug: {"editions", "target",
    "natural_one", "natural_six", ["characteristic"], ["target_number"], ["fumble_at_or_below"], "modifiers": [{"key", "value", ["group"], ["per"], ["skill"], ["only"], ["cancels"], ["eases"]}]},
    "tables": {slug: {"editions", "dice", "rows": [{"key", "roll", "outcome"}], ["skills"],
    ["modifiers": [{"key", "value", ["per"], ["skill"]}]], ["draws": {"duplicates", ["per_value_difference"],
    ["most"], ["exhibition_faces"]}]}}} (tables whose rows
    all carry an `outcome`; `skills`, sorted, on a table read for a player with exactly those skills: the
    injury variants).
    """
    targets = {
        t.slug: {"characteristic": t["characteristic"], "rows": [dict(row) for row in t["rows"]]}
        for t in repo.of_kind("target")
    }
    rolls = {}
    for roll in repo.of_kind("roll"):
        entry = {key: roll[key] for key in ("editions", "natural_one", "natural_six")}
        for optional in ("target", "characteristic", "target_number", "fumble_at_or_below", "no_reroll",
                         "before_casualty_roll"):
            if optional in roll.data:
                entry[optional] = roll[optional]
        entry["modifiers"] = [
            {k: mod[k] for k in ("key", "value", "group", "per", "skill", "only", "cancels", "eases") if k in mod}
            for mod in roll.get("modifiers") or []
        ]
        rolls[roll.slug] = entry
    # dice tables whose every row has a machine `outcome` (injury, casualty, lasting injury): what the casualty
    # calculators read; tables of text only (kick-off, weather) are not rule numbers
    tables = {}
    for table in repo.of_kind("table"):
        rows = table["rows"]
        if rows and "dice" in table.data and all("outcome" in row for row in rows):
            tables[table.slug] = {"editions": list(table.editions), "dice": table["dice"],
                                  "rows": [{k: row[k] for k in ("key", "roll", "outcome")} for row in rows]}
            if table.get("skills"):  # an injury variant: the player's skills it is read for
                tables[table.slug]["skills"] = sorted(table["skills"])
            if table.get("draws"):  # a table rolled several times (Prayers to Nuffle): how (calculators.prayers)
                tables[table.slug]["draws"] = dict(table["draws"])
            if table.get("modifiers"):  # what the roll adds: Niggling Injuries, a skill (the casualty table)
                tables[table.slug]["modifiers"] = [{k: m[k] for k in ("key", "value", "per", "skill") if k in m}
                                                   for m in table["modifiers"]]
    return {"targets": targets, "rolls": rolls, "tables": tables}


API_VERSION = "v1"
RULES_FILE = "rules.json"  # under api/v1/: rules_export, what the calculators read


def entity_json(entity) -> dict:
    """The open-data form of one entity: its id, `entity` (its kind) and slug, then its fields as in data/."""
    return {"id": entity.id, "entity": entity.kind, "slug": entity.slug, **entity.data}


def json_schema(kind: str) -> dict:
    """JSON Schema (draft 2020-12) of one kind's published files, generated from the loader's specs."""
    from .schema import KIND_SPECS, SLUG, STEP

    schema = KIND_SPECS[kind].json_schema()
    schema["properties"] = {
        "id": {"type": "string", "pattern": rf"^{kind}:[0-9a-z][0-9a-z-]*$"},
        "entity": {"const": kind},
        "slug": {"type": "string", "pattern": SLUG.pattern},
        **schema["properties"],
    }
    schema["required"] = ["id", "entity", "slug", *schema["required"]]
    if kind == "sequence":
        schema["$defs"] = {"step": STEP.json_schema()}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": f"{kind}.schema.json",
            "title": f"Nuffle Codex {kind}", **schema}


VERIFICATION_FILE = "verification.json"  # under api/v1/: verification_export


def verification_export(repo: Repository) -> dict:
    """How each edition-specific statement is checked (plugins/data/verification.py), for verification.json.

    Shape: {"version", "api": "index.json",
            "columns": {column: [edition ids read as it]}   (classic: [classic, bb2016]),
            "figures": {column: {kind | "rules": {"checked", "total"}}}   ("rules": every kind but
                        engine-option, the FUMBBL game options, which are counted apart),
            "sources": {source id: statements (per column) it confirms},
            "statements": [{"id": "skill:guard#summary", "entity": "skill:guard", "url": "skills/guard.json",
                            "of", "editions", "anchor" (or null), "status": {column: "checked" | "unconfirmed"},
                            "claims": [{"key", "label": {en, fr, ja}, "covered": {column: true | false}}]
                                      (the statement's claims in listed order, or empty; `covered`: whether an
                                      `agrees` record of that column covers the claim),
                            "missing": {column: [keys of the claims no `agrees` record covers]} (only the
                                       columns a record confirms in part),
                            "records": [the statement's `checked` records, as in data/]}]}
    Links are relative to verification.json.
    """
    from .model import FOLDER_BY_KIND
    from .verification import column_of, confirmed_by_source, figures, records, statuses

    found = statuses(repo)
    columns: dict[str, list[str]] = {}
    for edition in sorted(repo.of_kind("edition"), key=lambda e: (e.get("year", 0), e.slug)):
        columns.setdefault(column_of(repo, edition.slug), []).append(edition.slug)
    by_statement: dict[str, dict] = {}
    for status in found:
        statement = status.statement
        entry = by_statement.get(statement.id)
        if entry is None:
            entity = statement.entity
            entry = by_statement[statement.id] = {
                "id": statement.id, "entity": entity.id, "url": f"{FOLDER_BY_KIND[entity.kind]}/{entity.slug}.json",
                "of": statement.of, "editions": list(statement.editions), "anchor": statement.anchor, "status": {},
                "claims": [{"key": key, "label": dict(statement.claim_labels.get(key) or {}), "covered": {}}
                           for key in statement.claims],
                "missing": {}, "records": [r for _, r in records(entity) if r.get("of") == statement.of]}
        entry["status"][status.column] = "checked" if status.checked else "unconfirmed"
        open_claims = set(status.missing)
        for claim in entry["claims"]:
            claim["covered"][status.column] = claim["key"] not in open_claims
        if status.partly:
            entry["missing"][status.column] = list(status.missing)
    return {
        "version": API_VERSION, "api": "index.json", "columns": columns,
        "figures": {column: {kind: {"checked": c, "total": t} for kind, (c, t) in kinds.items()}
                    for column, kinds in figures(found).items()},
        "sources": confirmed_by_source(found),
        "statements": list(by_statement.values()),
    }


def open_data_files(repo: Repository) -> dict[str, object]:
    """Every published JSON document by path under api/v1/: entities, one index per kind, schemas, the
    rules (rules.json) and index.json, where an engine starts.

    Every link is a URL relative to the document that holds it:
    index.json            {"version", "rules": "rules.json", "verification": "verification.json",
                           "kinds": {kind: "<folder>/index.json"}, "schemas": {kind: "schema/<kind>.schema.json"}}
    verification.json     how each statement is checked (verification_export)
    <folder>/index.json   {"entity": kind, "count", "schema": "../schema/<kind>.schema.json",
                           "rules": "../rules.json", "api": "../index.json",
                           "items": [{"id", "url": "<slug>.json", "name"}]}
    Text fields hold Markdown with [[kind:slug#anchor|text]] references (data/README.md, README.md).

    Only text that passes the data check's link rule is published (plugins/data/links.py: every URL it makes,
    rendered as Markdown, is relative or https:), whatever way the Repository was made.

    Raises:
        ValueError: some string would make another link, listed as `file:line: field: problem`.
    """
    from .model import FOLDER_BY_KIND

    _refuse_unchecked_links(repo)

    files: dict[str, object] = {RULES_FILE: rules_export(repo)}
    for kind, folder in FOLDER_BY_KIND.items():
        entities = repo.of_kind(kind)
        for entity in entities:
            files[f"{folder}/{entity.slug}.json"] = entity_json(entity)
        files[f"{folder}/index.json"] = {
            "entity": kind, "count": len(entities), "schema": f"../{_schema_path(kind)}",
            "rules": f"../{RULES_FILE}", "api": "../index.json",
            "items": [{"id": e.id, "url": f"{e.slug}.json", "name": _name(e)} for e in entities],
        }
        files[_schema_path(kind)] = json_schema(kind)
    files[VERIFICATION_FILE] = verification_export(repo)
    files["index.json"] = {
        "version": API_VERSION, "rules": RULES_FILE, "verification": VERIFICATION_FILE,
        "kinds": {kind: f"{folder}/index.json" for kind, folder in FOLDER_BY_KIND.items()},
        "schemas": {kind: _schema_path(kind) for kind in FOLDER_BY_KIND},
    }
    return files


def _refuse_unchecked_links(repo: Repository) -> None:
    """Raise ValueError listing every string of every entity whose Markdown makes a link the data check
    refuses (a link to javascript:, data:, http:, another host without a scheme)."""
    from .checks import strings_with_paths
    from .links import link_problems
    from .loader import format_path

    found = [f"{entity.file}:{entity.line(path)}: {format_path(path)}: {message}"
             for entity in repo.entities.values() for path, text in strings_with_paths(entity.data)
             for message in link_problems(text)]
    if found:
        raise ValueError("the open data publishes only checked text; refused:\n" + "\n".join(found))


def _schema_path(kind: str) -> str:
    return f"schema/{kind}.schema.json"


def _name(entity) -> dict | None:
    text = entity.get("name") or entity.get("title") or entity.get("question")
    return text if isinstance(text, dict) else None
