"""Where the kick-off lands: the resolver's landing distribution and touchback map, drawn on the pitch."""
from __future__ import annotations

from fractions import Fraction

from calculators.api import handle

from ...data.model import Entity
from .context import PageContext
from .pitch import heat_map

DEFAULT_TARGET = (19, 7)  # the middle of the receiving half when the receivers defend the right end zone


def kick_section(ctx: PageContext, seq: Entity) -> list[str]:
    edition = seq.editions[0]
    request = {"kind": "kick", "edition": edition, "target": list(DEFAULT_TARGET), "kick": False}
    landing = _ok(handle(request, None))
    values = {tuple(item["square"]): Fraction(item["p"]["exact"]) for item in landing["landing"]
              if item["square"] != "out"}
    touchback = Fraction(landing["touchback"]["exact"])
    overview = _ok(handle({"kind": "kick", "edition": edition, "map": True}, None))
    risk = {tuple(item["square"]): Fraction(item["touchback"]["exact"]) for item in overview["map"]}
    x, y = DEFAULT_TARGET
    return [
        f"## {ctx.t('Where the kick lands')} {{#kick-landing}}", "",
        ctx.t("The resolver follows the ball from the chosen square: it deviates D6 squares in a D8 direction. "
              "The brighter the square, the likelier the ball comes down there."), "",
        heat_map(ctx, values, ctx.t("Landing squares for a kick aimed at ({x}, {y})", x=x, y=y), DEFAULT_TARGET),
        "", ctx.t("Chance of a touchback: {p} ({fraction}).", p=ctx.t.percent(touchback), fraction=str(touchback)),
        "", heat_map(ctx, risk, ctx.t("Touchback chance for each square the kick may aim at"), field="touchback"),
        "",
    ]


def _ok(response: dict) -> dict:
    if not response.get("ok"):
        raise ValueError(f"resolver error at build time: {response.get('error')}")
    return response["result"]
