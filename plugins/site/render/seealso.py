"""The "See also:" line that ends a glossary entry, a skill or a star player rule.

Its links are named as their targets are in the page's language, so two targets can show the same name: the
glossary's Block (the action) and the skill Block are both « Blocage » in French, and the line read « Voir
aussi : Blocage, Blocage, Esquive » (review 6 F5). Each target is listed once, and targets that share a name
carry their kind in brackets: « Blocage (glossaire), Blocage (compétence), Esquive ».
"""
from __future__ import annotations

from collections import Counter

from ...data.model import Entity
from .context import PageContext


def kind_word(ctx: PageContext, kind: str) -> str:
    """What an entity of `kind` is, as a lower-case word of the page's language (« compétence », 「スキル」).
    Raises KeyError for a kind that no see-also list may name (data/schema: `see_also`)."""
    return {"skill": ctx.t("skill"), "term": ctx.t("glossary"), "sequence": ctx.t("sequence"),
            "table": ctx.t("table"), "ruling": ctx.t("ruling"), "roll": ctx.t("test"),
            "star-rule": ctx.t("star player rule")}[kind]


def see_also_links(ctx: PageContext, refs: list[str]) -> list[str]:
    """The Markdown links of a see-also list (`refs`: entity ids, in the data's order), each target once, a
    target whose name another target of the list shares followed by its kind (ctx.aside: « Blocage
    (compétence) », 「ブロック（スキル）」)."""
    entities: list[Entity] = [ctx.repo[ref] for ref in dict.fromkeys(refs)]
    names = Counter(entity.title(ctx.lang) for entity in entities)
    return [ctx.link(entity) + (ctx.aside(kind_word(ctx, entity.kind)) if names[entity.title(ctx.lang)] > 1 else "")
            for entity in entities]


def see_also_lines(ctx: PageContext, refs: list[str] | None) -> list[str]:
    """The "See also:" paragraph (its line, then a blank line) of a see-also list, or nothing when it is empty."""
    if not refs:
        return []
    return [ctx.labelled(ctx.t("See also:"), ctx.listing(see_also_links(ctx, refs))), ""]
