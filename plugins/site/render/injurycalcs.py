"""What happens to a player who is down or fouled: the armour, foul and casualty calculators' pages of their own.

The three share the injury and casualty rows (`calculators.casualty.grouped`); the casualty tables are data.
"""
from __future__ import annotations

from .calcchoices import edition_switch
from .calclayout import standalone_page
from .calculator import Calculator, Row, Table, claws_reading_note, claws_readings, skill_name
from .chainhelp import skill_value_text
from .context import PageContext


def _injury_rows(ctx: PageContext) -> list[Row]:
    return [
        Row(ctx.t("Armour holds"), "outcomes.no_break"),
        Row(ctx.t("Stunned"), "outcomes.stunned"),
        Row(ctx.t("KO'd"), "outcomes.ko"),
        # only a Stunty player has this result: hidden while it is exactly 0
        Row(ctx.t("Badly Hurt without a casualty roll (Stunty)"), "outcomes.badly_hurt", hide_zero=True),
        Row(ctx.t("Casualty"), "outcomes.casualty"),
    ]


def _casualty_rows(ctx: PageContext, prefix: str) -> list[Row]:
    """The casualty roll's outcomes (`calculators.casualty.grouped`), each edition's present, the others hidden."""
    return [
        Row(ctx.t("Badly Hurt"), f"{prefix}.badly_hurt", absent="hide"),
        Row(ctx.t("Misses the next game"), f"{prefix}.miss_next_game", absent="hide"),
        Row(ctx.t("Niggling injury"), f"{prefix}.niggling_injury", absent="hide"),
        Row(ctx.t("A characteristic lost"), f"{prefix}.characteristic_loss", absent="hide"),
        Row(ctx.t("Seriously Hurt"), f"{prefix}.seriously_hurt", absent="hide"),
        Row(ctx.t("Serious Injury"), f"{prefix}.serious_injury", absent="hide"),
        Row(ctx.t("Lasting Injury"), f"{prefix}.lasting_injury", absent="hide"),
        Row(ctx.t("Dead"), f"{prefix}.dead", absent="hide"),
    ]


def _characteristics(ctx: PageContext, prefix: str) -> Table:
    """The chance of losing each characteristic (`calculators.casualty.CasualtyRoll.characteristics`)."""
    return Table(
        ctx.t("Chance that the casualty costs the player a point of a characteristic"),
        (ctx.t("Characteristic"), ctx.t("Chance")),
        tuple(Row(label, f"{prefix}.{code}", absent="hide")
              for code, label in (("ma", ctx.t("MA")), ("st", ctx.t("ST")), ("ag", ctx.t("AG")), ("pa", ctx.t("PA")),
                                  ("av", ctx.t("AV")))))


def _casualty_label(ctx: PageContext, name: str) -> str | None:
    """The casualty form's own field labels: the player's Niggling Injuries and skills, the apothecary."""
    if name == "niggling":
        return ctx.t("Niggling injuries the player already has")
    if name == "apothecary":
        return ctx.t("The team uses its apothecary on this casualty")
    if name in ("decay", "regeneration"):
        # the casualty is the player's own: "Target: Regeneration" read like a target number (review 3, D5)
        return ctx.t("The player has {skill}", skill=skill_name(ctx, name))
    return None


def casualty_calculator(ctx: PageContext) -> Calculator:
    outcomes = Table(ctx.t("The casualty roll: each result's chance"), (ctx.t("Result"), ctx.t("Chance")),
                     tuple(_casualty_rows(ctx, "outcomes")))
    saved = [Row(ctx.t("Back to the Reserves box (apothecary or Regeneration)"), "after.reserves", absent="hide"),
             Row(ctx.t("Of which saved by Regeneration"), "after.regenerated", absent="hide"),
             Row(ctx.t("Dead, after the apothecary and Regeneration"), "after.outcomes.dead", absent="hide")]
    return Calculator("casualty", [*saved, outcomes, _characteristics(ctx, "characteristics")],
                      headline="outcomes.badly_hurt", switch="edition", switch_options=edition_switch(ctx),
                      labels=lambda name: _casualty_label(ctx, name), label=ctx.t("Casualty calculator"))


def casualty_page(ctx: PageContext) -> str:
    calc = casualty_calculator(ctx)
    statements = [
        ctx.t("Classic rolls a D68 (a D6 for the tens, a D8 for the units). BB2020 and BB2025 roll a D16, with "
              "different bands, plus 1 for each niggling injury the player already has; a Lasting Injury then "
              "rolls a D6 for the characteristic."),
        ctx.t("With the apothecary the casualty table is rolled again and the coach keeps the lower result (the "
              "tables run from the least to the most severe); a kept Badly Hurt goes to the Reserves box. "
              "Regeneration (4+) sends the player to the Reserves box: after the casualty roll and the apothecary "
              "in classic and BB2020, before the casualty roll in BB2025. Decay adds 1 to the BB2020 and BB2025 "
              "roll; classic Decay rolls twice and is not counted here."),
        ctx.t("The tables are read from this site's data, each row checked against public sources; the armour "
              "calculator reads the same tables."),
    ]
    ids = ["term:casualty", "term:injury", "term:apothecary", "skill:regeneration", "skill:decay"]
    ids += [f"table:{slug}" for slug in ("casualty-classic", "casualty-bb2020", "casualty-bb2025",
                                         "lasting-injury-bb2020", "lasting-injury-bb2025")]
    return standalone_page(ctx, calc, ctx.t("Casualty calculator"), ctx.t(
        "What a casualty roll gives: the chance of each result of the casualty table, and of losing each "
        "characteristic."), ids, statements)


def armour_calculator(ctx: PageContext) -> Calculator:
    casualties = Table(ctx.t("The casualty roll: each result's overall chance"), (ctx.t("Result"), ctx.t("Chance")), (
        *_casualty_rows(ctx, "casualty"),
    ))
    view: list = [Row(ctx.t("Reading used for {claws} with {mighty_blow}", claws=skill_name(ctx, "claws"),
                            mighty_blow=skill_name(ctx, "mighty-blow")), "claws_reading", "label",
                      labels=claws_readings(ctx), absent="hide", reading="claws_reading"),
                  Row(ctx.t("Armour broken"), "armour_broken"), *_injury_rows(ctx),
                  # issue 19 item 5: the apothecary patches up a KO'd player, who stays on the pitch, Stunned
                  Row(ctx.t("KO'd, patched up by the apothecary (Stunned instead)"), "apothecary.patched_ko",
                      absent="hide"),
                  casualties, _characteristics(ctx, "characteristics")]
    labels = {"apothecary": ctx.t("The team uses its apothecary on a KO")}
    return Calculator("armour", view, headline="armour_broken",
                      switch="edition", switch_options=edition_switch(ctx), defaults={"av": 8},
                      labels=labels.get, label=ctx.t("Armour and injury calculator"))


def armour_page(ctx: PageContext) -> str:
    calc = armour_calculator(ctx)
    statements = [
        ctx.t("Classic armour breaks when the roll beats AV; BB2020 and BB2025 armour breaks when the roll reaches "
              "the AV target (AV 9+)."),
        ctx.t("Mighty Blow adds its value ({values}) to the armour roll when that breaks the armour, otherwise to "
              "the injury roll. Claws breaks armour on 8 or more: after modifiers in classic, so Mighty Blow can "
              "reach it, and unmodified in BB2020 and BB2025. The sequence calculator's armour rolls use the same "
              "code.", values=skill_value_text(ctx, "mighty_blow")),
        claws_reading_note(ctx),
    ]
    ids = ["term:armour", "term:injury", "term:casualty", "term:knocked-down", "skill:mighty-blow", "skill:claws",
           "skill:stunty", "skill:thick-skull"]
    return standalone_page(ctx, calc, ctx.t("Armour and injury calculator"), ctx.t(
        "What happens to a player who is Knocked Down: the armour roll, then the injury roll, then the casualty "
        "roll."), ids, statements)


def foul_calculator(ctx: PageContext) -> Calculator:
    casualties = Table(ctx.t("The casualty roll: each result's overall chance"), (ctx.t("Result"), ctx.t("Chance")),
                       tuple(_casualty_rows(ctx, "casualty")))
    view: list = [Row(ctx.t("Armour broken"), "armour_broken"), Row(ctx.t("Fouler sent off"), "sent_off"),
                  # issue 23: the coach's Bribes and Argue the Call on that send-off, when the form gives them
                  Row(ctx.t("Sent off, kept by a Bribe (the turn goes on)"), "appeals.bribe_keeps", absent="hide"),
                  Row(ctx.t("Sent off, kept by Argue the Call (still a turnover)"), "appeals.argue_keeps",
                      absent="hide"),
                  Row(ctx.t("Sent off after the Bribes and Argue the Call"), "appeals.sent_off", absent="hide"),
                  *_injury_rows(ctx), casualties, _characteristics(ctx, "characteristics")]
    return Calculator("foul", view, headline="armour_broken",
                      switch="edition", switch_options=edition_switch(ctx), defaults={"av": 8},
                      label=ctx.t("Foul calculator"))


def foul_page(ctx: PageContext) -> str:
    calc = foul_calculator(ctx)
    ruling = ctx.repo.get("ruling:sneaky-git-injury-double")
    statements = [
        ctx.t("Dirty Player adds its value ({values}) where it helps, like Mighty Blow. The fouler is sent off on a "
              "double on the armour roll, or on the injury roll when the armour broke.",
              values=skill_value_text(ctx, "dirty_player")),
        ctx.t("Sneaky Git follows each edition's text. Classic and BB2025: a double on the armour roll is forgiven "
              "only when the armour holds. BB2020: a double on the armour roll never sends the fouler off, broken "
              "armour or not. In every edition a double on the injury roll still does."),
    ]
    if ruling is not None:
        statements.append(ctx.labelled(ctx.t("For BB2020, see the ruling:"), ctx.link(ruling)))
    ids = ["term:foul", "term:armour", "term:injury", "skill:dirty-player", "skill:sneaky-git", "skill:stunty",
           "skill:thick-skull", "ruling:sneaky-git-injury-double"]
    return standalone_page(ctx, calc, ctx.t("Foul calculator"), ctx.t(
        "The chance that a foul breaks the armour, what the injury roll then gives, and the chance that the "
        "fouler is sent off."), ids, statements)
