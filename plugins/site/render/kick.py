"""Where the kick-off lands: a live calculator over the resolver's landing distribution, drawn on the
pitch, and the touchback map of every square the kick may aim at."""
from __future__ import annotations

from calculators.rules import RuleBook

from fractions import Fraction

from calculators.api import handle

from ...data.model import Entity
from .ballcalcs import KICK_TARGET, kick_calculator
from .calclayout import assumes
from .calculator import render
from .context import PageContext
from .pitch import heat_map

DEFAULT_TARGET = KICK_TARGET


def kick_section(ctx: PageContext, seq: Entity, rules: RuleBook | None = None) -> tuple[list[str], object]:
    edition = seq.editions[0]
    calc = kick_calculator(ctx, edition)
    overview = _ok(handle({"kind": "kick", "edition": edition, "map": True}, None))
    risk = {tuple(item["square"]): Fraction(item["touchback"]["exact"]) for item in overview["map"]}
    statements = [ctx.t("All squares are assumed empty, and the Kick skill is used whenever it is ticked. Tap or "
                        "click a square of the pitch to read its chance, then the button under the pitch to aim "
                        "there.")]
    if edition == "bb2025":
        statements.append(ctx.t("Where sources differ: whether BB2025's Kick may be chosen after seeing the "
                                "deviation die is disputed (see the ruling); here Kick is used whenever it is "
                                "ticked, as if chosen before the roll."))
    ids = ["skill:kick", "term:touchback", "term:deviate", "term:bounce", "ruling:kick-d3-timing"]
    lines = [
        f"## {ctx.t('Where the kick lands')} {{#kick-landing}}", "",
        ctx.t("The resolver follows the ball from the chosen square: it deviates D6 squares in a D8 direction. "
              "The brighter the square, the likelier the ball comes down there."), "",
    ]
    lines += assumes(ctx, ids if edition == "bb2025" else ids[:-1], statements)
    lines += [render(ctx, calc, None), "",
              heat_map(ctx, risk, ctx.t("Touchback chance for each square the kick may aim at (without Kick, no "
                                        "bounce)"), field="touchback"), ""]
    return lines, calc


def _ok(response: dict) -> dict:
    if not response.get("ok"):
        raise ValueError(f"resolver error at build time: {response.get('error')}")
    return response["result"]
