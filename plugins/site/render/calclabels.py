"""The labels and messages of the calculators in the pages, in the page's language (render/calculator.py).

Every field of a resolver form and every choice of a select has a label here, through the Babel catalogs; a
field or choice without one stops the build rather than show a raw key. The readings of disputed rules each
form offers, with the note above the form that links their ruling, and what nuffle.js says (status,
validation and resolver errors by reason) are here too.
"""
from __future__ import annotations

from typing import Any

from calculators.errors import REASONS

from .context import PageContext


def skill_name(ctx: PageContext, slug: str) -> str:
    """A skill's name in the page's language, from the data (the slug when the data lacks it)."""
    entity = ctx.repo.get(f"skill:{slug}")
    return ctx.plain(entity["name"]) if entity is not None else slug.replace("-", " ").title()


def star_rule_label(ctx: PageContext, slug: str) -> str:
    """A star player rule's name and its star from ``data/star-rules/`` ("Ram (Rumbelow Sheepskin)"; names stay
    English in every language), the slug's words when the data lacks it."""
    entity = ctx.repo.get(f"star-rule:{slug}")
    if entity is None:
        return slug.replace("-", " ").title()
    stars = ", ".join(entity.get("stars") or [])
    return ctx.plain(entity["name"]) + (ctx.aside(stars) if stars else "")


def edition_name(ctx: PageContext, edition: str) -> str:
    entity = ctx.repo.get(f"edition:{edition}")
    return ctx.plain(entity["short"]) if entity is not None else edition


#: skills that only change a roll's target, as the rolls' `skill` modifiers name them (data/rolls/)
TARGET_SKILLS = ("accurate", "strong-arm", "cannoneer", "nerves-of-steel", "big-hand", "extra-arms", "very-long-legs",
                 "leap")


def field_label(ctx: PageContext, name: str, edition: str | None = None) -> str:
    """The label of a calculator field; a field without one stops the build rather than show a raw key."""
    attacker = lambda slug: ctx.t("Attacker: {skill}", skill=skill_name(ctx, slug))  # noqa: E731
    defender = lambda slug: ctx.t("Defender: {skill}", skill=skill_name(ctx, slug))  # noqa: E731
    safe = "safe-throw" if edition in (None, "classic", "bb2016") else "safe-pass"
    labels = {
        # agility tests
        "ag": ctx.t("AG"), "pa": ctx.t("PA"), "tackle_zones": ctx.t("Opposing tackle zones"),
        "reroll": ctx.t("Re-roll a failure"), "range": ctx.t("Range"),
        "delivery": ctx.t("How the ball arrives"), "action": ctx.t("Action"),
        "reading": ctx.t("Reading of a disputed rule"), "throw": ctx.t("How the throw went"),
        "pass_reading": ctx.t("Reading of a modified 1 on the pass roll (PA 1+ thrower)"),
        "below_one_reading": ctx.t("Reading of a pass total of 0 or less"),
        # Savage Blow and BB2025 Lord of Chaos, both "on a Block Action", read alike (calculators.rerolls)
        "savage_blow_reading": ctx.t("Reading of {rule} and {other} on a Blitz's block",
                                     rule=star_rule_label(ctx, "savage-blow"), other=star_rule_label(ctx, "lord-of-chaos")),
        "marked": ctx.t("Marked"), "edition": ctx.t("Edition"), "weather": ctx.t("Weather"),
        # declaration and recovery rolls (data/rolls/: Really Stupid, Wild Animal, Bloodlust, KO recovery)
        "helped": ctx.t("Team-mate next to the player"), "declared": ctx.t("Declared action"),
        "bloodlust": ctx.t("Number in brackets"), "kegs": ctx.t("Induced for KO recovery"),
        "bugman": ctx.t("Josef Bugman"),
        # pass action
        "thrower_tackle_zones": ctx.t("Thrower: opposing tackle zones"),
        "receiver_ag": ctx.t("Receiver's AG"),
        "receiver_tackle_zones": ctx.t("Receiver: opposing tackle zones"),
        "interceptor_ag": ctx.t("Interceptor's AG"),
        "interceptor_tackle_zones": ctx.t("Interceptor: opposing tackle zones"),
        "interceptor_marked": ctx.t("Interceptor: marked"),
        "pass_skill": skill_name(ctx, "pass"), "safe": skill_name(ctx, safe),
        "catch_skill": ctx.t("Receiver: {skill}", skill=skill_name(ctx, "catch")),
        "team_rerolls": ctx.t("Team re-rolls"),
        # range ruler, kick-off
        "thrower": ctx.t("Thrower's square"), "target": ctx.t("Target square"),
        "landing": ctx.t("Where the ball lands (empty: the target square)"),
        "kick": skill_name(ctx, "kick"), "receiving": ctx.t("Receiving team's half"),
        "bounce": ctx.t("Bounce once where it lands"),
        "square": ctx.t("Last square the ball was in (on the edge)"),
        # block
        "attacker_st": ctx.t("Attacker's ST"), "defender_st": ctx.t("Defender's ST"),
        "attacker_assists": ctx.t("Assists for the attacker"), "defender_assists": ctx.t("Assists for the defender"),
        "blitz": ctx.t("Blitz"), "goal": ctx.t("The attacker plays for"),
        **{f"attacker_{s}": attacker(s) for s in ("block", "wrestle", "tackle", "juggernaut", "frenzy", "pro",
                                                     "brawler", "dauntless", "horns")},
        **{f"defender_{s.replace('-', '_')}": defender(s) for s in ("block", "dodge", "wrestle", "stand-firm", "fend")},
        # armour, foul
        "av": ctx.t("Armour value (AV)") if edition in ("classic", "bb2016") else (
            # a form for every edition: the number as each edition's player card prints it (classic 8, BB2020 9+)
            ctx.t("Armour value (the N of AV N+)") if edition else ctx.t("Armour value (AV, as on the player's card)")),
        "armour_modifier": ctx.t("Armour roll modifier"), "injury_modifier": ctx.t("Injury roll modifier"),
        "mighty_blow": skill_name(ctx, "mighty-blow"), "claws": skill_name(ctx, "claws"),
        "claws_reading": ctx.t("Reading of {claws} with {mighty_blow} (classic)", claws=skill_name(ctx, "claws"),
                               mighty_blow=skill_name(ctx, "mighty-blow")),
        "stunty": ctx.t("Target: {skill}", skill=skill_name(ctx, "stunty")),
        "thick_skull": ctx.t("Target: {skill}", skill=skill_name(ctx, "thick-skull")),
        "assists": ctx.t("Net assists (yours minus theirs)"),
        "dirty_player": skill_name(ctx, "dirty-player"), "sneaky_git": skill_name(ctx, "sneaky-git"),
        "mighty_blow_value": ctx.t("Value of {skill} (+X)", skill=skill_name(ctx, "mighty-blow")),
        "dirty_player_value": ctx.t("Value of {skill} (+X)", skill=skill_name(ctx, "dirty-player")),
        "iron_hard_skin": ctx.t("Target: {skill}", skill=skill_name(ctx, "iron-hard-skin")),
        "lone_fouler": skill_name(ctx, "lone-fouler"),
        # the star players' once-per-game +1s after a block (armour request, BB2020 and BB2025)
        **{s.replace("-", "_"): star_rule_label(ctx, s) for s in ("ram", "slayer", "crushing-blow")},
        "bribes": ctx.t("Bribes to spend if the fouler is sent off"),
        "argue_the_call": ctx.t("Argue the Call if the fouler is sent off"),
        "frenzy_dice": ctx.t("{skill}: dice of the second block, when the Push changed them",
                             skill=skill_name(ctx, "frenzy")),
        # chain
        "chain": ctx.t("Rolls, in notation"), "max_team_rerolls": ctx.t("Table up to this many team re-rolls"),
        # skills that change a roll's target (the rolls' `skill` modifiers in data/rolls/, issue 9)
        **{s.replace("-", "_"): skill_name(ctx, s) for s in TARGET_SKILLS},
        **{f"thrower_{s.replace('-', '_')}": ctx.t("Thrower: {skill}", skill=skill_name(ctx, s)) for s in TARGET_SKILLS},
        **{f"receiver_{s.replace('-', '_')}": ctx.t("Receiver: {skill}", skill=skill_name(ctx, s)) for s in TARGET_SKILLS},
        **{f"interceptor_{s.replace('-', '_')}": ctx.t("Interceptor: {skill}", skill=skill_name(ctx, s))
           for s in TARGET_SKILLS},
    }
    if name not in labels:
        raise ValueError(f"calculator field {name!r} has no label: add one in {__name__}.field_label")
    return labels[name]


def _reading_note(ctx: PageContext, ruling_id: str, text: str) -> str:
    """Markdown above a form whose number depends on a disputed ruling: "Where sources differ:", a link to the
    ruling (when the data has it), then `text`, which says what the readings are and that the form picks one."""
    ruling = ctx.repo.get(ruling_id)
    # the gap between two sentences: none after a Japanese question's 。 (review 5 J1: 「…ですか。 PA 1+」)
    return f"{ctx.labelled(ctx.t('Where sources differ:'), ctx.link(ruling))}{ctx.gap}{text}" if ruling is not None else text


def pass_readings(ctx: PageContext) -> dict[str, str]:
    """The BB2025 readings of a modified 1 that reaches a PA 1+ thrower's PA (`calculators.rolls.PASS_READINGS`,
    named after the positions of `data/rulings/pa-one-plus-modified-one.yml`), for the form and the result."""
    return {"rulebook": ctx.t("Rulebook as written: a modified 1 is always a fumble"),
            "fumbbl": ctx.t("As FUMBBL plays it: a result that reaches the PA is an accurate pass")}


def pass_reading_note(ctx: PageContext) -> str:
    """Markdown above a BB2025 form with a pass roll: the reading can be picked, and the ruling that explains it."""
    text = ctx.t("A PA 1+ thrower whose roll comes to 1 after modifiers: the rulebook makes it a fumble, FUMBBL an "
                 "accurate pass. Pick the reading in the form; the result names the reading used.")
    return _reading_note(ctx, "ruling:pa-one-plus-modified-one", text)


def below_one_readings(ctx: PageContext) -> dict[str, str]:
    """The BB2025 readings of a pass total of 0 or less (`calculators.rolls.BELOW_ONE_READINGS`, named after the
    positions of `data/rulings/pass-total-below-one-bb2025.yml`), for the form and the result."""
    return {"fumbbl": ctx.t("As FUMBBL plays it, and as this site recommends: a fumble"),
            "rulebook": ctx.t("Rulebook as written: only a total of 1 fumbles, a lower one is an inaccurate pass")}


def below_one_reading_note(ctx: PageContext) -> str:
    """Markdown for a BB2025 form with a pass roll: the reading of a total of 0 or less, and its ruling."""
    text = ctx.t("A pass total of 0 or less (possible since the May 2026 errata): FUMBBL makes it a fumble, the "
                 "rulebook as written an inaccurate pass. Pick the reading in the form; the result names it.")
    return _reading_note(ctx, "ruling:pass-total-below-one-bb2025", text)


def claws_readings(ctx: PageContext) -> dict[str, str]:
    """The classic readings of Claw with Mighty Blow (`calculators.armour.CLAWS_READINGS`, named after the
    positions of `data/rulings/claws-mighty-blow-stacking.yml`), for the form and the result."""
    return {"rulebook": ctx.t("Rulebook as written: the 8 counts after modifiers, {mighty_blow} included",
                              mighty_blow=skill_name(ctx, "mighty-blow")),
            "fumbbl": ctx.t("As FUMBBL plays it: the 8 counts on the dice alone")}


def claws_reading_note(ctx: PageContext) -> str:
    """Markdown for the armour calculator: the classic Claw reading can be picked, and the ruling that explains it."""
    text = ctx.t("Classic {claws} with {mighty_blow}: the rulebook counts the 8 after modifiers, FUMBBL and botbowl "
                 "on the dice alone. Pick the reading in the form; the result names the reading used.",
                 claws=skill_name(ctx, "claws"), mighty_blow=skill_name(ctx, "mighty-blow"))
    return _reading_note(ctx, "ruling:claws-mighty-blow-stacking", text)


def choice_label(ctx: PageContext, name: str, value: Any) -> str:
    """The label of one choice of a select; a choice without one stops the build."""
    labels = {
        "pass_reading": pass_readings(ctx),
        "below_one_reading": below_one_readings(ctx),
        "claws_reading": claws_readings(ctx),
        "edition": None,
        "range": {"quick": ctx.t("Quick pass"), "short": ctx.t("Short pass"), "long": ctx.t("Long pass"),
                  "long-bomb": ctx.t("Long bomb")},
        "receiving": {"right": ctx.t("Right (x 13–25)"), "left": ctx.t("Left (x 0–12)")},
        "goal": {"knock_down": ctx.t("Knocking the target down"),
                 "safe": ctx.t("Knocking it down and staying on its feet")},
        "interceptor_marked": {"no": ctx.t("No"), "yes": ctx.t("Yes")},
        "argue_the_call": {6: ctx.t("Yes, on a 6"), 5: ctx.t("Yes, on a 5+ (a Biased Referee, Friends with the Ref)")},
        "frenzy_dice": {1: ctx.t("One die"), 2: ctx.t("Two dice, the attacker chooses"),
                        3: ctx.t("Three dice, the attacker chooses"), -2: ctx.t("Two dice, the defender chooses"),
                        -3: ctx.t("Three dice, the defender chooses")},
    }
    if name == "edition":
        return edition_name(ctx, value)
    try:
        return labels[name][value]
    except KeyError:
        raise ValueError(f"choice {value!r} of calculator field {name!r} has no label: add one in "
                         f"{__name__}.choice_label") from None


def band_labels(ctx: PageContext) -> dict[str, str]:
    return {"quick": ctx.t("Quick pass"), "short": ctx.t("Short pass"), "long": ctx.t("Long pass"),
            "long-bomb": ctx.t("Long bomb"), "out_of_range": ctx.t("Out of range"),
            "thrower": ctx.t("The thrower's own square (not a pass target)")}


def ui_strings(ctx: PageContext) -> dict[str, str]:
    """What nuffle.js says, in the page's language (templates keep their `{placeholders}`)."""
    return {
        # a value of the page's address (query string) that the field refuses; {problem} is one of the
        # messages below, {value} what the address gave (shown as text)
        "url": ctx.t("The page address gave “{value}”, which this field does not accept. {problem}"),
        # a value of the address for a field the form does not use with its choices (review 6, finding 9)
        "urlUnused": ctx.t("The page address gave “{value}” for “{field}”, a field these choices do not use: "
                           "it was left out."),
        "bool": ctx.t("This box is either ticked or not: true or false."),
        "loading": ctx.t("Loading Python…"),
        "computing": ctx.t("Computing…"),
        "done": ctx.t("Computed in your browser."),
        "invalid": ctx.t("Check the highlighted field."),
        "rejected": ctx.t("The calculator did not accept these inputs."),
        "fieldRejected": ctx.t("The calculator did not accept this value."),
        "failed": ctx.t("Python could not be loaded in this browser."),
        # the worker took longer than its time budget (nuffle.js CALL_BUDGET_MS): stopped and restarted
        "tooLarge": ctx.t("This request is too large to compute in the page: it was stopped. Try fewer rolls, "
                          "players or re-rolls."),
        "prerendered": ctx.t("Computed when the page was built."),
        "int": ctx.t("Enter a whole number from {lo} to {hi}."),
        "intOptional": ctx.t("Enter a whole number from {lo} to {hi}, or leave it empty."),
        "choice": ctx.t("Choose one of the listed values."),
        "text": ctx.t("Enter at most {n} characters."),
        "required": ctx.t("This field is required."),
        "square": ctx.t("Enter a square: x from {xlo} to {xhi}, y from {ylo} to {yhi}."),
        "squareOptional": ctx.t("Enter a square (x from {xlo} to {xhi}, y from {ylo} to {yhi}), or leave it empty."),
        "impossible": ctx.t("impossible"),
        "naturalSix": ctx.t("{n}+ (natural 6 only)"),
        # the edition select's newest edition while the reader has chosen none (calculator.mjs nameDefaultEdition)
        "editionByDefault": ctx.t("{edition} (newest, by default)"),
        # the disclosure that holds a chance's long exact fraction, under its percentage (result.mjs showLong)
        "exact": ctx.t("Exact fraction"),
        # what the live region says once a change settles: the first result row shown
        "summary": ctx.t("{label}: {value}"),
        **error_reasons(ctx),
    }


def error_reasons(ctx: PageContext) -> dict[str, str]:
    """What nuffle.js says about a resolver error, by its `details.reason` (`calculators.errors.REASONS`):
    `reason.<reason>`, a template whose placeholders come from the error's `allowed` (`{lo}`, `{hi}` of a
    range; `{xlo}`, `{ylo}`, `{xhi}`, `{yhi}` of a square), plus `reason.range-from` for a range without a
    top. A page-specific `<field>.<reason>` (the chain notation's) wins over these. A reason without a
    message here stops the build, so no resolver error reaches a page in English only."""
    reasons = {
        "required": ctx.t("This field is required."),
        "range": ctx.t("Enter a whole number from {lo} to {hi}."),
        "bool": ctx.t("This box is either ticked or not: true or false."),
        "choice": ctx.t("Choose one of the listed values."),
        "text": ctx.t("This text is too long."),
        "skills": ctx.t("One of these skills does not exist in this edition."),
        "square": ctx.t("Enter a square: x from {xlo} to {xhi}, y from {ylo} to {yhi}."),
        "unknown-field": ctx.t("The page sent a field this calculator does not know."),
        "request": ctx.t("The page sent a request the calculator cannot read."),
        "rules": ctx.t("The rules data of this site could not be read: reload the page."),
        "edge-square": ctx.t("A throw-in starts from a square on the edge of the pitch: x 0 or 25, or y 0 or 14."),
        "receiving-half": ctx.t("The kick must be aimed at a square in the receiving team's half."),
        "bb2025-only": ctx.t("This reading applies to BB2025 only."),
        "classic-only": ctx.t("This reading applies to classic and BB2016 only."),
        "dice-or-strengths": ctx.t("Give either the block dice or the strengths and assists, not both."),
        "claws-foul": ctx.t("Claws and Mighty Blow act on the armour roll after a block, not on a foul."),
        "dirty-player-armour": ctx.t("Dirty Player acts on a foul, not on the armour roll after a block."),
        "needs-other": ctx.t("This value needs another field that is empty."),
        "brawler-blitz": ctx.t("Brawler acts on a Block action only, not on a Blitz."),
        "skill-value": ctx.t("This edition does not allow this skill value: from {lo} to {hi}."),
        "edition-skill": ctx.t("This skill does not exist in this edition."),
        "step-skill": ctx.t("These skills or values cannot go together on this roll."),
        "lone-fouler-assists": ctx.t("Lone Fouler works only when nobody gives an assist, on either side: set the "
                                     "assists to 0."),
        "chain-shape": ctx.t("These rolls do not fit together as written (every player needs at least one roll, a "
                             "player's rolls come together, a branch or mark goes where the help shows it)."),
        "diving-tackle-roll": ctx.t("Diving Tackle acts on a dodge, and in BB2020 and BB2025 on a jump or leap too: "
                                    "the ^ mark goes on those rolls only."),
        "not-modelled": ctx.t("This calculator does not model these skills together on one roll yet."),
        "pair-dodges": ctx.t("At most {hi} dodges of one player may carry both Break Tackle and Consummate "
                             "Professional's +1 (Break Tackle is used once per turn anyway): more would take too long "
                             "to compute."),
        "hail-mary-interception": ctx.t("A Hail Mary Pass cannot be intercepted: no interception (I) after it."),
        "one-star-rule": ctx.t("One star player rule per player: every star player has a single special rule."),
        "old-pro-needs-pro": ctx.t("Old Pro uses the Pro skill: write [pro,oldpro]."),
        "send-off-group": ctx.t("A Bribe (K) or Argue the Call (Q) goes right after a foul (or its injury roll), by "
                                "the same player: it is rolled only when that foul sends the fouler off. Argue the "
                                "Call comes before the Bribes in BB2020 and BB2025, after them in BB2016, and once "
                                "per sequence."),
        "not-in-edition": ctx.t("This roll or skill does not exist in this edition, or not in this form."),
        "impossible": ctx.t("No die face can pass this roll with these modifiers."),
        "internal": ctx.t("The calculator could not answer this request: try other values, or reload the page."),
    }
    out = keyed_messages("reason", reasons, REASONS, f"{__name__}.error_reasons")
    out["reason.range-from"] = ctx.t("Enter a whole number from {lo} or more.")
    return out


def keyed_messages(prefix: str, messages: dict[str, str], reasons, where: str) -> dict[str, str]:
    """`messages` by reason as nuffle.js reads them (`<prefix>.<reason>`); ValueError naming `where` when one
    of `reasons` (the resolver's or a notation's list) has no message, so no error reaches a page untold."""
    missing = set(reasons) - set(messages)
    if missing:
        raise ValueError(f"{prefix} reasons without a message: {sorted(missing)}; add them in {where}")
    return {f"{prefix}.{reason}": text for reason, text in messages.items()}
