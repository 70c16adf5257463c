"""The Pass action's calculators, on the pages of the Pass action's sequences (`calculators: [pass, range]`).

`pass`: the whole action at once (completed, turnover, ball won by the opponent or loose), in the page's
edition; `range`: the range ruler on the pitch (band, modifier, squares under the ruler).
"""
from __future__ import annotations

from calculators.rules import RuleBook

from ...data.model import Entity
from .calcchoices import modifier_options, weather_options
from .calclayout import assumes
from .calculator import (Calculator, Pitch, Row, band_labels, below_one_reading_note, below_one_readings,
                         pass_reading_note, pass_readings, render)
from .context import PageContext

MODERN = ("bb2020", "bb2025")


def pass_calculator(ctx: PageContext, edition: str) -> Calculator:
    rolls = {action: ctx.repo.get(f"roll:{action}-{edition}") for action in ("pass", "catch", "interception")}

    target = ctx.repo.get(f"target:{rolls['pass'].get('target')}") if rolls["pass"] is not None else None
    or_more = {row["value"] for row in target["rows"] if row.get("or_more")} if target else set()
    nobody = {"receiver_ag": ctx.t("No receiver (a pass to an empty square)"),
              "interceptor_ag": ctx.t("No interceptor")}

    def options(name: str, spec: dict, _value) -> list[tuple[str, str]] | None:
        if name in ("ag", "pa", "receiver_ag", "interceptor_ag"):
            # as on the tables: classic AG 1..6 (6 or more), BB2020+ the N+ to roll
            values = [(str(v), f"{v}+" if (v in or_more or target is None) else str(v))
                      for v in range(spec["min"], spec["max"] + 1)]
            return ([("", nobody[name])] if name in nobody else []) + values
        if name == "range":
            return modifier_options(ctx, rolls["pass"], "range")
        if name == "weather":
            return weather_options(ctx, [r for r in rolls.values() if r is not None], spec["choices"])
        if name.startswith("interceptor_") and spec["type"] == "choice":
            return modifier_options(ctx, rolls["interception"], name.removeprefix("interceptor_"))
        return None

    view: list = [
        Row(ctx.t("Reading used for a modified 1"), "pass_reading", "label", labels=pass_readings(ctx),
            absent="hide", reading="pass_reading"),
        Row(ctx.t("Reading used for a total of 0 or less"), "below_one_reading", "label",
            labels=below_one_readings(ctx), absent="hide", reading="below_one_reading"),
        Row(ctx.t("Pass roll needed"), "pass_needed", "needed", absent="dash"),
        Row(ctx.t("Catch roll needed"), "catch_needed", "face", absent="dash"),
        Row(ctx.t("Pass completed"), "totals.completion"),
        Row(ctx.t("Certain turnover (fumble or interception)"), "totals.turnover"),
        Row(ctx.t("Ball won by the opponent"), "totals.lost_to_opponent"),
        Row(ctx.t("Ball loose (a turnover unless a team-mate ends up with it)"), "totals.loose"),
        Row(ctx.t("Fumble"), "outcomes.fumble"),
        Row(ctx.t("Fumble saved (the thrower keeps the ball)"), "outcomes.fumble_saved"),
        Row(ctx.t("Intercepted"), "outcomes.intercepted"),
        Row(ctx.t("Dropped by the receiver"), "outcomes.dropped"),
        Row(ctx.t("Inaccurate"), "outcomes.inaccurate"),
    ]
    if edition == "bb2020":
        view += [Row(ctx.t("Wildly inaccurate"), "outcomes.wildly_inaccurate"),
                 Row(ctx.t("Deflected, not caught by the deflector"), "outcomes.deflected")]
    return Calculator("pass", view, headline="totals.completion", fixed={"edition": edition},
                      defaults={"range": "short", "receiver_ag": 3}, options=options,
                      label=ctx.t("Pass calculator"))


def pass_section(ctx: PageContext, seq: Entity, rules: RuleBook) -> tuple[list[str], Calculator]:
    edition = seq.editions[0]
    calc = pass_calculator(ctx, edition)
    statements = [ctx.t("The coach uses the Pass skill and team re-rolls on the pass roll and the Catch skill and team "
                        "re-rolls on the catch, to complete the pass first and then to avoid a turnover; the "
                        "opponent's rolls are not re-rolled.")]
    if edition in ("classic", "bb2016"):
        statements.append(ctx.t("Classic order: the interception comes before the pass roll. Safe Throw cancels it on "
                                "an unmodified AG roll, and turns a fumble that is not a natural 1 into the thrower "
                                "keeping the ball."))
    elif edition == "bb2020":
        statements.append(ctx.t("BB2020 order: the accuracy test first, then one opponent tries to deflect the ball "
                                "and must then catch it to intercept. Safe Pass saves any fumble."))
    else:
        statements.append(ctx.t("BB2025 order: the accuracy test first, then one interception attempt. Safe Pass "
                                "saves only a natural 1."))
        statements += [pass_reading_note(ctx), below_one_reading_note(ctx)]
    ids = [f"roll:{a}-{edition}" for a in ("pass", "catch", "interception")]
    ids += ["skill:pass", "skill:safe-throw" if edition == "classic" else "skill:safe-pass", "skill:catch",
            "term:team-re-roll", "term:turnover"]
    lines = [f"## {ctx.t('Pass calculator')} {{#pass-calculator}}", "", ctx.t(
        "The whole Pass action at once: the chance the pass is completed, that it ends in a turnover, and "
        "that the ball is won by the opponent or left loose."), ""]
    lines += [render(ctx, calc, rules), ""]
    lines += assumes(ctx, ids, statements)  # after the form: on a phone the form comes first
    return lines, calc


def range_calculator(ctx: PageContext, edition: str) -> Calculator:
    view: list = [
        Row(ctx.t("Range"), "band", "label", labels=band_labels(ctx)),
        Row(ctx.t("Pass modifier"), "modifier", "signed", absent="dash"),
        Row(ctx.t("Squares along the pitch (dx)"), "dx", "number", absent="dash"),
        Row(ctx.t("Squares across the pitch (dy)"), "dy", "number", absent="dash"),
        Row(ctx.t("Squares under the ruler"), "interception_squares", "count", absent="dash"),
    ]
    pitch = Pitch("interception_squares", ctx.t("Squares under the ruler: an opponent standing on one may try to "
                                                "intercept (blue ring: thrower; red ring: target)"),
                  marks=("thrower", "target", "landing"), pick=("target", "thrower", "landing"),
                  states=(ctx.t("under the ruler"), ctx.t("not under the ruler")))
    return Calculator("range", view, headline="band", fixed={"edition": edition}, omit=frozenset({"map"}),
                      defaults={"thrower": (7, 7), "target": (14, 9)}, pitch=pitch,
                      label=ctx.t("Range ruler"))


def range_section(ctx: PageContext, seq: Entity, rules: RuleBook) -> tuple[list[str], Calculator]:
    edition = seq.editions[0]
    calc = range_calculator(ctx, edition)
    statements = [ctx.t("The bands follow FUMBBL's range chart, and the ruler is 1.74 squares wide as in FUMBBL. "
                        "Tap or click a square of the pitch, then a button under it to put that square into a field.")]
    if edition in MODERN:
        statements.append(ctx.t("In this edition the ruler runs to where the ball lands, so give that square when "
                                "the pass is not accurate."))
    if edition == "bb2025":
        statements.append(ctx.t("Where sources differ: the Jervis engine draws the BB2025 ruler like the classic "
                                "chart, so 13 squares along and 2 across is out of range there, a Long Bomb here."))
    lines = [f"## {ctx.t('Range ruler')} {{#range-calculator}}", "", ctx.t(
        "Place the thrower and the target: the pass range, its modifier to the pass roll, and the squares "
        "under the ruler, where an opponent may try to intercept."), ""]
    lines += [render(ctx, calc, rules), ""]
    lines += assumes(ctx, ["term:range-ruler", "term:pass-ranges", "term:interception", f"roll:pass-{edition}"],
                     statements)
    return lines, calc
