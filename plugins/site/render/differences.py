"""What differs between editions (comparisons/index.md): every entity of the data whose rules differ
between the editions a reader can choose, one row per entity and one column per edition.

- sequences and tables: each family (plugins/site/editions.py) with the page of each edition, and the
  editions-compared pages that put them side by side;
- tests (rolls): each family whose target, natural rolls or modifiers differ, cell by cell;
- skills and glossary terms: each one with an edition note or missing from an edition; a cell is the
  edition's note, "not in this edition", or "as in the main text" (the entry's summary or definition).

A note, summary, rule or modifier that no source confirms yet for its column carries that column's
"unconfirmed" mark (render/unconfirmed.py), without an edition mark: this page shows every edition.

Nothing is typed here: every cell comes from data/ or from the UI catalogs.
"""
from __future__ import annotations

from ...data.model import Entity
from ..collation import by_name
from ..editions import families
from ..locate import page_of
from .blocks import anchor_key, cell
from .calculator import signed
from .context import PageContext
from .editions import short_name
from .pages import CATEGORY_ORDER, category_label
from .targets import natural_rolls
from .unconfirmed import marks

ROLL_RULES = ("target", "characteristic", "natural_one", "natural_six", "fumble_at_or_below")


def differences_page(ctx: PageContext) -> str:
    columns = ctx.editions.choosable
    lines = [f"# {ctx.t('What differs between editions')}", "", ctx.badges(list(columns)), "", ctx.t(
        "Every rule of this site that is not the same in every edition, one row each, one column per "
        "edition. Choose an edition at the top of any page to read the whole site in that edition alone; "
        "this page always shows them all."), ""]
    comparisons = ctx.repo.of_kind("comparison")
    if comparisons:
        links = ctx.listing([ctx.link(c) for c in comparisons])
        lines += [ctx.labelled(ctx.t("Compared topic by topic:"), links), ""]
    lines += _pages_section(ctx)
    lines += _rolls_section(ctx)
    skills = [s for s in ctx.repo.of_kind("skill") if differs(ctx, s)]
    if skills:
        lines += [f"## {ctx.t('Skills')} {{#skills}}", ""]
        for category in CATEGORY_ORDER:
            members = sorted((s for s in skills if s["category"] == category), key=by_name(ctx.repo, ctx.lang))
            if members:
                lines += [f"### {category_label(ctx, category)} {{#skills-{category}}}", ""]
                lines += _entity_table(ctx, ctx.t("Skill"), members)
    terms = sorted((t for t in ctx.repo.of_kind("term") if differs(ctx, t)), key=by_name(ctx.repo, ctx.lang))
    if terms:
        lines += [f"## {ctx.t('Glossary')} {{#terms}}", ""]
        lines += _entity_table(ctx, ctx.t("Term"), terms)
    return "\n".join(lines)


def differs(ctx: PageContext, entity: Entity) -> bool:
    """A skill or term differs between editions when it has an edition note or lacks a choosable edition."""
    return bool(entity.get("edition_notes")) or bool(ctx.editions.missing(entity.editions))


def _header(ctx: PageContext, first: str | None) -> list[str]:
    labels = [short_name(ctx, e) for e in ctx.editions.choosable]
    if first is not None:
        labels.insert(0, first)
    return ["| " + " | ".join(labels) + " |", "|---" * len(labels) + "|"]


def _not_in(ctx: PageContext) -> str:
    return f'<span class="nc-not-in">{ctx.t("Not in this edition")}</span>'


def _family_groups(ctx: PageContext, kinds: tuple[str, ...]) -> list[list[Entity]]:
    """Families of `kinds`, each in edition order, the families in the order of their first member's slug."""
    seen: set[str] = set()
    groups = []
    for entity_id, family in families(ctx.repo).items():
        if entity_id in seen or ctx.repo[entity_id].kind not in kinds:
            continue
        seen.update(family)
        members = [ctx.repo[i] for i in family]
        members.sort(key=lambda e: (min((ctx.editions.choosable.index(m) for m in ctx.editions.marks(e.editions)),
                                        default=99), e.slug))
        groups.append(members)
    return sorted(groups, key=lambda g: (g[0].kind, g[0].slug))


def _members_in(ctx: PageContext, family: list[Entity], edition: str) -> list[Entity]:
    return [e for e in family if edition in ctx.editions.marks(e.editions)]


def _pages_section(ctx: PageContext) -> list[str]:
    """Each sequence or table family: where each edition tells it, and the comparisons of the family."""
    groups = _family_groups(ctx, ("sequence", "table"))
    if not groups:
        return []
    lines = [f"## {ctx.t('Sequences and tables')} {{#pages}}", "", *_header(ctx, ctx.t("Topic"))]
    for family in groups:
        comparisons = [ctx.repo[where] for e in family for where, _ in ctx.backlinks.of(e.id)
                       if where.startswith("comparison:")]
        comparisons = list({c.id: c for c in comparisons}.values())
        topic = ctx.listing([ctx.link(c) for c in comparisons]) if comparisons else ctx.link(family[0])
        row = [f"{anchor_key('row-' + family[0].kind + '-' + _key(family[0]), '¶')} {topic}"]
        for edition in ctx.editions.choosable:
            present = _members_in(ctx, family, edition)
            row.append(ctx.listing([ctx.link(e) for e in present]) if present else _not_in(ctx))
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    return lines + [""]


def _key(entity: Entity) -> str:
    stem, _, last = entity.slug.rpartition("-")
    return stem if stem and last in entity.editions else entity.slug


def _roll_rules(roll: Entity) -> tuple:
    modifiers = tuple((m["key"], m["value"], m.get("group"), m.get("per")) for m in roll.get("modifiers") or [])
    return tuple(roll.get(k) for k in ROLL_RULES) + (modifiers,)


def _rolls_section(ctx: PageContext) -> list[str]:
    """Each family of tests whose rules differ (or that an edition lacks), told in full per edition."""
    groups = [g for g in _family_groups(ctx, ("roll",))
              if len({_roll_rules(r) for r in g}) > 1
              or any(not _members_in(ctx, g, e) for e in ctx.editions.choosable)]
    if not groups:
        return []
    lines = [f"## {ctx.t('Agility and passing tests')} {{#rolls}}", "", *_header(ctx, None)]
    for family in groups:
        row = []
        for edition in ctx.editions.choosable:
            present = _members_in(ctx, family, edition)
            row.append(" ".join(_roll_cell(ctx, r) for r in present) if present else _not_in(ctx))
        row[0] = f"{anchor_key('row-roll-' + _key(family[0]), '¶')} {row[0]}"
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    return lines + [""]


def _roll_cell(ctx: PageContext, roll: Entity) -> str:
    if roll.get("target"):
        target = ctx.labelled(ctx.t("Target number:"), ctx.link(ctx.repo[f"target:{roll['target']}"]))
    elif roll.get("target_number"):  # a fixed N+ whatever the player (the Rush, Bone Head, a KO recovery)
        target = ctx.labelled(ctx.t("Target number:"), f"{roll['target_number']}+")
    else:
        # the abbreviation in the page's language (French CP for PA): the catalogs' MA, ST, AG, PA, AV
        target = ctx.t("Target number: the player's {characteristic}",
                       characteristic=ctx.t(roll["characteristic"].upper()))
    column = ctx.editions.marks(roll.editions)
    only = column[0] if len(column) == 1 else None

    def mark(of: str) -> str:
        return marks(ctx, roll, of, only) if only else ""

    modifiers = ctx.listing([f"{signed(m['value'])} {ctx.text(m['label'], inline=True)}{mark('modifiers.' + m['key'])}"
                             for m in roll.get("modifiers") or []], strong=True)
    full_stop = "。" if ctx.lang == "ja" else "."
    parts = [f"{target}{full_stop}", natural_rolls(ctx, roll) + mark("rules")]
    if modifiers:
        parts.append(ctx.labelled(ctx.t("Modifiers:"), modifiers))
    return f"**{ctx.link(roll)}** " + ctx.sentences(parts)


def _entity_table(ctx: PageContext, first: str, entities: list[Entity]) -> list[str]:
    lines = _header(ctx, first)
    for entity in entities:
        row = [f"{anchor_key('row-' + entity.anchor, '¶')} {ctx.link(entity)}"]
        row += [_entity_cell(ctx, entity, edition) for edition in ctx.editions.choosable]
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    return lines + [""]


def _entity_cell(ctx: PageContext, entity: Entity, edition: str) -> str:
    """The edition's note (and the notes of the editions read as it, with their badge), "as in the main
    text" when the edition has none, or "not in this edition"."""
    members = ctx.editions.members(edition)
    if not any(m in entity.editions for m in members):
        return _not_in(ctx)
    notes = entity.get("edition_notes") or {}
    url = ctx.url(entity)
    parts = []
    if edition in notes:
        parts.append(f"{ctx.text(notes[edition], inline=True)}{marks(ctx, entity, f'edition_notes.{edition}', edition)}"
                     f"{ctx.gap}[↗]({url})")
    else:
        summary = marks(ctx, entity, "summary", edition) if entity.kind == "skill" else ""
        parts.append(f"[{ctx.t('As in the main text')}]({url}){summary}")
    for member in members:
        if member != edition and member in notes:
            mark = marks(ctx, entity, f"edition_notes.{member}", edition)
            parts.append(f"{ctx.badges([member])} {ctx.text(notes[member], inline=True)}{mark}")
    return " ".join(parts)
