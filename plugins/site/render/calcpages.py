"""Each calculator family where it belongs: on the page of the rule it computes, or on a page of its own.

A sequence lists its calculators in the data (`calculators: [pass, range]`); `SECTIONS` renders each.
Kinds with no rule page of their own (block, armour, foul, chain, casualty, scatter, deviate, throw-in) get
`calculators/<kind>.md` (`STANDALONE`), with an edition select. Every calculator states the edition it assumes,
links the rules it computes and says which readings it takes where sources differ.

This module is the index; each family is a module of its own: `passcalcs.py` (pass, range), `ballcalcs.py`
(kick, throw-in, scatter, deviate), `blockcalc.py`, `injurycalcs.py` (armour, foul, casualty), `chaincalc.py`
(action sequences, BloodBowlDave's notation). What they share: `calclayout.py` (the rules assumed, a page of
its own) and `calcchoices.py` (the labelled choices of the forms).
"""
from __future__ import annotations

from collections.abc import Callable

from ...data.model import Entity
from .ballcalcs import deviate_calculator, deviate_page, kick_calculator, scatter_calculator, scatter_page
from .ballcalcs import throw_in_calculator, throw_in_page
from .blockcalc import block_calculator, block_page
from .calculator import Calculator
from .chaincalc import chain_calculator, chain_page
from .context import PageContext, rule_book
from .injurycalcs import armour_calculator, armour_page, casualty_calculator, casualty_page
from .injurycalcs import foul_calculator, foul_page
from .passcalcs import pass_calculator, pass_section, range_calculator, range_section
from .prayercalc import prayers_calculator


def default_requests(ctx: PageContext) -> dict[str, list[dict]]:
    """The request each calculator of the site sends first (its pre-rendered result), by kind and edition
    page: for benchmarks and checks."""
    from .calculator import default_request

    rules = rule_book(ctx.repo)
    out: dict[str, list[dict]] = {}
    for seq in ctx.repo.of_kind("sequence"):
        for kind in seq.get("calculators") or []:
            build = {"pass": pass_calculator, "range": range_calculator, "kick": kick_calculator}[kind]
            out.setdefault(kind, []).append(default_request(build(ctx, seq.editions[0]), rules))
    for table in ctx.repo.of_kind("table"):  # the Prayers to Nuffle tables' pages (`calculators: [prayers]`)
        if "prayers" in (table.get("calculators") or []):
            out.setdefault("prayers", []).append(default_request(prayers_calculator(ctx, table), rules))
    builds = [block_calculator, armour_calculator, foul_calculator, chain_calculator, throw_in_calculator,
              scatter_calculator, deviate_calculator]
    if "casualty" in standalone_pages(ctx.repo):
        builds.append(casualty_calculator)
    for build in builds:
        calc = build(ctx)
        out.setdefault(calc.kind, []).append(default_request(calc, rules))
    return out


SequenceSection = Callable[[PageContext, Entity, dict], tuple[list[str], Calculator]]
SECTIONS: dict[str, SequenceSection] = {"pass": pass_section, "range": range_section}
STANDALONE: dict[str, Callable[[PageContext], str]] = {
    "block": block_page, "armour": armour_page, "foul": foul_page, "chain": chain_page,
    "casualty": casualty_page, "scatter": scatter_page, "deviate": deviate_page, "throw-in": throw_in_page,
}
#: the calculator of each page of its own: its label is the page's title (tests/site/test_section_indexes.py)
STANDALONE_CALCULATORS: dict[str, Callable[[PageContext], Calculator]] = {
    "block": block_calculator, "armour": armour_calculator, "foul": foul_calculator, "chain": chain_calculator,
    "casualty": casualty_calculator, "scatter": scatter_calculator, "deviate": deviate_calculator,
    "throw-in": throw_in_calculator,
}
#: the data a page of its own reads besides the code: the casualty page computes from the casualty tables
STANDALONE_NEEDS: dict[str, tuple[str, ...]] = {
    "casualty": ("table:casualty-classic", "table:casualty-bb2020", "table:casualty-bb2025",
                 "table:lasting-injury-bb2020", "table:lasting-injury-bb2025"),
}


def standalone_title(ctx: PageContext, kind: str) -> str:
    """The title of calculator `kind`'s page of its own (`calculators/<kind>.md`), in ctx's language: its
    calculator's label, which the page's heading repeats.

    Raises:
        KeyError: `kind` has no page of its own.
    """
    return STANDALONE_CALCULATORS[kind](ctx).label


def standalone_pages(repo) -> dict[str, Callable[[PageContext], str]]:
    """The pages of :data:`STANDALONE` whose data (:data:`STANDALONE_NEEDS`) the repository holds."""
    return {kind: page for kind, page in STANDALONE.items() if all(i in repo for i in STANDALONE_NEEDS.get(kind, ()))}
