"""Calculators in the pages, for any request kind of the resolver (`calculators.api`).

A calculator is declared as data (:class:`Calculator`): the request kind, the fields the page fixes
(hidden inputs, e.g. the edition on an edition's page), the field whose value reshapes the form
(`switch`: the edition on a page for every edition, the action on an Agility page), default inputs,
fields left out (e.g. `map`), and the result view: rows of (label, dotted path into the result, format),
tables of such rows and an optional pitch.

The form's fields come from the resolver's own `form` kind, so they are written once, in the code that
validates them. Every label goes through the Babel catalogs (`ctx.t`); a field without a label stops the
build. The default result is computed here by `calculators.api.handle` and written with the markup the
browser fills later: `data-field="<dotted path>"` and `data-format`, so nuffle.js needs no per-kind
code. The status and validation messages nuffle.js shows are written on the form too (`data-strings`,
templates such as "Enter a whole number from {lo} to {hi}.").

Markup contract with nuffle.js:

* `form[data-calculator=<kind>]` with `data-strings`, `data-lang`, `data-switch` (optional) and
  `data-answers` (the build's answers to
  the requests one change away, see answers.py); each field's wrapper (a label, a fieldset or the hidden input itself) has `data-name`
  and `data-type` (`int`, `bool`, `choice`, `text`, `square`), `data-optional` when an empty value
  means "absent", `data-for="<switch value> …"` when only some switch values have it, `data-with="<box> …"`
  when it matters only while those boxes are ticked (shown then, still sent); a number input
  whose range depends on the switch has `data-range='{"<value>": [lo, hi]}'`; a square is a fieldset of
  two number inputs named `<name>.x` and `<name>.y`.
* `[data-result]` holds `[data-field]` elements with `data-format` (`probability`, `number`, `text`,
  `label` with `data-labels`, `signed`, `needed`, `face`, `count`) and `data-absent` (`zero`, `hide`:
  hide the closest `[data-row]`, `dash`), and `data-zero="hide"` to hide that row while the value is an
  exact zero (a row with nothing to say); `data-field="status"` and `"error"` are the status lines;
  `[data-live]` (role="status", visually hidden) is the only live region: a one-line summary.
* An error answer whose `details` have a `reason` is told in the page's language when `data-strings`
  has `<field>.<reason>` (and `<field>.at`, a template with `{token}`, `{position}`, `{text}` and
  `{reason}`, when the details name a token): e.g. the chain notation's errors.
* `figure[data-pitch=<dotted path>]`: the rects are recoloured from that list (`data-pitch-value`: the
  item key of each square's probability; none: a set of squares), then nuffle.js fires
  `nuffle:pitch-painted` on the figure (pitch.js refreshes the square read out and the table);
  `circle[data-mark=<square field>]` follow the inputs; `data-pick` lists the square fields whose
  `button[data-pick-field]` (pitch.js) puts the chosen square into them (render/pitch.py).
"""
from __future__ import annotations

from calculators.rules import RuleBook

import html
import json
import re
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal

from calculators.api import handle
from calculators.errors import REASONS

from .answers import neighbours, prebuilt
from .context import PageContext
from .pitch import heat_map
from .pitch_table import probability_text as fraction_text

FORMATS = ("probability", "number", "text", "label", "signed", "needed", "face", "count")
ABSENT = ("zero", "hide", "dash")
DEFAULT_INT = 3  # an int field with no default starts here (clamped to its range): AG 3, PA 3+
RESERVED = ("status", "error")
Option = tuple[str, str]  # (value, label)


@dataclass(frozen=True)
class Row:
    """One result line: `path` is dotted into the result (`totals.completion`, `by_team_rerolls.2.success`)."""

    label: str
    path: str
    format: str = "probability"
    labels: Mapping[str, str] | None = None  # format "label": value -> localized text
    absent: str = "zero"  # a path missing from the result: 0, the row hidden, or a dash
    hide_zero: bool = False  # hide the row while the value is exactly 0 (nothing to say)
    # the value as a link: an address template whose {dotted.path}s are filled from the result, URL-encoded
    # (e.g. "?chain={notation}&edition={edition}#calculator": a calculator's URL round trip)
    href: str | None = None

    def __post_init__(self) -> None:
        if self.format not in FORMATS or self.absent not in ABSENT or self.path in RESERVED:
            raise ValueError(f"bad result row {self!r}")


@dataclass(frozen=True)
class Table:
    """Rows shown as a two-column table (e.g. P(success) for 0..8 team re-rolls)."""

    caption: str
    head: tuple[str, str]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Pitch:
    """A pitch picture recoloured from a list in the result: `[x, y]` items (a set of squares) or
    `{"square": [x, y], <value>: probability}` items."""

    path: str
    title: str
    value: str | None = None
    marks: tuple[str, ...] = ()  # square fields of the request ringed on the pitch
    pick: tuple[str, ...] = ()   # square fields a chosen square of the pitch may be put into (one button each)
    states: tuple[str, str] | None = None  # a set of squares (value None): how a square in it / out of it reads


@dataclass
class Calculator:
    """What a page needs to show one calculator (see the module docstring)."""

    kind: str
    view: list[Row | Table]
    fixed: dict[str, Any] = field(default_factory=dict)
    switch: str | None = None
    switch_options: list[Option] | None = None  # the switch's values and labels (default: its choices)
    defaults: dict[str, Any] = field(default_factory=dict)
    omit: frozenset[str] = frozenset()
    # options(name, spec, switch_value) -> [(value, label)] or None for the default rendering; for an
    # int field, a list makes it a select (e.g. AG "6+")
    options: Callable[[str, dict, Any], list[Option] | None] | None = None
    labels: Callable[[str], str | None] | None = None  # field labels that depend on the page
    pitch: Pitch | None = None
    label: str = ""  # the form's accessible name
    strings: dict[str, str] = field(default_factory=dict)  # more messages for nuffle.js (data-strings)


# --------------------------------------------------------------------------- labels

def skill_name(ctx: PageContext, slug: str) -> str:
    """A skill's name in the page's language, from the data (the slug when the data lacks it)."""
    entity = ctx.repo.get(f"skill:{slug}")
    return ctx.plain(entity["name"]) if entity is not None else slug.replace("-", " ").title()


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
    return f"{ctx.labelled(ctx.t('Where sources differ:'), ctx.link(ruling))} {text}" if ruling is not None else text


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
            "long-bomb": ctx.t("Long bomb"), "out_of_range": ctx.t("Out of range")}


def ui_strings(ctx: PageContext) -> dict[str, str]:
    """What nuffle.js says, in the page's language (templates keep their `{placeholders}`)."""
    return {
        # a value of the page's address (query string) that the field refuses; {problem} is one of the
        # messages below, {value} what the address gave (shown as text)
        "url": ctx.t("The page address gave “{value}”, which this field does not accept. {problem}"),
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
        "same-square": ctx.t("The target must be another square than the thrower's."),
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
    missing = set(REASONS) - set(reasons)
    if missing:
        raise ValueError(f"resolver error reasons without a message: {sorted(missing)}; add them in "
                         f"{__name__}.error_reasons")
    out = {f"reason.{reason}": text for reason, text in reasons.items()}
    out["reason.range-from"] = ctx.t("Enter a whole number from {lo} or more.")
    return out


# --------------------------------------------------------------------------- values as shown

def value_at(result: Any, path: str) -> Any:
    """The value at a dotted path (list indices as numbers), or KeyError when a step is missing."""
    current = result
    for key in path.split("."):
        if isinstance(current, dict) and key in current:
            current = current[key]
        elif isinstance(current, list) and key.isdigit() and int(key) < len(current):
            current = current[int(key)]
        else:
            raise KeyError(path)
    return current


def is_zero(value: Any) -> bool:
    """An exact zero: 0, or a resolver value {"exact": "0", ...} (nuffle.js tests the same)."""
    if isinstance(value, dict):
        return value.get("exact") == "0"
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")


def needed_text(ctx: PageContext, label: str | None) -> str:
    """The resolver's "4+" / "6+ (natural 6 only)" / "impossible", in the page's language."""
    if label is None or label == "impossible":
        return ctx.t("impossible")
    if label.endswith(" (natural 6 only)"):
        return ctx.t("{n}+ (natural 6 only)", n=label.split("+", 1)[0])
    return label


def probability_text(ctx: PageContext, p: dict | None) -> str:
    """A resolver probability (`{"exact": "a/b", …}`, or None for 0) as every result shows it: "1/36 (2.8%)"."""
    return fraction_text(ctx, Fraction(p["exact"]) if p else Fraction(0))


def number_text(ctx: PageContext, value: Any) -> str:
    if isinstance(value, dict):  # an exact value that is not a probability (an expected count)
        if "/" not in value["exact"]:  # a whole number says it all: "2", not "2 (2)"
            return ctx.t.number(int(value["exact"]))
        decimal = format_decimal(round(value["float"], 2), "#,##0.##", locale=ctx.t.locale)
        return f"{value['exact']} ({decimal})"
    return ctx.t.number(value)


def format_value(ctx: PageContext, row: Row, value: Any) -> str:
    """A result value as the page shows it (nuffle.js formats the same way in the browser)."""
    if row.format == "probability":
        return probability_text(ctx, value)
    if value is None:
        return "—"
    if row.format == "number":
        return number_text(ctx, value)
    if row.format == "label":
        return (row.labels or {}).get(str(value), str(value))
    if row.format == "signed":
        return signed(value)
    if row.format == "needed":
        return needed_text(ctx, value)
    if row.format == "face":
        return f"{value}+"
    if row.format == "count":
        return ctx.t.number(len(value))
    return str(value)


# --------------------------------------------------------------------------- the form

def site_root_from(page: str, lang: str) -> str:
    """Relative URL from a page's own URL (directory URLs: `targets/x.md` is served at `targets/x/`) to the
    site root; raw HTML attributes are not rewritten by MkDocs, so this is computed here."""
    parts = page.removesuffix(".md").split("/")
    depth = len(parts) - (1 if parts[-1] == "index" else 0)
    return "../" * depth + ("" if lang == "en" else "../")


def _ok(response: dict) -> dict:
    if not response.get("ok"):
        raise ValueError(f"resolver error at build time: {response.get('error')}")
    return response["result"]


def _attrs(values: Mapping[str, Any]) -> str:
    return "".join(f' {k}="{html.escape(str(v))}"' if v is not True else f" {k}" for k, v in values.items()
                   if v is not None and v is not False)


def _forms(calc: Calculator, rules: RuleBook | None) -> dict[Any, dict[str, dict]]:
    """For each switch value (or None), the resolver's fields by name, in its order."""
    values = [v for v, _ in _switch_options(calc, rules)] if calc.switch else [None]
    out = {}
    for value in values:
        given = {**calc.fixed, **({calc.switch: value} if calc.switch else {})}
        fields = _ok(handle({"kind": "form", "for": calc.kind, **given}, rules))["fields"]
        out[value] = {f["name"]: f for f in fields}
    return out


def _switch_options(calc: Calculator, rules: RuleBook | None) -> list[Option]:
    if calc.switch_options is not None:
        return calc.switch_options
    raise ValueError(f"calculator {calc.kind}: give switch_options for the switch {calc.switch!r}")


def _default(calc: Calculator, spec: dict) -> Any:
    name = spec["name"]
    if name in calc.defaults:
        return calc.defaults[name]
    if spec["default"] is not None or not spec["required"]:
        return spec["default"]
    if spec["type"] == "int":
        return min(max(DEFAULT_INT, spec["min"]), spec["max"])
    if spec["type"] == "choice":
        return spec["choices"][0]
    raise ValueError(f"calculator {calc.kind}: required field {name!r} needs a default")


def default_request(calc: Calculator, rules: RuleBook | None) -> dict:
    """The request of the form as built (what the pre-rendered result answers)."""
    forms = _forms(calc, rules)
    # an edition switch starts on the newest edition (its options are oldest first), as nuffle.js does for a
    # reader who has chosen none: the pre-rendered result and the build's answers are then the reader's
    first = list(forms)[-1] if calc.switch == "edition" else next(iter(forms))
    value = calc.defaults.get(calc.switch, first) if calc.switch else None
    request: dict[str, Any] = {"kind": calc.kind, **calc.fixed}
    if calc.switch:
        request[calc.switch] = value
    for name, spec in forms[value].items():
        if name in request or name in calc.omit:
            continue
        default = _default(calc, spec)
        if default is not None:
            request[name] = list(default) if isinstance(default, tuple) else default
    return request


def render(ctx: PageContext, calc: Calculator, rules: RuleBook | None) -> str:
    """The calculator's HTML: the form, the pre-rendered result and the pitch picture, in one box."""
    forms = _forms(calc, rules)
    request = default_request(calc, rules)
    result = _ok(handle(request, rules))
    switch_value = request.get(calc.switch) if calc.switch else None
    order = _merged_order([list(fields) for fields in forms.values()])
    edition = calc.fixed.get("edition")
    form_attrs = {
        "class": "nc-calc", "data-calculator": calc.kind, "data-lang": ctx.lang,
        "data-switch": calc.switch, "aria-label": calc.label or None,
        "data-strings": json.dumps({**ui_strings(ctx), **calc.strings}, ensure_ascii=False),
        "data-answers": json.dumps(first_answers(calc, rules, forms, request), separators=(",", ":"),
                                   ensure_ascii=False),
    }
    out = ['<div class="nc-calculator" markdown="0">']
    if edition:
        out.append(f'<p class="nc-calc-edition">{html.escape(ctx.labelled(ctx.t("Edition:"), ""))}'
                   f'<strong>{html.escape(edition_name(ctx, edition))}</strong></p>')
    out.append(f"<form{_attrs(form_attrs)}>")
    for name, value in calc.fixed.items():
        out.append(f'<input type="hidden"{_attrs({"name": name, "value": _raw(value), "data-name": name})}'
                   f'{_attrs({"data-type": _type_of(value)})}>')
    for name in order:
        if name in calc.fixed or name in calc.omit:
            continue
        owners = [v for v, fields in forms.items() if name in fields]
        only = None if len(owners) == len(forms) else " ".join(str(v) for v in owners)
        value = request.get(name) if name in request else _default(calc, forms[owners[0]][name])
        if name == calc.switch:
            out.append(_select(ctx, calc, name, forms[switch_value][name], None,
                               [(v, label, None) for v, label in _switch_options(calc, rules)], value))
            continue
        out.append(_control(ctx, calc, name, {v: forms[v][name] for v in owners}, only, value, switch_value,
                            edition, request))
    out.append("</form>")
    # A form whose edition the reader may change names, above its result, the edition it computed: a
    # page whose picker shows every edition then still says which one the numbers are for.
    used = request.get("edition") if "edition" in order and "edition" not in calc.fixed and "edition" not in calc.omit else None
    out += result_html(ctx, calc.view, result, used)
    if calc.pitch:
        picks = [(name, _label_of(ctx, calc, name, edition)) for name in calc.pitch.pick
                 if name in order and name not in calc.fixed and name not in calc.omit]
        out.append(pitch_html(ctx, calc.pitch, result, request, picks))
    out.append("</div>")
    return "\n".join(out)


def first_answers(calc: Calculator, rules: RuleBook | None, forms: dict[Any, dict[str, dict]],
                  request: dict) -> dict[str, dict]:
    """The resolver's answers to `request` and to every request one change away from it (see `answers.py`)."""
    listed = {(value, name): calc.options(name, spec, value) if calc.options else None
              for value, specs in forms.items() for name, spec in specs.items()}
    frozen = set(calc.fixed) | set(calc.omit)
    # the form as built too: a reader who changes a field and changes it back gets the first answer again
    return prebuilt([request, *neighbours(request, forms, calc.switch, listed, frozen)], rules)


def _merged_order(lists: list[list[str]]) -> list[str]:
    """The fields of every switch value in one order: a field another value adds goes after its predecessor
    in that value's list (and after the fields other values put there)."""
    order: list[str] = []
    for names in lists:
        for i, name in enumerate(names):
            if name in order:
                continue
            position = order.index(names[i - 1]) + 1 if i else 0
            while position < len(order) and order[position] not in names:
                position += 1
            order.insert(position, name)
    return order


def _raw(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, (list, tuple)):
        return "square"
    return "choice"


def _label_of(ctx: PageContext, calc: Calculator, name: str, edition: str | None) -> str:
    custom = calc.labels(name) if calc.labels else None
    return custom if custom is not None else field_label(ctx, name, edition)


def _needs(spec: dict, request: Mapping[str, Any]) -> dict[str, Any]:
    """The wrapper attributes of a field that matters only while some boxes are ticked (spec ``with``, e.g.
    Mighty Blow's +X): `data-with` names them for nuffle.js, and it starts hidden unless the form as built
    ticks them all."""
    boxes = spec.get("with") or []
    return {"data-with": " ".join(boxes) or None, "hidden": bool(boxes) and not all(request.get(b) for b in boxes)}


def _control(ctx: PageContext, calc: Calculator, name: str, specs: dict[Any, dict], only: str | None,
             value: Any, switch_value: Any, edition: str | None, request: Mapping[str, Any]) -> str:
    """One form control from the resolver's field specs (one per switch value that has the field)."""
    esc = html.escape
    spec = specs.get(switch_value) or next(iter(specs.values()))
    label = _label_of(ctx, calc, name, edition)
    optional = not spec["required"] and spec["default"] is None
    if spec["type"] in ("choice", "int"):
        per_value = {v: calc.options(name, s, v) if calc.options else None for v, s in specs.items()}
        if spec["type"] == "choice" or any(o is not None for o in per_value.values()):
            options: list[tuple[str, str, str | None]] = []
            for v, s in specs.items():
                listed = per_value[v]
                if listed is None:
                    listed = ([(c, choice_label(ctx, name, c)) for c in s["choices"]] if s["type"] == "choice"
                              else [(str(n), ctx.t.number(n)) for n in range(s["min"], s["max"] + 1)])
                for option in listed:
                    options.append((str(option[0]), option[1], v))
            merged: dict[tuple[str, str], list] = {}
            for opt_value, opt_label, owner in options:
                merged.setdefault((opt_value, opt_label), []).append(owner)
            rows = [(v, lab, None if len(owners) == len(specs) else " ".join(str(o) for o in owners))
                    for (v, lab), owners in merged.items()]
            if optional and not any(v == "" for v, _, _ in rows):
                rows.insert(0, ("", "—", None))
            return _select(ctx, calc, name, spec, only, rows, value, request)
    wrapper = {"class": "nc-field", "data-name": name, "data-type": spec["type"], "data-optional": optional,
               "data-for": only, **_needs(spec, request)}
    if spec["type"] == "bool":
        wrapper["class"] += " nc-check"
        return (f"<label{_attrs(wrapper)}><input{_attrs({'type': 'checkbox', 'name': name, 'value': 'true', 'checked': bool(value)})}>"
                f"\n<span>{esc(label)}</span></label>")
    if spec["type"] == "int":
        ranges = {str(v): [s["min"], s["max"]] for v, s in specs.items()}
        varies = len({tuple(r) for r in ranges.values()}) > 1
        attrs = {"type": "number", "name": name, "min": spec["min"], "max": spec["max"], "step": 1,
                 "value": "" if value is None else value, "inputmode": "numeric",
                 "data-range": json.dumps(ranges) if varies else None}
        return f"<label{_attrs(wrapper)}><span>{esc(label)}</span>\n<input{_attrs(attrs)}></label>"
    if spec["type"] == "text":
        wrapper["class"] += " nc-wide"
        attrs = {"type": "text", "name": name, "maxlength": spec["max_length"], "value": value or "",
                 "spellcheck": "false", "autocomplete": "off", "autocapitalize": "off"}
        return f"<label{_attrs(wrapper)}><span>{esc(label)}</span>\n<input{_attrs(attrs)}></label>"
    if spec["type"] == "square":
        wrapper["class"] += " nc-square"
        parts = []
        for axis, index in (("x", 0), ("y", 1)):
            attrs = {"type": "number", "name": f"{name}.{axis}", "min": spec["min"][index], "max": spec["max"][index],
                     "step": 1, "value": "" if value is None else value[index], "inputmode": "numeric",
                     "aria-label": f"{label} {axis}"}
            parts.append(f'<label class="nc-axis"><span>{axis}</span>\n<input{_attrs(attrs)}></label>')
        return f"<fieldset{_attrs(wrapper)}><legend>{esc(label)}</legend>\n{chr(10).join(parts)}</fieldset>"
    raise ValueError(f"calculator {calc.kind}: field {name!r} has an unknown type {spec['type']!r}")


def _select(ctx: PageContext, calc: Calculator, name: str, spec: dict, only: str | None,
            options: list[tuple[str, str, str | None]], selected: Any,
            request: Mapping[str, Any] | None = None) -> str:
    esc = html.escape
    numeric = spec["type"] == "int" or (spec["type"] == "choice" and all(
        isinstance(c, int) and not isinstance(c, bool) for c in spec["choices"]))
    wrapper = {"class": "nc-field", "data-name": name, "data-type": "int" if numeric else "choice",
               "data-optional": not spec["required"] and spec["default"] is None and name != calc.switch,
               "data-for": only, **_needs(spec, request or {})}
    chosen = "" if selected is None else str(selected)
    opts = "\n".join(f"<option{_attrs({'value': v, 'data-for': owner, 'selected': v == chosen})}>{esc(text)}</option>"
                   for v, text, owner in options)
    label = _label_of(ctx, calc, name, calc.fixed.get("edition"))
    return f'<label{_attrs(wrapper)}><span>{esc(label)}</span>\n<select name="{esc(name)}">{opts}</select></label>'


# --------------------------------------------------------------------------- the result

def _cell(ctx: PageContext, row: Row, result: dict, tag: str) -> tuple[str, bool]:
    """The element showing one row's value, and whether the row is hidden (its path is absent)."""
    try:
        value = value_at(result, row.path)
        text, hidden = format_value(ctx, row, value), row.hide_zero and is_zero(value)
    except KeyError:
        hidden = row.absent == "hide"
        text = probability_text(ctx, None) if row.absent == "zero" else "—"
    attrs = {"data-field": row.path, "data-format": row.format, "data-absent": row.absent,
             "data-zero": "hide" if row.hide_zero else None,
             "data-labels": json.dumps(dict(row.labels), ensure_ascii=False) if row.labels else None}
    if row.href is not None:  # the value is a link (nuffle.js refills its address from each result)
        attrs = {**attrs, "data-href": row.href, "href": href_from(row.href, result)}
        return f"<{tag}><a{_attrs(attrs)}>{html.escape(text)}</a></{tag}>", hidden
    return f"<{tag}{_attrs(attrs)}>{html.escape(text)}</{tag}>", hidden


def href_from(template: str, result: dict) -> str:
    """`template` with each `{dotted.path}` replaced by that result value, URL-encoded (empty when absent)."""
    def value(m: re.Match) -> str:
        try:
            v = value_at(result, m.group(1))
        except KeyError:
            return ""
        return urllib.parse.quote(str(v), safe="!'()*")  # as encodeURIComponent
    return re.sub(r"\{([\w.]+)\}", value, template)


def result_html(ctx: PageContext, view: list[Row | Table], result: dict, edition: str | None = None) -> list[str]:
    """The result element, pre-rendered; the browser fills the same `data-field` elements later.

    `edition`: the edition the result is for, when the form lets the reader choose it; it is named at the
    top of the result (`data-nc-edition-used`, which nuffle.js keeps in step with the form)."""
    esc = html.escape
    # Not the whole result as a live region (every change would re-read it all): nuffle.js puts a one-line
    # summary (the first result row, or the error) into the hidden `data-live` status once a change settles.
    # Focusable: pinned to the bottom of a phone's screen it may scroll (nuffle.css), and a region that scrolls
    # must be reachable with the keyboard (WCAG 2.1.1).
    out = [f'<div class="nc-result" data-result data-state="prerendered" tabindex="0" role="group" '
           f'aria-label="{esc(ctx.t("Result"))}">',
           '<p class="nc-sr-only" data-live role="status"></p>',
           f'<p class="nc-status-line" data-field="status">{esc(ctx.t("Computed when the page was built."))}</p>']
    if edition:
        out.append(f'<p class="nc-result-edition">{esc(ctx.labelled(ctx.t("Edition:"), ""))}'
                   f'<strong data-nc-edition-used>{esc(choice_label(ctx, "edition", edition))}</strong></p>')
    rows = [item for item in view if isinstance(item, Row)]
    if rows:
        out.append("<dl>")
        for row in rows:
            cell, hidden = _cell(ctx, row, result, "dd")
            out.append(f'<div class="nc-result-row" data-row{" hidden" if hidden else ""}>'
                       f"<dt>{esc(row.label)}</dt>\n{cell}</div>")
        out.append("</dl>")
    for table in (item for item in view if isinstance(item, Table)):
        out += [f'<table class="nc-result-table"><caption>{esc(table.caption)}</caption>',
                f'<thead><tr><th scope="col">{esc(table.head[0])}</th>\n<th scope="col">{esc(table.head[1])}</th>'
                "</tr></thead><tbody>"]
        for row in table.rows:
            cell, hidden = _cell(ctx, row, result, "td")
            out.append(f'<tr data-row{" hidden" if hidden else ""}><th scope="row">{esc(row.label)}</th>\n{cell}</tr>')
        out.append("</tbody></table>")
    out += ['<p class="nc-error" data-field="error" hidden></p>', "</div>"]
    return out


def pitch_html(ctx: PageContext, pitch: Pitch, result: dict, request: dict,
               picks: list[tuple[str, str]] | None = None) -> str:
    """The pitch picture of a result list, with the request's squares ringed.

    `picks`: (name, label) of the form's square fields a chosen square may be put into (default: none).
    A pitch of a set of squares (no `pitch.value`) needs `pitch.states`, or ValueError."""
    if pitch.value is None and not pitch.states:
        raise ValueError(f"the pitch of {pitch.path!r} shows a set of squares: it needs the texts of its states")
    items = value_at(result, pitch.path)
    values: dict[tuple[int, int], Fraction] = {}
    for item in items:
        if isinstance(item, list):
            values[(item[0], item[1])] = Fraction(1)
        elif isinstance(item.get("square"), list):
            values[tuple(item["square"])] = Fraction(item[pitch.value]["exact"])
    marks = {name: tuple(request[name]) if request.get(name) else None for name in pitch.marks}
    attrs = {"data-pitch": pitch.path, "data-pitch-value": pitch.value or "",
             "data-pick": " ".join(pitch.pick)}
    return heat_map(ctx, values, pitch.title, field=pitch.value or "in", marks=marks, attrs=attrs,
                    states=None if pitch.value else pitch.states, picks=picks or ())
