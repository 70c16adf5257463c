"""Pages generated from the data about the data: translation status and engine auto-actions."""
from __future__ import annotations

from ...data.model import Entity
from ..collation import by_name
from .blocks import cell
from .context import PageContext
from .pages import category_label


def translation_status_page(ctx: PageContext) -> str:
    """Per language: texts missing, and entities whose translation is marked for review."""
    lines = [f"# {ctx.t('Translation status')}", "", ctx.t(
        "Every text of this site is written in English, French and Japanese. This page is generated from the "
        "data: it lists what is missing in each language and what a translator marked for review."), ""]
    for lang, label in (("fr", "Français"), ("ja", "日本語")):
        missing = [p for p in ctx.repo.translation_problems if p.field.endswith(f".{lang}")]
        review = [e for e in ctx.repo.entities.values() if lang in (e.get("review") or [])]
        lines += [f"## {label} {{#status-{lang}}}", ""]
        total = sum(1 for _ in ctx.repo.entities.values())
        lines.append(ctx.t("{missing} missing text(s), {review} of {total} entities marked for review.",
                           missing=len(missing), review=len(review), total=total))
        lines.append("")
        for problem in missing:
            lines.append(f"- `{problem.file}:{problem.line}` {problem.field}")
        for entity in sorted(review, key=lambda e: e.id):
            lines.append(f"- {ctx.link(entity)}{ctx.aside(ctx.t('to review'))}")
        lines.append("")
    return "\n".join(lines)


def auto_actions_page(ctx: PageContext, skills: list[Entity]) -> str:
    """Optional skills an engine may apply without asking, and why (from each skill's `auto_use`)."""
    lines = [f"# {ctx.t('Auto actions')}", "", ctx.t(
        "Some optional skills are almost always used. A rules engine may apply them automatically to save "
        "clicks, as long as doing so can never hurt the coach. This page is generated from the skills' data."),
        "", f"| {ctx.t('Skill')} | {ctx.t('Category')} | {ctx.t('Automatic use by an engine')} |", "|---|---|---|"]
    for skill in sorted((s for s in skills if s.get("auto_use")), key=by_name(ctx.repo, ctx.lang)):
        mark = ctx.editions.row_mark(skill.editions)
        lines.append(f"| {mark}{ctx.link(skill)} | {category_label(ctx, skill['category'])} | "
                     f"{cell(ctx.text(skill['auto_use'], inline=True))} |")
    lines.append("")
    return "\n".join(lines)
