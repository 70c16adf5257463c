"""The action-sequence calculator's page: the chain form, the BloodBowlDave form, and what they say of a
sequence they cannot read.

The notation's help under the forms is `chainhelp.py`; the roll-by-roll form in the chain form is `rollform.py`.
"""
from __future__ import annotations

from calculators.chain import D6_KINDS
from calculators.compat.dave import REASONS as DAVE_REASONS
from calculators.notation import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, INJURY_MARKS, LETTERS,
                                  MAX_DEPTH, MAX_LENGTH, MAX_PLAYERS, MAX_STEPS, REASONS, SKILL_MARKS)

from .calcchoices import edition_switch, weather_options
from .calclabels import keyed_messages, star_rule_label
from .calclayout import standalone_page
from .calculator import Calculator, Row, Table, render
from .chainhelp import _mark_list, argue_success_text, notation_help, skill_value_text
from .context import PageContext, rule_book
from .rollform import roll_form


def notation_errors(ctx: PageContext) -> dict[str, str]:
    """What nuffle.js says about a notation the resolver cannot read, by the error's reason
    (`calculators.notation.REASONS`): `chain.<reason>`, and `chain.at` naming the token. A reason without
    a message here stops the build."""
    letters = ", ".join(LETTERS)
    marks = ", ".join(f"{mark} ({'/'.join(letter for letter, kind in LETTERS.items() if SKILL_MARKS.get(kind) == mark)})"
                      for mark in dict.fromkeys(SKILL_MARKS.values()))
    reasons = {
        "empty": ctx.t("Write the rolls, for instance D3,R2,P3."),
        "no-steps": ctx.t("There is no roll before the options: write the rolls first, for instance D3,R2;tr=1."),
        "empty-step": ctx.t("two separators in a row, with no roll between them."),
        "leading-separator": ctx.t("the rolls start with a separator: begin with a roll such as D3."),
        "trailing-separator": ctx.t("the rolls end with a separator: remove it or write a roll after it."),
        "unclosed-flags": ctx.t("a “[” is never closed by a “]”."),
        "misplaced-flags": ctx.t("a player's flags ([pro], [loner=4]) go before that player's first roll or "
                                 "alternatives: at the start, or just after a “/”."),
        "bad-flag": ctx.t("unknown or repeated player flag: use pro and loner=X (X from 2 to 6), once each."),
        "unreadable": ctx.t("this is not a roll: write a letter, the number needed on the die and, if the "
                            "player has the skill, its mark, as in D3 or D3d."),
        "unknown-letter": ctx.t("unknown roll letter: use one of {letters}.", letters=letters),
        "bad-target": ctx.t("the number needed on the die goes from 2 to 6 (on a dodge with Break Tackle, up to 6 "
                            "plus its bonus, as in D7b3)."),
        "bad-mark": ctx.t("this skill mark does not go with this roll. Each mark goes after its letters: {marks}; "
                          "Break Tackle, b and its bonus, on a dodge only (D4b1).", marks=marks),
        "too-many-steps": ctx.t("a sequence has at most {n} rolls.", n=ctx.t.number(MAX_STEPS)),
        "too-many-players": ctx.t("a sequence has at most {n} players (a team has no more on the pitch).",
                                  n=ctx.t.number(MAX_PLAYERS)),
        "too-long": ctx.t("The rolls are written in at most {n} characters.", n=ctx.t.number(MAX_LENGTH)),
        "bad-option": ctx.t("unknown option: after “;” only tr=N is allowed, the team re-rolls left (N from 0 "
                            "to 8)."),
        "team-rerolls-range": ctx.t("the team re-rolls (tr=N) go from 0 to 8."),
        "option-not-last": ctx.t("the options (;tr=N) come last, after every roll."),
        "repeated-option": ctx.t("tr= is given twice: give it once."),
        "bad-block": ctx.t("a block is written B, the number of dice (negative when the defender chooses), the "
                           "attacker's marks, then “:” and the defender's marks, and “=s” when the attacker only "
                           "needs to stay standing, as in B2bt:d or B-2=s."),
        "block-dice": ctx.t("a block rolls 1, 2 or 3 dice (the attacker chooses), or -2 or -3 (the defender chooses)."),
        "block-goal": ctx.t("the only block goal is =s (the attacker stays standing); without it the defender must "
                            "be Knocked Down."),
        "bad-armour": ctx.t("an armour roll is written A (after a block) or F (a foul), the AV, an optional modifier "
                            "and marks, as in A9+1mc or F8+2d."),
        "bad-step-mark": ctx.t("unknown or repeated skill mark. Block: {attacker} before “:”, {defender} after it. "
                               "Armour roll: {armour}. Foul: {foul}. Injury roll: {injury}.",
                               attacker=_mark_list(ctx, BLOCK_ATTACKER_MARKS),
                               defender=_mark_list(ctx, BLOCK_DEFENDER_MARKS),
                               armour=_mark_list(ctx, {k: slug for k, (_, slug) in ARMOUR_MARKS["armour"].items()}),
                               foul=_mark_list(ctx, {k: slug for k, (_, slug) in ARMOUR_MARKS["foul"].items()}),
                               injury=_mark_list(ctx, {k: slug for k, (_, slug) in INJURY_MARKS.items()})),
        "bad-injury": ctx.t("an injury roll is written J, then K (KO or worse), C (a casualty) or the total "
                            "needed, an optional modifier and marks, as in JK, JCs or J8+1."),
        "step-rule": ctx.t("this roll is not allowed here in the chosen edition (an AV outside its range, "
                           "Brawler outside a Block action, a roll, a skill or a skill value the edition does not "
                           "have, or skills that do not go together)."),
        "bad-partial": ctx.t("a band ~N of failures that do not end the sequence needs N from 2 (from 1 on a "
                             "Hypnotic Gaze G) to one less than the number needed, on a roll of ours without Diving "
                             "Tackle, as in T4~2."),
        "bad-roll-mark": ctx.t("the mark ! (no re-roll) or the mark ' (no team re-roll), not both, goes once on a "
                               "roll of ours, the mark ^ (Diving Tackle) once on a dodge or a jump, as in D3d!^ or "
                               "D3d'^."),
        "misplaced-branch": ctx.t("braces come right after a roll that can branch: a roll with ~N, a block or a "
                                  "Dauntless roll U."),
        "branch-shape": ctx.t("a Dauntless roll is followed by its two branches, U4{success|failure}; a roll "
                              "with ~N holds one or two, T4~2{success|non-critical}; a block's braces hold one, "
                              "without “|”."),
        "unclosed-branch": ctx.t("a “{” or “(” is never closed."),
        "unexpected-close": ctx.t("a “}”, “)” or “|” with no brace or parenthesis open before it."),
        "missing-separator": ctx.t("a comma or a slash is missing between two rolls or groups."),
        "bad-alternatives": ctx.t("alternatives are written in parentheses, each with its weight, as in "
                                  "(1/2:R2|1/3:R3)."),
        "bad-weight": ctx.t("each weight is a fraction greater than 0 and at most 1, and the weights add up to "
                            "at most 1."),
        "too-deep": ctx.t("braces and parentheses nest at most {n} deep.", n=ctx.t.number(MAX_DEPTH)),
    }
    out = keyed_messages("chain", reasons, REASONS, f"{__name__}.notation_errors")
    out["chain.at"] = ctx.t("Item {token} of the rolls, at character {position} (“{text}”): {reason}")
    return out


def loner_readings(ctx: PageContext) -> dict[str, str]:
    """The BB2025 readings of the Loner ruling (`calculators.rerolls.LONER_READINGS`, named after the ruling's
    positions), labelled for the form and the result."""
    return {
        "rulebook": ctx.t("Rulebook as written: a team re-roll may re-roll a failed Loner roll (recommended)"),
        "designers-commentary": ctx.t("As BB2020's Designer's Commentary: a failed Loner roll is never re-rolled"),
    }


def savage_blow_readings(ctx: PageContext) -> dict[str, str]:
    """The readings of "Block Action" in Savage Blow and BB2025 Lord of Chaos (`calculators.rerolls.SAVAGE_BLOW_READINGS`),
    labelled for the form and the result: the rule text (the default) or FFB's engine, which offers them on any block."""
    return {
        "rulebook": ctx.t("Rulebook as written: on a Block action only, not on a Blitz's block (recommended)"),
        "fumbbl": ctx.t("As FUMBBL plays it: on any block, a Blitz's too"),
    }


def chain_calculator(ctx: PageContext) -> Calculator:
    readings = loner_readings(ctx)
    savage = savage_blow_readings(ctx)
    table = Table(ctx.t("Chance that every roll succeeds, by team re-rolls available"),
                  (ctx.t("Team re-rolls"), ctx.t("Success")),
                  tuple(Row(ctx.t.number(k), f"by_team_rerolls.{k}.success", absent="hide") for k in range(9)))
    view: list = [Row(ctx.t("Rolls as read"), "notation", "text", absent="dash"),
                  Row(ctx.t("Rolls as computed, with the weather's modifiers"), "weathered", "text", absent="hide"),
                  Row(ctx.t("Reading used for the Loner roll"), "reading", "label", labels=readings, absent="hide",
                      reading="reading"),
                  Row(ctx.t("Reading used for {rule} and {other}", rule=star_rule_label(ctx, "savage-blow"),
                            other=star_rule_label(ctx, "lord-of-chaos")), "savage_blow_reading",
                      "label", labels=savage, absent="hide", reading="savage_blow_reading"),
                  Row(ctx.t("Chance that every roll succeeds"), "success"),  # short: the pinned bar on a phone
                  Row(ctx.t("Chance that a fouler is sent off, a turnover, with the team re-rolls the notation gives "
                            "(none if it gives none)"), "sent_off", absent="hide"),
                  table]

    def options(name: str, spec: dict, edition) -> list[tuple[str, str]] | None:
        if name == "reading":
            return [(key, readings[key]) for key in spec["choices"]]
        if name == "savage_blow_reading":
            return [(key, savage[key]) for key in spec["choices"]]
        if name == "weather":  # each weather named from a roll it changes, as on the Pass action's form
            rolls = [ctx.repo.get(f"roll:{kind}-{edition}") for kind in D6_KINDS]
            return weather_options(ctx, [r for r in rolls if r is not None], spec["choices"])
        return None

    return Calculator("chain", view, headline="success", switch="edition", switch_options=edition_switch(ctx),
                      defaults={"chain": "D3,R2,P3;tr=1", "max_team_rerolls": 3}, options=options,
                      label=ctx.t("Action sequence calculator"), strings=notation_errors(ctx))


def dave_errors(ctx: PageContext) -> dict[str, str]:
    """What nuffle.js says about a BloodBowlDave sequence our chain cannot express, by the error's reason
    (`calculators.dave.REASONS`): `dave.<reason>`, and `dave.at` naming their piece. A reason without a message
    here stops the build."""
    reasons = {
        "empty": ctx.t("Paste a sequence written for BloodBowlDave's calculator, for instance D:D3,2D2;C3."),
        "unreadable": ctx.t("this is not an action of BloodBowlDave's notation that we can read."),
        "empty-action": ctx.t("nothing between two separators (, ; :), or a separator at the end: remove it or "
                              "write the action that goes there."),
        "unbalanced": ctx.t("a bracket without its partner: each {, [ and ( needs its closing }, ] or ), and "
                            "each closing one its opening one."),
        "branch": ctx.t("a branch we cannot translate (back to a player who rolled before, or after a roll that "
                        "cannot branch in our sequences)."),
        "alternatives": ctx.t("weighted alternative outcomes inside another bracket, followed by another player, "
                              "or right after a pass or throw that may be inaccurate are not translated: write "
                              "them in our notation, as in D3,(1/2:R2|1/2:R3)."),
        "dauntless": ctx.t("a Dauntless split we cannot translate: after the Dauntless roll, both branches must "
                           "be blocks."),
        "non-critical": ctx.t("a block whose number of non-critical results (a Push that lets the sequence go "
                              "on) differs from what our block skills give."),
        "weighted": ctx.t("a weighted roll a/b is a chance: a from 0 to b, and b above 0."),
        "no-reroll": ctx.t("a “do not re-roll” mark we cannot translate: on this roll, or on the Dauntless roll of "
                           "a player with Pro and Blind Rage (theirs stops Blind Rage there, not Pro)."),
        "diving-tackle": ctx.t("Diving Tackle on a roll other than a dodge or a leap: the skill acts on those only."),
        "hatred": ctx.t("a block marked % (Hatred) by a player without Hatred: write H before the colon."),
        "action": ctx.t("an action of theirs we do not translate (a Bribe or Argue the Call that is not right "
                        "after a foul, a second Argue the Call for one send-off, or a Throw Team-mate without the "
                        "landing after it)."),
        "skill": ctx.t("a skill our sequences do not model yet."),
        "skill-value": ctx.t("a skill value the edition does not have: Dirty Player (+2) is BB2020's (their "
                             "Season 2, ~S2), Mighty Blow goes up to +2, Pro is 3+."),
        "star-player": ctx.t("a name that is not one of that calculator's star players: write the player's "
                             "skills instead."),
        "star-skill": ctx.t("a skill of this star player changes one of these rolls, and our sequences do not "
                            "model it yet."),
        "star-rule": ctx.t("a special rule of this star player changes one of these rolls, and our sequences do "
                           "not model it yet."),
        "star-edition": ctx.t("this star player is not in the chosen edition's rules."),
        "inaccurate-pass": ctx.t("a pass that may be inaccurate, or a Hail Mary Pass, inside a sequence with "
                                 "branches or followed by actions of the passer other than interceptions: not "
                                 "translated; write it in our notation with ~N, as in T4~2, and the catch after it "
                                 "as weighted alternatives, as in (3/64:/C3|27/512:/C4)."),
        "target": ctx.t("a roll target our notation cannot write (from 2+ to 6+; block dice 1, 2, 3, −2, −3)."),
        "block-faces": ctx.t("a block has from 1 to 5 successful faces of six: with none or all six it is not a "
                             "roll."),
        "our-rules": ctx.t("the translated sequence breaks a rule of our calculator (for instance Brawler "
                           "outside a Block action)."),
    }
    out = keyed_messages("dave", reasons, DAVE_REASONS, f"{__name__}.dave_errors")
    out["dave.at"] = ctx.t("Item {token} of the pasted sequence, at character {position} (“{text}”): {reason}")
    return out


def dave_calculator(ctx: PageContext) -> Calculator:
    """The chain page's second form: a sequence in BloodBowlDave's notation, answered in ours (kind `dave`),
    with a link that opens the same sequence in the action-sequence calculator (its URL round trip)."""
    editions = dict(edition_switch(ctx))
    view: list = [
        Row(ctx.t("The same sequence in our notation (opens it in the calculator above)"), "notation", "text",
            absent="dash", href="?chain={notation}&edition={edition}#calculator"),
        Row(ctx.t("Edition (their Season 3 is BB2025, ~S2 at the end is BB2020)"), "edition", "label",
            labels=editions, absent="dash"),
        Row(ctx.t("Chance that every roll succeeds"), "success"),  # short: the pinned bar on a phone
        Row(ctx.t("Chance that a fouler is sent off, a turnover"), "sent_off", absent="hide"),
    ]
    labels = {"dave": ctx.t("Paste a BloodBowlDave sequence"), "team_rerolls": ctx.t("Team re-rolls")}
    return Calculator("dave", view, headline="success", defaults={"dave": "D:D3,2D2;C3", "team_rerolls": 1},
                      omit=frozenset({"reading"}), labels=labels.get,
                      label=ctx.t("BloodBowlDave's notation, our numbers"), strings=dave_errors(ctx))


def dave_section(ctx: PageContext) -> list[str]:
    """The chain page's section for BloodBowlDave's notation: what is translated and the form."""
    return [f"## {ctx.t('Paste a BloodBowlDave sequence')} {{#dave}}", "", ctx.t(
        "A sequence written for BloodBowlDave's Action Calculator is translated into our notation and computed "
        "here; the link opens it in the calculator above. A star player's name stands for the skills that star "
        "brings in the sequence's edition. What our sequences cannot express yet (some branches, some actions, skills "
        "and star players' special rules we do not model) is refused with the reason. Their calculator never "
        "re-rolls a failed Loner roll; choose that reading above to compare."),
        "", render(ctx, dave_calculator(ctx), rule_book(ctx.repo)), ""]


def chain_page(ctx: PageContext) -> str:
    calc = chain_calculator(ctx)
    loner = ctx.t(
        "Classic and BB2020 never re-roll a failed Loner roll (in classic the lost team re-roll was the turn's only "
        "one; in BB2020 the Designer's Commentary forbids it). In BB2025, pick the reading in the form. The "
        "default is the rulebook as written, which this site recommends: the team re-roll lost on the Loner roll "
        "counts as used, and a second team re-roll may re-roll the Loner die, with no Loner roll of its own "
        "(otherwise each such roll could be re-rolled in turn, without end); that die is not re-rolled again. "
        "The result names the reading used.")
    ruling = ctx.repo.get("ruling:loner-team-re-roll")
    if ruling is not None:
        loner = f"{ctx.labelled(ctx.t('Where sources differ:'), ctx.link(ruling))}{ctx.gap}{loner}"
    statements = [
        ctx.t("At each failed die the coach takes the best of: accepting it, the roll's skill, Pro, or a team "
              "re-roll (after the Loner roll). No die is re-rolled twice. Classic allows one team re-roll per turn; "
              "BB2020 and BB2025 allow several, one per roll."),
        ctx.t("A failed Pro roll: in classic a team re-roll may re-roll it (the turn's only team re-roll, after the "
              "Loner roll for a Loner player). In BB2020 and BB2025, once Pro has been tried no other re-roll may "
              "help that die and the classic permission is gone, so a failed Pro roll is final; no source we found "
              "says otherwise."),
        loner,
        ctx.t("A block: the attacker takes a die that succeeds if there is one, the defender one that fails, and a "
              "defender with Wrestle uses it on Both Down when that stops the block. A team re-roll re-rolls every "
              "block die; Pro re-rolls the whole roll in classic and one die in BB2020 and BB2025; Brawler (BB2020 "
              "and BB2025, on a Block action, not a Blitz) re-rolls one Both Down. As on the block calculator, a "
              "block roll is re-rolled at most once. Frenzy, Juggernaut, the Dauntless roll and the attacker's "
              "Wrestle (it never keeps the attacker standing) are not counted."),
        ctx.t("Armour rolls and fouls are never re-rolled: no team re-roll, no Pro. Mighty Blow ({mb}) and Dirty "
              "Player ({dp}) add their value to the armour roll when that breaks the armour. Claws: classic counts "
              "the 8 after modifiers, so Mighty Blow can reach it; BB2020 and BB2025 need an unmodified 8. The "
              "armour and foul calculators compute these rolls with the same code.",
              mb=skill_value_text(ctx, "mighty_blow"), dp=skill_value_text(ctx, "dirty_player")),
        ctx.t("A foul: the fouler is sent off on a double on the armour roll, or on the injury roll when the armour "
              "broke. A send-off is a turnover, so no roll after it is made; the result shows its chance, when the "
              "coach plays for success first. Sneaky Git is not counted. A Bribe (K) or Argue the Call (Q) written "
              "right after the foul is rolled only if it sends the fouler off: a Bribe that works keeps the player "
              "and the turn goes on. Argue the Call: {success}. Nothing re-rolls them.", success=argue_success_text(ctx)),
    ]
    ids = ["term:team-re-roll", "term:turnover", "skill:dodge", "skill:sure-feet", "skill:sure-hands", "skill:catch",
           "skill:pass", "skill:pro", "skill:loner", "ruling:loner-team-re-roll", "ruling:pro-restrictions",
           "term:block", "term:blitz", "term:knocked-down", "skill:block", "skill:tackle", "skill:wrestle",
           "skill:brawler", "ruling:brawler-blitz", "term:armour", "term:foul", "skill:mighty-blow", "skill:claws",
           "skill:dirty-player", "skill:break-tackle", "skill:leap", "skill:hail-mary-pass", "skill:throw-team-mate",
           "skill:hypnotic-gaze", "skill:tentacles", "skill:shadowing"]
    return standalone_page(ctx, calc, ctx.t("Action sequence calculator"), ctx.t(
        "The chance that every roll of a turn succeeds, in order, when the coach uses re-rolls as well as "
        "possible: dodges, rushes, catches and other tests, blocks, armour rolls and fouls. Write the rolls in "
        "the short notation explained below the calculator."),
        ids, statements, dave_section(ctx) + notation_help(ctx),
        before_field=("chain", roll_form(ctx, rule_book(ctx.repo), [e for e, _ in edition_switch(ctx)])))
