"""The block calculator's page of its own: each result of a block, and what a Push does to the defender."""
from __future__ import annotations

from .calcchoices import edition_switch
from .calclayout import standalone_page
from .calculator import Calculator, Row, skill_name
from .context import PageContext


def push_labels(ctx: PageContext) -> dict[str, str]:
    """What a Push result does to the defender (`calculators.block.push_effect`), with the skills' names."""
    fend, firm = skill_name(ctx, "fend"), skill_name(ctx, "stand-firm")
    return {
        "pushed": ctx.t("Pushed back one square; the attacker may follow up"),
        "fend": ctx.t("Pushed back, and the attacker may not follow up ({skill})", skill=fend),
        "stand_firm": ctx.t("Stays in its square ({skill}), so the attacker cannot follow up", skill=firm),
        "stand_firm_or_fend": ctx.t("Stays in its square ({firm}) or is pushed back with no follow-up ({fend}), "
                                    "as the defender prefers", firm=firm, fend=fend),
    }


def block_calculator(ctx: PageContext) -> Calculator:
    chooser = {"attacker": ctx.t("The attacker"), "defender": ctx.t("The defender")}
    view: list = [
        Row(ctx.t("Block dice"), "dice", "number"),
        Row(ctx.t("Who chooses the die"), "chooser", "label", labels=chooser),
        Row(ctx.t("Dauntless roll needed"), "dauntless.needed", "needed", absent="hide"),
        Row(ctx.t("Dauntless roll succeeds (one D6, before any re-roll)"), "dauntless.single", absent="hide"),
        Row(ctx.t("Block dice after a successful Dauntless roll"), "dauntless.dice", "number", absent="hide"),
        Row(ctx.t("Who chooses after a successful Dauntless roll"), "dauntless.chooser", "label", labels=chooser,
            absent="hide"),
        Row(ctx.t("Defender Knocked Down"), "totals.defender_knocked_down"),
        Row(ctx.t("Attacker Knocked Down (turnover)"), "totals.attacker_knocked_down"),
        Row(ctx.t("Defender on the ground"), "totals.defender_on_ground"),
        Row(ctx.t("Defender down, attacker standing"), "outcomes.defender_down"),
        Row(ctx.t("Both down"), "outcomes.both_down"),
        Row(ctx.t("Both placed prone (Wrestle)"), "outcomes.both_prone"),
        Row(ctx.t("Push only, both standing"), "outcomes.push"),
        Row(ctx.t("What a Push result does to the defender"), "push_effect", "label", labels=push_labels(ctx)),
        Row(ctx.t("Nothing happens (both have Block)"), "outcomes.nothing"),
        Row(ctx.t("Attacker down"), "outcomes.attacker_down"),
    ]
    # the headline is the chance of the goal the coach chose: with "knock it down and stay standing", a Both Down
    # (the attacker falls too: a turnover) does not count
    goals = {"knock_down": "totals.defender_knocked_down", "safe": "outcomes.defender_down"}
    return Calculator("block", view, headline="totals.defender_knocked_down", headline_by=("goal", goals),
                      switch="edition", switch_options=edition_switch(ctx),
                      omit=frozenset({"dice"}), label=ctx.t("Block calculator"))


def block_page(ctx: PageContext) -> str:
    calc = block_calculator(ctx)
    statements = [
        ctx.t("Both coaches pick the block die that serves the goal chosen below, and the attacker uses its "
              "re-rolls as well as it can. Classic allows one team re-roll per turn; BB2020 and BB2025 one per roll."),
        ctx.t("Dauntless: when the defender is stronger, a D6 plus the attacker's ST must be higher than the "
              "defender's ST; it is always rolled then, and again before a second Frenzy block. The Dauntless roll "
              "may be re-rolled with a team re-roll or Pro; the calculator does so only when that beats keeping "
              "the re-roll for the block dice (in classic the turn's one team re-roll is shared). A total that "
              "cannot beat the defender's ST fails even on a 6."),
        ctx.t("Horns adds 1 to the attacker's ST on a Blitz, on both Frenzy blocks. BB2025 compares the unmodified "
              "ST for Dauntless and adds Horns after a success; BB2020 counts Horns before the comparison. Not in "
              "this project's sources: the classic wording of Dauntless; classic is played here as BB2020, which "
              "matters only for Horns on a Blitz."),
        ctx.t("Stand Firm and Fend change no chance of a single block, only what a push does to the defender "
              "(shown in the result); Juggernaut on a Blitz cancels them, as it cancels Wrestle. Fend stops "
              "Frenzy's second block: the attacker may not follow up, so the target is out of reach. Stand Firm "
              "does not stop it."),
        ctx.t("Frenzy's second block uses the same strengths; a Blitz's extra Rush for it is not counted. "
              "Brawler exists only in BB2020 and BB2025, and works only on a Block action, not on a Blitz."),
    ]
    ids = ["term:block", "term:blitz", "term:knocked-down", "term:team-re-roll", "skill:block", "skill:wrestle",
           "skill:tackle", "skill:dodge", "skill:juggernaut", "skill:frenzy", "skill:pro", "skill:brawler",
           "skill:dauntless", "skill:horns", "skill:stand-firm", "skill:fend", "ruling:dauntless-auto-use",
           "ruling:horns-auto-use"]
    return standalone_page(ctx, calc, ctx.t("Block calculator"), ctx.t(
        "The chance of each result of a block, from the strengths and assists, with the skills that change the "
        "dice or what a result does, Frenzy and re-rolls."), ids, statements)
