"""Each calculator family where it belongs: on the page of the rule it computes, or on a page of its own.

A sequence lists its calculators in the data (`calculators: [pass, range]`); `SECTIONS` renders each.
Kinds with no rule page of their own (block, armour, foul, chain, casualty, scatter, deviate) get `calculators/<kind>.md`
(`STANDALONE`), with an edition select. Every calculator states the edition it assumes, links the rules
it computes and says which readings it takes where sources differ.
"""
from __future__ import annotations

from calculators.rules import RuleBook

from collections import Counter
from collections.abc import Callable

from calculators.chain import D6_KINDS
from calculators.compat.dave import REASONS as DAVE_REASONS
from calculators.notation import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, INJURY_MARKS, LETTERS,
                                  MAX_DEPTH,
                                  MAX_LENGTH, MAX_PLAYERS, MAX_STEPS, REASONS, SKILL_MARKS)

from ...data.model import Entity
from .calculator import (Calculator, Pitch, Row, Table, band_labels, below_one_reading_note, below_one_readings,
                         claws_reading_note, claws_readings, edition_name, pass_reading_note, pass_readings, render,
                         skill_name)
from .blocks import search_front_matter
from .calclabels import keyed_messages
from .chainhelp import _mark_list, argue_success_text, notation_help, skill_value_text
from .context import PageContext, rule_book
from .rollform import roll_form
from .templating import render as render_template

MODERN = ("bb2020", "bb2025")
SEARCH_BOOST = 3  # Material's per-page search boost of the calculator pages
SWITCH_EDITIONS = ("classic", "bb2020", "bb2025")  # BB2016 plays as classic for every mechanic modelled


# --------------------------------------------------------------------------- shared pieces

def links(ctx: PageContext, ids: list[str]) -> str:
    """Links to the entities that exist (the fixture data has only a few).  Where a skill bears the name of
    another entry of the list (the Block action and the Block skill: « Blocage » twice in French), the skill
    says it is one, so the list never names one thing twice."""
    found = [ctx.repo[i] for i in ids if i in ctx.repo]
    names = Counter(entity.title(ctx.lang) for entity in found)
    return ctx.listing([_annotated(ctx, ctx.link(entity), ctx.t("skill"))
                        if entity.kind == "skill" and names[entity.title(ctx.lang)] > 1 else ctx.link(entity)
                        for entity in found])


def assumes(ctx: PageContext, ids: list[str], statements: list[str]) -> list[str]:
    """The rules a calculator computes (links) and the readings it takes, as Markdown above the form."""
    lines = []
    linked = links(ctx, ids)
    if linked:
        lines += [render_template("calc/note.html", class_name="nc-assumes", markdown=True,
                                  text=ctx.labelled(ctx.t("Rules it assumes:"), linked)), ""]
    for statement in statements:
        lines += [statement, ""]
    return lines


def _edition_switch(ctx: PageContext) -> list[tuple[str, str]]:
    return [(e, edition_name(ctx, e)) for e in SWITCH_EDITIONS if f"edition:{e}" in ctx.repo]


def _annotated(ctx: PageContext, label: str, note: str) -> str:
    """`Short pass (−1)`; in Japanese the full-width brackets, with no space: `ショートパス（−1）`."""
    return f"{label}{ctx.paren(note)}" if ctx.lang == "ja" else f"{label} {ctx.paren(note)}"


def modifier_options(ctx: PageContext, roll: Entity | None, group: str) -> list[tuple[str, str]] | None:
    """A modifier group's choices labelled from the roll's data, with their values ("Short pass (−1)")."""
    from .calculator import signed

    if roll is None:
        return None
    options = [(m["key"], _annotated(ctx, ctx.plain(m['label']), signed(m['value'])))
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
        named.setdefault(m["key"], _annotated(ctx, ctx.plain(m['label']), signed(m['value'])))
    return [(key, ctx.t("Any other weather (no modifier)") if i == 0 else named[key])
            for i, key in enumerate(keys)]


def check_disjoint(calcs: list[Calculator], rules: RuleBook | None) -> None:
    """Calculators on one page share the query string: their visible fields must have different names."""
    from .calculator import _forms

    seen: dict[str, str] = {}
    for calc in calcs:
        names = {n for fields in _forms(calc, rules).values() for n in fields} - set(calc.fixed) - set(calc.omit)
        for name in names:
            if name in seen and seen[name] != calc.kind:
                raise ValueError(f"calculators {seen[name]} and {calc.kind} on one page both have a field {name!r}")
            seen[name] = calc.kind


# --------------------------------------------------------------------------- pass and range (pass-action pages)

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


# --------------------------------------------------------------------------- kick-off

KICK_TARGET = (19, 7)  # the middle of the receiving half when the receivers defend the right end zone


def kick_calculator(ctx: PageContext, edition: str) -> Calculator:
    view: list = [Row(ctx.t("Touchback"), "touchback")]
    pitch = Pitch("landing", ctx.t("Where the ball comes down: the brighter the square, the likelier (the ring is "
                                   "the square aimed at)"), value="p", marks=("target",), pick=("target",))
    return Calculator("kick", view, headline="touchback", fixed={"edition": edition}, omit=frozenset({"map"}),
                      defaults={"target": KICK_TARGET}, pitch=pitch, label=ctx.t("Where the kick lands"))


# --------------------------------------------------------------------------- throw-in (glossary)

def throw_in_calculator(ctx: PageContext) -> Calculator:
    # The expected number of throw-ins after the first (the ball going out again, maybe several times):
    # zero wherever the first throw cannot leave the pitch, and then the row has nothing to say.
    view: list = [Row(ctx.t("Out again after the first throw"), "out_again"),
                  Row(ctx.t("Further throw-ins, on average, before the ball stays on the pitch"), "rethrows",
                      "number", hide_zero=True)]
    pitch = Pitch("landing", ctx.t("Where the thrown-in ball comes down: the brighter the square, the likelier "
                                   "(the ring is the last square the ball was in)"), value="p", marks=("square",),
                  pick=("square",))
    return Calculator("throw-in", view, headline="out_again", switch="edition", switch_options=_edition_switch(ctx),
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
    return _standalone(ctx, throw_in_calculator(ctx), ctx.t("Throw-in calculator"), ctx.t(
        "Where a ball thrown in by the crowd lands, from the last square it was in, and the chance that it goes "
        "out again."), THROW_IN_TERMS, _throw_in_statements(ctx))


# --------------------------------------------------------------------------- pages of their own

def _standalone(ctx: PageContext, calc: Calculator, title: str, intro: str, ids: list[str],
                statements: list[str], extra: list[str] | None = None,
                before_field: tuple[str, str] | None = None) -> str:
    """A calculator page: the title, one paragraph, then the form and its result (first, so that on a phone
    the reader reaches them at once), then the rules it assumes and the page's ``extra`` Markdown.
    ``before_field``: ``(field name, HTML)`` put in the form just before that field (the roll-by-roll form)."""
    rules = rule_book(ctx.repo)
    form = render(ctx, calc, rules, insert=before_field)
    # a search for what it computes ("odds", « probabilité », 確率) ranks the calculator above the rule pages
    lines = [*search_front_matter(SEARCH_BOOST), f"# {title}", "", intro, ""]
    lines += [f"## {ctx.t('Calculator')} {{#calculator}}", "", form, ""]
    lines += [f"## {ctx.t('How it is computed')} {{#assumes}}", ""] + assumes(ctx, ids, statements)
    lines += extra or []
    return "\n".join(lines)


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
    return Calculator("block", view, headline="totals.defender_knocked_down",
                      switch="edition", switch_options=_edition_switch(ctx),
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
    return _standalone(ctx, calc, ctx.t("Block calculator"), ctx.t(
        "The chance of each result of a block, from the strengths and assists, with the skills that change the "
        "dice or what a result does, Frenzy and re-rolls."), ids, statements)


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


def armour_calculator(ctx: PageContext) -> Calculator:
    casualties = Table(ctx.t("The casualty roll: each result's overall chance"), (ctx.t("Result"), ctx.t("Chance")), (
        *_casualty_rows(ctx, "casualty"),
    ))
    view: list = [Row(ctx.t("Reading used for {claws} with {mighty_blow}", claws=skill_name(ctx, "claws"),
                            mighty_blow=skill_name(ctx, "mighty-blow")), "claws_reading", "label",
                      labels=claws_readings(ctx), absent="hide", reading="claws_reading"),
                  Row(ctx.t("Armour broken"), "armour_broken"), *_injury_rows(ctx), casualties]
    return Calculator("armour", view, headline="armour_broken",
                      switch="edition", switch_options=_edition_switch(ctx), defaults={"av": 8},
                      label=ctx.t("Armour and injury calculator"))


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
    return _standalone(ctx, calc, ctx.t("Armour and injury calculator"), ctx.t(
        "What happens to a player who is Knocked Down: the armour roll, then the injury roll, then the casualty "
        "roll."), ids, statements)


def foul_calculator(ctx: PageContext) -> Calculator:
    view: list = [Row(ctx.t("Armour broken"), "armour_broken"), Row(ctx.t("Fouler sent off"), "sent_off"),
                  *_injury_rows(ctx)]
    return Calculator("foul", view, headline="armour_broken",
                      switch="edition", switch_options=_edition_switch(ctx), defaults={"av": 8},
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
    return _standalone(ctx, calc, ctx.t("Foul calculator"), ctx.t(
        "The chance that a foul breaks the armour, what the injury roll then gives, and the chance that the "
        "fouler is sent off."), ids, statements)


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
        "bad-roll-mark": ctx.t("the mark ! (no re-roll) goes once on a roll of ours, the mark ^ (Diving Tackle) "
                               "once on a dodge or a jump, as in D3d!^."),
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


def chain_calculator(ctx: PageContext) -> Calculator:
    readings = loner_readings(ctx)
    table = Table(ctx.t("Chance that every roll succeeds, by team re-rolls available"),
                  (ctx.t("Team re-rolls"), ctx.t("Success")),
                  tuple(Row(ctx.t.number(k), f"by_team_rerolls.{k}.success", absent="hide") for k in range(9)))
    view: list = [Row(ctx.t("Rolls as read"), "notation", "text", absent="dash"),
                  Row(ctx.t("Rolls as computed, with the weather's modifiers"), "weathered", "text", absent="hide"),
                  Row(ctx.t("Reading used for the Loner roll"), "reading", "label", labels=readings, absent="hide",
                      reading="reading"),
                  Row(ctx.t("Chance that every roll succeeds, with the team re-rolls the notation gives (none "
                            "if it gives none)"), "success"),
                  Row(ctx.t("Chance that a fouler is sent off, a turnover, with the team re-rolls the notation gives "
                            "(none if it gives none)"), "sent_off", absent="hide"),
                  table]

    def options(name: str, spec: dict, edition) -> list[tuple[str, str]] | None:
        if name == "reading":
            return [(key, readings[key]) for key in spec["choices"]]
        if name == "weather":  # each weather named from a roll it changes, as on the Pass action's form
            rolls = [ctx.repo.get(f"roll:{kind}-{edition}") for kind in D6_KINDS]
            return weather_options(ctx, [r for r in rolls if r is not None], spec["choices"])
        return None

    return Calculator("chain", view, headline="success", switch="edition", switch_options=_edition_switch(ctx),
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
        "weighted": ctx.t("a weighted roll that cannot be re-rolled: our sequences have no such roll."),
        "no-reroll": ctx.t("a “do not re-roll” mark we cannot translate: on this roll, or by a player with Pro "
                           "(theirs still lets Pro re-roll that roll, our ! forbids Pro too)."),
        "diving-tackle": ctx.t("Diving Tackle on a roll other than a dodge or a leap: the skill acts on those only."),
        "hatred": ctx.t("a block marked % (Hatred) by a player without Hatred: write H before the colon."),
        "action": ctx.t("an action of theirs we do not translate (a Bribe or Argue the Call that is not right "
                        "after a foul, Argue the Call after a Bribe, or a Throw Team-mate without the landing after "
                        "it)."),
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
        "block-faces": ctx.t("a block with this many successful faces cannot be written with our block skills "
                             "(with Brawler, Both Down counts as a failure there)."),
        "our-rules": ctx.t("the translated sequence breaks a rule of our calculator (for instance Brawler "
                           "outside a Block action)."),
    }
    out = keyed_messages("dave", reasons, DAVE_REASONS, f"{__name__}.dave_errors")
    out["dave.at"] = ctx.t("Item {token} of the pasted sequence, at character {position} (“{text}”): {reason}")
    return out


def dave_calculator(ctx: PageContext) -> Calculator:
    """The chain page's second form: a sequence in BloodBowlDave's notation, answered in ours (kind `dave`),
    with a link that opens the same sequence in the action-sequence calculator (its URL round trip)."""
    editions = dict(_edition_switch(ctx))
    view: list = [
        Row(ctx.t("The same sequence in our notation (opens it in the calculator above)"), "notation", "text",
            absent="dash", href="?chain={notation}&edition={edition}#calculator"),
        Row(ctx.t("Edition (their Season 3 is BB2025, ~S2 at the end is BB2020)"), "edition", "label",
            labels=editions, absent="dash"),
        Row(ctx.t("Chance that every roll succeeds, with the team re-rolls given"), "success"),
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
        loner = f"{ctx.labelled(ctx.t('Where sources differ:'), ctx.link(ruling))} {loner}"
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
    return _standalone(ctx, calc, ctx.t("Action sequence calculator"), ctx.t(
        "The chance that every roll of a turn succeeds, in order, when the coach uses re-rolls as well as "
        "possible: dodges, rushes, catches and other tests, blocks, armour rolls and fouls. Write the rolls in "
        "the short notation explained below the calculator."),
        ids, statements, dave_section(ctx) + notation_help(ctx),
        before_field=("chain", roll_form(ctx, rule_book(ctx.repo), [e for e, _ in _edition_switch(ctx)])))


# --------------------------------------------------------------------------- casualty, scatter, deviate

def casualty_calculator(ctx: PageContext) -> Calculator:
    outcomes = Table(ctx.t("The casualty roll: each result's chance"), (ctx.t("Result"), ctx.t("Chance")),
                     tuple(_casualty_rows(ctx, "outcomes")))
    characteristics = Table(
        ctx.t("Chance that the casualty costs the player a point of a characteristic"),
        (ctx.t("Characteristic"), ctx.t("Chance")),
        tuple(Row(label, f"characteristics.{code}", absent="hide")
              for code, label in (("ma", ctx.t("MA")), ("st", ctx.t("ST")), ("ag", ctx.t("AG")), ("pa", ctx.t("PA")),
                                  ("av", ctx.t("AV")))))
    return Calculator("casualty", [outcomes, characteristics], headline="outcomes.badly_hurt",
                      switch="edition", switch_options=_edition_switch(ctx),
                      labels=lambda name: ctx.t("Niggling injuries the player already has") if name == "niggling"
                      else None, label=ctx.t("Casualty calculator"))


def casualty_page(ctx: PageContext) -> str:
    calc = casualty_calculator(ctx)
    statements = [
        ctx.t("Classic rolls a D68 (a D6 for the tens, a D8 for the units). BB2020 and BB2025 roll a D16, with "
              "different bands, plus 1 for each niggling injury the player already has; a Lasting Injury then "
              "rolls a D6 for the characteristic."),
        ctx.t("The tables are read from this site's data, each row checked against public sources; the armour "
              "calculator reads the same tables."),
    ]
    ids = ["term:casualty", "term:injury", "term:apothecary"]
    ids += [f"table:{slug}" for slug in ("casualty-classic", "casualty-bb2020", "casualty-bb2025",
                                         "lasting-injury-bb2020", "lasting-injury-bb2025")]
    return _standalone(ctx, calc, ctx.t("Casualty calculator"), ctx.t(
        "What a casualty roll gives: the chance of each result of the casualty table, and of losing each "
        "characteristic."), ids, statements)


def _start_label(ctx: PageContext):
    return lambda name: ctx.t("Where the ball starts") if name == "square" else None


def _ball_view(ctx: PageContext) -> list:
    distance = Table(ctx.t("How far the ball ends from where it started, when it stays on the pitch"),
                     (ctx.t("Squares"), ctx.t("Chance")),
                     tuple(Row(ctx.t.number(d), f"distance.{d}", absent="hide") for d in range(0, 7)))
    return [Row(ctx.t("Off the pitch (a throw-in follows)"), "out"), distance]


def scatter_calculator(ctx: PageContext) -> Calculator:
    pitch = Pitch("landing", ctx.t("Where the ball ends: the brighter the square, the likelier (the ring is where "
                                   "it started)"), value="p", marks=("square",), pick=("square",))
    return Calculator("scatter", _ball_view(ctx), headline="out", defaults={"square": (12, 7), "n": 3}, pitch=pitch,
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
    return _standalone(ctx, calc, ctx.t("Scatter calculator"), ctx.t(
        "Where a scattering ball ends after one to six scatters, and the chance it leaves the pitch."),
        ids, statements)


def deviate_calculator(ctx: PageContext) -> Calculator:
    pitch = Pitch("landing", ctx.t("Where the ball comes down: the brighter the square, the likelier (the ring is "
                                   "where it started)"), value="p", marks=("square",), pick=("square",))
    return Calculator("deviate", _ball_view(ctx), headline="out", switch="edition", switch_options=_edition_switch(ctx),
                      defaults={"square": (19, 7)}, pitch=pitch, labels=_start_label(ctx),
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
    return _standalone(ctx, calc, ctx.t("Deviation calculator"), ctx.t(
        "Where a deviating ball comes down, and the chance it leaves the pitch."), ids, statements)


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
#: the data a page of its own reads besides the code: the casualty page computes from the casualty tables
STANDALONE_NEEDS: dict[str, tuple[str, ...]] = {
    "casualty": ("table:casualty-classic", "table:casualty-bb2020", "table:casualty-bb2025",
                 "table:lasting-injury-bb2020", "table:lasting-injury-bb2025"),
}


def standalone_pages(repo) -> dict[str, Callable[[PageContext], str]]:
    """The pages of :data:`STANDALONE` whose data (:data:`STANDALONE_NEEDS`) the repository holds."""
    return {kind: page for kind, page in STANDALONE.items() if all(i in repo for i in STANDALONE_NEEDS.get(kind, ()))}
