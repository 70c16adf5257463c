"""The labelled choices of the calculator forms: the edition switch, a roll's modifiers, the weather.

Each choice is a `(value, label)` pair in the page's language; a modifier's label is read from the roll's data,
with its value ("Short pass (−1)").
"""
from __future__ import annotations

from ...data.model import Entity
from .calculator import edition_name
from .context import PageContext

SWITCH_EDITIONS = ("classic", "bb2020", "bb2025")  # BB2016 plays as classic for every mechanic modelled


def edition_switch(ctx: PageContext) -> list[tuple[str, str]]:
    """The choices of a calculator's edition select: `(edition id, short name)` for each edition the repository
    holds, oldest first."""
    return [(e, edition_name(ctx, e)) for e in SWITCH_EDITIONS if f"edition:{e}" in ctx.repo]


def annotated(ctx: PageContext, label: str, note: str) -> str:
    """`Short pass (−1)`; in Japanese the full-width brackets, with no space: `ショートパス（−1）`."""
    return f"{label}{ctx.paren(note)}" if ctx.lang == "ja" else f"{label} {ctx.paren(note)}"


def modifier_options(ctx: PageContext, roll: Entity | None, group: str) -> list[tuple[str, str]] | None:
    """A modifier group's choices labelled from the roll's data, with their values ("Short pass (−1)")."""
    from .calculator import signed

    if roll is None:
        return None
    options = [(m["key"], annotated(ctx, ctx.plain(m['label']), signed(m['value'])))
               for m in roll.get("modifiers") or [] if m.get("group") == group]
    return options or None


def weather_options(ctx: PageContext, rolls: list[Entity], keys: list[str]) -> list[tuple[str, str]]:
    """The one weather choice of a calculator that covers several rolls (the Pass action): the first key is
    each roll's "no weather modifier" choice, any other is named from the roll whose weather it changes,
    with that roll's modifier ("Pouring Rain (−1)")."""
    from .calculator import signed

    named: dict[str, str] = {}
    mods = [m for roll in rolls for m in roll.get("modifiers") or [] if m.get("group") == "weather"]
    for m in sorted(mods, key=lambda m: m["value"] == 0):  # a roll the weather changes names it first
        named.setdefault(m["key"], annotated(ctx, ctx.plain(m['label']), signed(m['value'])))
    return [(key, ctx.t("Any other weather (no modifier)") if i == 0 else named[key])
            for i, key in enumerate(keys)]
