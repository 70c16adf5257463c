"""The chain calculator's help for each notation letter and mark (`calculators.notation` is the reference).

The manual's prose is data (`data/pages/notation.yml`, in three languages); this module writes the table of
letters and fills the manual's placeholders from the code.

The letters whose rule has numbers or editions (E, S, K, Q) say them from the rule's own data in
`calculators.chain` (`KIND_EDITIONS`, `APPEAL_TARGETS`, `ARGUE_SUCCESS`, `ARGUE_FIRST`,
`BRIBE_AFTER_EJECTION`), so that the help and the resolver cannot disagree (`tests/site/test_chain_help.py`).
"""
from __future__ import annotations

from string import Template

from calculators.armour import SKILL_VALUES
from calculators.chain import APPEAL_TARGETS, ARGUE_FIRST, ARGUE_SUCCESS, BRIBE_AFTER_EJECTION, KIND_EDITIONS
from calculators.editions import family
from calculators.notation import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, INJURY_MARKS, LETTERS,
                                  MAX_DEPTH, SKILL_MARKS)
from calculators.rerolls import STAR_RULES

from .calculator import edition_name, skill_name
from .context import PageContext


def _editions(ctx: PageContext, editions) -> str:
    """The editions' short names, listed the language's way."""
    names = [edition_name(ctx, e) for e in editions]
    if len(names) < 2:
        return "".join(names)
    return ctx.t("{first} and {last}", first=ctx.listing(names[:-1]), last=names[-1])


def skill_value_text(ctx: PageContext, field: str) -> str:
    """The values Mighty Blow (+X) or Dirty Player (+X) take, per edition, from
    :data:`calculators.armour.SKILL_VALUES` (what the resolver accepts): "+1; up to +2 in BB2020 and BB2025"."""
    by_top: dict[int, list[str]] = {}
    for edition, top in SKILL_VALUES[field].items():
        if top > 1:
            by_top.setdefault(top, []).append(edition)
    if not by_top:
        return "+1"
    return ctx.listing([ctx.t("+1; up to +{top} in {editions}", top=top, editions=_editions(ctx, eds))
                        for top, eds in sorted(by_top.items())])


def argue_success_text(ctx: PageContext) -> str:
    """What a successful Argue the Call does, per edition, from :data:`calculators.chain.ARGUE_SUCCESS` (the rule the
    chain computes with), and on what face (:data:`calculators.chain.APPEAL_TARGETS`)."""
    groups: dict[tuple, list[str]] = {}
    for edition, rule in ARGUE_SUCCESS.items():
        groups.setdefault((rule["fouler"], rule["turnover"]), []).append(edition)
    face = APPEAL_TARGETS["argue-the-call"]
    parts = []
    for (fouler, turnover), eds in groups.items():
        names = _editions(ctx, eds)
        if fouler == "reserves" and turnover:
            parts.append(ctx.t("{editions}: a {face} sends the player to the Reserves box instead, and the turnover "
                               "stands", editions=names, face=face))
        elif fouler == "reserves":
            parts.append(ctx.t("{editions}: a {face} sends the player to the Reserves box instead, and the turn goes "
                               "on", editions=names, face=face))
        elif turnover:
            parts.append(ctx.t("{editions}: a {face} keeps the player in the game, but the turnover stands",
                               editions=names, face=face))
        else:
            parts.append(ctx.t("{editions}: a {face} keeps the player in the game, and the turn goes on",
                               editions=names, face=face))
    return ctx.listing(parts, strong=True)


def appeal_and_edition_labels(ctx: PageContext) -> dict[str, str]:
    """The help of the letters whose rule has numbers or editions (E, S, K, Q): said from the rule's own data in
    :mod:`calculators.chain` (:data:`~calculators.chain.KIND_EDITIONS`, :data:`~calculators.chain.APPEAL_TARGETS`,
    :data:`~calculators.chain.ARGUE_SUCCESS`), so that the help and the rule cannot disagree."""
    return {
        "tentacles": ctx.t("An opponent's Tentacles roll ({editions}; the number is what the opponent needs)",
                           editions=_editions(ctx, KIND_EDITIONS["tentacles"])),
        "shadowing": ctx.t("An opponent's Shadowing roll ({editions}; the number is what the opponent needs)",
                           editions=_editions(ctx, KIND_EDITIONS["shadowing"])),
        "bribe": ctx.t("Bribe, right after a foul: rolled only if the foul sends the fouler off ({face}+; never "
                       "re-rolled; on a success the turn goes on)", face=APPEAL_TARGETS["bribe"]),
        "argue-the-call": ctx.t("Argue the Call, right after a foul: rolled only if the foul sends the fouler off "
                                "({editions}; never re-rolled). {success}.",
                                editions=_editions(ctx, KIND_EDITIONS["argue-the-call"]),
                                success=argue_success_text(ctx)),
    }


def step_labels(ctx: PageContext) -> dict[str, str]:
    return {"dodge": ctx.t("Dodge"), "rush": ctx.t("Rush"), "pick-up": ctx.t("Pick-up"),
            "pass": ctx.t("Pass roll"), "catch": ctx.t("Catch"), "hand-off": ctx.t("Catch of a hand-off"),
            "landing": ctx.t("Landing"), "interception": ctx.t("An opponent's interception (the number is what "
                                                               "the interceptor needs)"),
            "test": ctx.t("Any other N+ test"),
            "jump": ctx.t("Jump over a Prone or Stunned player, or Leap (classic: the Leap skill's roll)"),
            "hail-mary": ctx.t("Hail Mary Pass (the thrower's roll)"),
            "throw-team-mate": ctx.t("Throw Team-mate, or Kick Team-mate in BB2020 and BB2025 (the same rules): "
                                     "the thrower's or kicker's roll (the landing is L)"),
            "hypnotic-gaze": ctx.t("Hypnotic Gaze"),
            **appeal_and_edition_labels(ctx),
            "block": ctx.t("Block (the number is the block dice; negative when the defender chooses)"),
            "armour": ctx.t("Armour roll after a block (the number is the AV)"),
            "foul": ctx.t("Foul (the number is the victim's AV)"),
            "dauntless": ctx.t("Dauntless roll (the number is what the attacker needs), then its two branches"),
            "injury": ctx.t("Injury roll (K: KO or worse; C: a casualty; a number: that total or more)")}


#: a star rule flag of the calculators (:data:`calculators.rerolls.STAR_RULES`) -> its entry in data/star-rules/
STAR_RULE_ENTRIES = {"consummate": "consummate-professional", "ballista": "the-ballista", "oldpro": "old-pro",
                     "savageblow": "savage-blow", "luck": "halfling-luck", "assassin": "master-assassin",
                     "krump": "krump-and-smash", "woodland": "woodland-fury",
                     "strong": "strong-passing-game", "leap": "bounding-leap", "swift": "swift-as-the-breeze",
                     "blindrage": "blind-rage", "lordofchaos": "lord-of-chaos", "mesmerising": "mesmerising-dance",
                     "savagemauling": "savage-mauling"}


def star_rule_name(ctx: PageContext, flag: str) -> str:
    """A star player rule's name (:data:`calculators.rerolls.STAR_RULES`), linked to its entry on the page of
    star players' special rules when data/star-rules/ has one (its name stays English in every language)."""
    entity = ctx.repo.get(f"star-rule:{STAR_RULE_ENTRIES.get(flag, '')}")
    return ctx.link(entity) if entity is not None else STAR_RULES[flag]


def star_rule_mark_name(ctx: PageContext, slug: str) -> str:
    """A star rule the chain writes as a block mark (Unstoppable Momentum, ``u``), linked to its entry when
    data/star-rules/ has one, else named as the skill marks are."""
    entity = ctx.repo.get(f"star-rule:{slug}")
    return ctx.link(entity) if entity is not None else skill_name(ctx, slug)


def notation_help(ctx: PageContext) -> list[str]:
    """How to write a chain, as Markdown lines: the manual's text from `data/pages/notation.yml` (three
    languages), its placeholders filled from the code (:func:`notation_values`), and the table of letters and
    marks from :mod:`calculators.notation`. Without that data file, the heading and the table only.
    ValueError when a block of the manual asks for a value the code does not give."""
    page = ctx.repo.get("page:notation")
    title = ctx.plain(page["title"]) if page is not None else ctx.t("The notation")
    lines = [f"## {title} {{#notation}}", ""]
    if page is None:
        return lines + _letter_table(ctx) + [""]
    values = notation_values(ctx)
    listing = False
    for block in page["blocks"]:
        if block.get("insert") == "letters":
            lines += _letter_table(ctx) + [""]
            continue
        text = ctx.text(block["text"], inline=True)
        try:
            text = Template(text).substitute(values.get(block["key"], {}))
        except (KeyError, ValueError) as exc:
            raise ValueError(f"data/pages/notation.yml: block {block['key']!r} needs a value the code does not "
                             f"give ({exc}): add it in {__name__}.notation_values") from None
        if block.get("item"):
            lines.append(f"- {text}")
            listing = True
        else:
            lines += ([""] if listing else []) + [text, ""]
            listing = False
    return lines + ([""] if listing else [])


def _inducement_name(ctx: PageContext, key: str) -> str:
    """An inducement's name in the page's language, from the row ``key`` of ``data/tables/inducements-bb2020.yml``."""
    table = ctx.repo.get("table:inducements-bb2020")
    row = next((r for r in (table.get("rows") or []) if r.get("key") == key), None) if table is not None else None
    return ctx.plain(row["name"]) if row is not None else key.replace("-", " ").title()


def _letter_table(ctx: PageContext) -> list[str]:
    """The table of the notation's letters (:data:`calculators.notation.LETTERS`), each roll's name and its skill
    marks, in the page's language."""
    names = step_labels(ctx)
    mark_skill = {"d": "dodge", "f": "sure-feet", "h": "sure-hands", "c": "catch", "p": "pass"}
    # the marks that are no re-rolling skill: the thrower's Cloud Burster, a BB2020 Biased Referee (an inducement)
    special = {"interception": skill_name(ctx, "cloud-burster"), "argue-the-call": _inducement_name(ctx, "biased-referee")}

    def listed(marks: dict[str, str]) -> str:
        return ctx.listing([f"`{m}` {skill_name(ctx, slug)}" for m, slug in marks.items()])

    lines = [f"| {ctx.t('Letter')} | {ctx.t('Roll')} | {ctx.t('Skill mark')} |", "|---|---|---|"]
    for letter, kind in LETTERS.items():
        mark = SKILL_MARKS.get(kind)
        if kind == "block":
            skill = ctx.t("{attacker}; after {colon}, the defender's: {defender}", attacker=listed(BLOCK_ATTACKER_MARKS),
                          colon="`:`", defender=listed(BLOCK_DEFENDER_MARKS))
        elif kind in ARMOUR_MARKS:
            skill = listed({m: slug for m, (_, slug) in ARMOUR_MARKS[kind].items()})
        elif kind == "injury":
            skill = listed({m: slug for m, (_, slug) in INJURY_MARKS.items()})
        elif kind in special:
            skill = f"`{mark}` {special[kind]}"
        else:
            skill = f"`{mark}` {skill_name(ctx, mark_skill[mark])}" if mark else "—"
        lines.append(f"| `{letter}` | {names[kind]} | {skill} |")
    return lines


def notation_values(ctx: PageContext) -> dict[str, dict[str, str]]:
    """The values the manual's blocks (`data/pages/notation.yml`, by key) take from the code: skill and star rule
    names in the page's language, the editions and die faces of the rules as `calculators.chain` computes them,
    and the examples whose notation has braces (data text may not hold them)."""
    bribe, argue = APPEAL_TARGETS["bribe"], APPEAL_TARGETS["argue-the-call"]
    argued_first = [e for e in ARGUE_SUCCESS if ARGUE_FIRST[family(e)]]
    break_tackle = {"skill": skill_name(ctx, "break-tackle")}
    return {
        "before-player-rolls-star": {"cp": star_rule_name(ctx, "consummate"), "tb": star_rule_name(ctx, "ballista"),
                                     "op": star_rule_name(ctx, "oldpro"), "sb": star_rule_name(ctx, "savageblow")},
        "swift-flag": {"sw": star_rule_name(ctx, "swift")},
        "strong-leap-flags": {"spg": star_rule_name(ctx, "strong"), "bl": star_rule_name(ctx, "leap")},
        "bb2025-block-against-player": {"skill": skill_name(ctx, "hatred"),
                                        "um": star_rule_mark_name(ctx, "unstoppable-momentum")},
        "griff-dodging-rushing-morg": {"code2": "`[loner=4,ballista]W5~2{/L4|/L5}`"},
        "more-star-rules": {"br": star_rule_name(ctx, "blindrage"), "lc": star_rule_name(ctx, "lordofchaos"),
                            "md": star_rule_name(ctx, "mesmerising"), "sm": star_rule_name(ctx, "savagemauling"),
                            "code": "`[loner=4,blindrage]U4{B1|B-2}`"},
        "cloud-burster-interception": {"skill": skill_name(ctx, "cloud-burster")},
        "dodge-bonus-last-bb2020": break_tackle,
        "dodge-may-need-more": break_tackle,
        "bb2020-bb2025-d6-2": {"skill": skill_name(ctx, "projectile-vomit")},
        "bb2020-bb2025-free-foul": {"skill": skill_name(ctx, "pile-driver")},
        "defender-steady-footing": {"skill": skill_name(ctx, "steady-footing"), "frenzy": skill_name(ctx, "frenzy"),
                                    "code": "`B2:f{B2:f}`"},
        "pass-4-whose-2": {"code": "`T4~2{/C5}`"},
        "two-sequences-braces-split": {"code": "`T4~2{/C3|/C5}`", "code2": "`T4~2{/C5}/C3`"},
        "braces-after-block-hold": {"code": "`B2b{B2b}`", "code2": "`B2b{}`"},
        "dauntless-roll-4-rolls": {"code": "`U4{B2b|B-2b}`"},
        "hypnotic-gaze-3-whose": {"code": "`G3~1{/D3}`"},
        "inside-braces-or-alternatives": {"n": ctx.t.number(MAX_DEPTH)},
        "foul-if-sends-fouler": {"code": f"`F9,K{bribe},K{bribe}/N3`", "face": str(bribe)},
        "if-foul-sends-fouler": {
            "code": f"`F9,Q{argue},K{bribe}/N3`", "code2": f"`F9,K{bribe},Q{argue}`",
            "editions": _editions(ctx, argued_first),
            "after_one": _editions(ctx, [e for e in argued_first if BRIBE_AFTER_EJECTION[family(e)]]),
            "success": argue_success_text(ctx)},
    }


def _mark_list(ctx: PageContext, marks: dict[str, str]) -> str:
    """`b Block, t Tackle`: each mark letter with the name, in the page's language, of the skill it stands for."""
    return ctx.listing([f"{mark} {skill_name(ctx, slug)}" for mark, slug in marks.items()])
