"""Where the ball lands, on the pitch: the kick-off, the throw-in, a scatter, a deviation.

Each draws the chance of every square on a pitch picture. The kick-off's form sits on the kick-off sequence
pages (`kick.py` writes that section); the throw-in's in the glossary entry and on a page of its own; scatter and
deviate on pages of their own.
"""
from __future__ import annotations

from calculators.ballmove import direction_template
from calculators.rules import RuleBook

from ...data.model import Entity
from .calcchoices import edition_switch
from .calclayout import assumes, standalone_page
from .calculator import Calculator, Pitch, Row, Table, render
from .context import PageContext
from .pictures import numbering_svg

KICK_TARGET = (19, 7)  # the middle of the receiving half when the receivers defend the right end zone


def kick_calculator(ctx: PageContext, edition: str) -> Calculator:
    view: list = [Row(ctx.t("Touchback"), "touchback")]
    pitch = Pitch("landing", ctx.t("Where the ball comes down: the brighter the square, the likelier (the ring is "
                                   "the square aimed at)"), value="p", marks=("target",), pick=("target",))
    return Calculator("kick", view, headline="touchback", fixed={"edition": edition}, omit=frozenset({"map"}),
                      defaults={"target": KICK_TARGET}, pitch=pitch, label=ctx.t("Where the kick lands"))


def throw_in_calculator(ctx: PageContext) -> Calculator:
    # The expected number of throw-ins after the first (the ball going out again, maybe several times):
    # zero wherever the first throw cannot leave the pitch, and then the row has nothing to say.
    view: list = [Row(ctx.t("Out again after the first throw"), "out_again"),
                  Row(ctx.t("Further throw-ins, on average, before the ball stays on the pitch"), "rethrows",
                      "number", hide_zero=True)]
    pitch = Pitch("landing", ctx.t("Where the thrown-in ball comes down: the brighter the square, the likelier "
                                   "(the ring is the last square the ball was in)"), value="p", marks=("square",),
                  pick=("square",))
    return Calculator("throw-in", view, headline="out_again", switch="edition", switch_options=edition_switch(ctx),
                      defaults={"square": (12, 0)}, pitch=pitch, label=ctx.t("Throw-in calculator"))


def _throw_in_statements(ctx: PageContext) -> list[str]:
    return [
        ctx.t("Give the last square the ball was in, on the edge of the pitch, or tap one and then the button under "
              "the pitch. Classic and BB2025 count the square under the template as the first, so the ball ends "
              "2D6 − 1 squares away; BB2020 does not, so it ends 2D6 squares away. A ball that goes out again is "
              "thrown in again until it lands on the pitch."),
        ctx.t("Where sources differ: in a corner, BB2020 and BB2025 turn the random direction template and roll a "
              "D3, as their rulebooks and the Jervis engine read; FUMBBL does so in BB2025 only. Classic treats a "
              "corner like an end-zone square."),
    ]


THROW_IN_TERMS = ["term:throw-in", "term:random-direction-template", "term:throw-in-template", "term:catch",
                  "term:bounce"]


def throw_in_section(ctx: PageContext, term: Entity, rules: RuleBook | None) -> list[str]:
    """The throw-in entry's calculator in the glossary (the same form as the page of its own)."""
    lines = [f"### {ctx.t('Where a thrown-in ball lands')} {{#throw-in-calculator}}", ""]
    lines += [render(ctx, throw_in_calculator(ctx), rules), ""]
    return lines + assumes(ctx, THROW_IN_TERMS[1:], _throw_in_statements(ctx))


def throw_in_page(ctx: PageContext) -> str:
    """The throw-in calculator on a page of its own, so that on a phone the form is the first thing seen (in the
    glossary it sits tens of thousands of pixels down the page)."""
    return standalone_page(ctx, throw_in_calculator(ctx), ctx.t("Throw-in calculator"), ctx.t(
        "Where a ball thrown in by the crowd lands, from the last square it was in, and the chance that it goes "
        "out again."), THROW_IN_TERMS, _throw_in_statements(ctx))


def _start_label(ctx: PageContext):
    return lambda name: ctx.t("Where the ball starts") if name == "square" else None


def _ball_view(ctx: PageContext) -> list:
    distance = Table(ctx.t("How far the ball ends from where it started, when it stays on the pitch"),
                     (ctx.t("Squares"), ctx.t("Chance")),
                     tuple(Row(ctx.t.number(d), f"distance.{d}", absent="hide") for d in range(0, 7)))
    return [Row(ctx.t("Off the pitch (a throw-in follows)"), "out"), distance]


def d8_numbering_section(ctx: PageContext) -> list[str]:
    """The D8 numbering of the Random Direction Template, as the rulebooks print it and as FUMBBL rolls it
    (calculators.ballmove.direction_template, which names the sources edition by edition)."""
    printed = direction_template("template")["layout"]
    fumbbl = direction_template("fumbbl")["layout"]
    return [f"## {ctx.t('Numbering of the D8')} {{#d8-numbering}}", "",
            ctx.t("Every edition's rulebook prints the template with 1, 2 and 3 in the top row, 4 and 5 beside the "
                  "ball and 6, 7 and 8 in the bottom row, the template laid beside the pitch and lined up with its "
                  "squares: classic as the botbowl engine reads it, BB2020 and BB2025 as their rulebooks draw it "
                  "(BBBase; the Jervis engine likewise). FUMBBL numbers the D8 clockwise from straight up instead, "
                  "in every edition, so a D8 in a FUMBBL log names another square. The chances are the same either "
                  "way."), "",
            numbering_svg(ctx, printed, ctx.t("Random direction template (D8)")), "",
            numbering_svg(ctx, fumbbl, ctx.t("FUMBBL's numbering of the D8")), ""]


def scatter_calculator(ctx: PageContext) -> Calculator:
    pitch = Pitch("landing", ctx.t("Where the ball ends: the brighter the square, the likelier (the ring is where "
                                   "it started)"), value="p", marks=("square",), pick=("square",))
    return Calculator("scatter", _ball_view(ctx), headline="out", defaults={"square": (12, 7), "n": 3}, pitch=pitch,
                      omit=frozenset({"d8_numbering"}),
                      labels=lambda name: ctx.t("Where the ball starts") if name == "square" else (
                          ctx.t("Scatters (one square each)") if name == "n" else None),
                      label=ctx.t("Scatter calculator"))


def scatter_page(ctx: PageContext) -> str:
    calc = scatter_calculator(ctx)
    statements = [
        ctx.t("Each scatter moves the ball one square in a direction rolled on a D8 (the Random Direction "
              "Template). A bounce is one scatter; an inaccurate pass scatters three times. Once the ball leaves "
              "the pitch it stays out: the throw-in is not counted here. Every edition scatters the same way."),
        ctx.t("Every square is taken to be empty: nobody catches the ball on the way."),
    ]
    ids = ["term:scatter", "term:bounce", "term:random-direction-template", "term:throw-in"]
    return standalone_page(ctx, calc, ctx.t("Scatter calculator"), ctx.t(
        "Where a scattering ball ends after one to six scatters, and the chance it leaves the pitch."),
        ids, statements, extra=d8_numbering_section(ctx))


def deviate_calculator(ctx: PageContext) -> Calculator:
    pitch = Pitch("landing", ctx.t("Where the ball comes down: the brighter the square, the likelier (the ring is "
                                   "where it started)"), value="p", marks=("square",), pick=("square",))
    return Calculator("deviate", _ball_view(ctx), headline="out", switch="edition", switch_options=edition_switch(ctx),
                      omit=frozenset({"d8_numbering"}), defaults={"square": (19, 7)}, pitch=pitch, labels=_start_label(ctx),
                      label=ctx.t("Deviation calculator"))


def deviate_page(ctx: PageContext) -> str:
    calc = deviate_calculator(ctx)
    statements = [
        ctx.t("A deviating ball moves in a direction rolled on a D8, as many squares as a D6 shows, without "
              "touching the squares in between: the kick-off, and a wildly inaccurate pass in BB2020."),
        ctx.t("Kick: classic and BB2020 halve the D6, rounding down (so the ball may stay where it was); BB2025 "
              "rolls a D3 instead."),
    ]
    ids = ["term:deviate", "term:random-direction-template", "term:kick-off", "skill:kick", "term:touchback"]
    return standalone_page(ctx, calc, ctx.t("Deviation calculator"), ctx.t(
        "Where a deviating ball comes down, and the chance it leaves the pitch."), ids, statements,
        extra=d8_numbering_section(ctx))
