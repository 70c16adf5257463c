"""The Prayers to Nuffle calculator, on the page of each edition's Prayers to Nuffle table (`calculators: [prayers]`
in the table's data): how many prayers, which result the coach hopes for, and the chance of each result.

The results are the table's rows, named from the data in the page's language; the numbers (the die, how many a
team may roll, duplicates rolled again) are the table's `draws`, read by the resolver (`calculators.prayers`).
"""
from __future__ import annotations

from ...data.model import Entity
from .calclayout import assumes
from .calculator import Calculator, Row, Table, render
from .context import PageContext, rule_book


def _names(ctx: PageContext, table: Entity) -> dict[str, str]:
    return {row["key"]: ctx.plain(row["name"]) for row in table["rows"]}


def prayers_calculator(ctx: PageContext, table: Entity) -> Calculator:
    """The form for the table's edition: the number of prayers and the result hoped for (named from the data); the
    headline is the chance of getting it, then each result's chance."""
    edition = table.editions[0]
    names = _names(ctx, table)

    def options(name: str, spec: dict, _value) -> list[tuple[str, str]] | None:
        return [(key, names[key]) for key in spec["choices"]] if name == "wanted" else None

    def labels(name: str) -> str | None:
        return {"prayers": ctx.t("Number of prayers"), "wanted": ctx.t("The result you hope for")}.get(name)

    results = Table(ctx.t("Each result's chance"), (ctx.t("Result"), ctx.t("Chance")),
                    tuple(Row(label, f"results.{key}") for key, label in names.items()))
    view: list = [Row(ctx.t("Chance of getting the result you hope for"), "chance", absent="dash"),
                  Row(ctx.t("Prayers rolled"), "prayers", "number"),
                  Row(ctx.t("Prayers wasted (no result left to roll)"), "wasted", "number", hide_zero=True),
                  results]
    return Calculator("prayers", view, fixed={"edition": edition}, omit=frozenset({"play"}),
                      defaults={"prayers": 1, "wanted": table["rows"][0]["key"]}, options=options, labels=labels,
                      headline="chance", label=ctx.t("Prayers to Nuffle calculator"))


def prayers_section(ctx: PageContext, table: Entity) -> list[str]:
    """The calculator's section of the table's page (Markdown lines): a sentence, the form, what it assumes."""
    calc = prayers_calculator(ctx, table)
    draws = table["draws"]
    statements = [ctx.t("A result the team already has is rolled again, so the prayers always bring different "
                        "results.")]
    if draws.get("per_value_difference"):
        statements.append(ctx.t("The Underdog rolls once for every full {amount} gold pieces of difference in "
                                "team value.", amount=ctx.t.number(draws["per_value_difference"])))
    if draws.get("most"):
        statements.append(ctx.t("A team may buy up to {most} prayers.", most=ctx.t.number(draws["most"])))
    lines = [f"## {ctx.t('Calculator')} {{#calculator}}", "", ctx.t(
        "Before kick-off: the chance that your prayers bring the result you hope for, and the chance of each "
        "result."), ""]
    lines += [render(ctx, calc, rule_book(ctx.repo)), ""]
    # the pre-game sequence it belongs to, and where else the prayers come from (Cheering Fans; the inducements)
    ids = [f"sequence:pre-game-{table.editions[0]}",
           f"table:kick-off-{table.editions[0]}" if draws.get("per_value_difference") else
           f"table:inducements-{table.editions[0]}"]
    lines += assumes(ctx, ids, statements)
    return lines
