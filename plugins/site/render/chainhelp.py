"""The chain calculator's help for each notation letter and mark (`calculators.notation` is the reference).

The letters whose rule has numbers or editions (E, S, K, Q) say them from the rule's own data in
`calculators.chain` (`KIND_EDITIONS`, `APPEAL_TARGETS`, `ARGUE_SUCCESS`, `ARGUE_FIRST`,
`BRIBE_AFTER_EJECTION`), so that the help and the resolver cannot disagree (`tests/site/test_chain_help.py`).
"""
from __future__ import annotations

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
                     "savageblow": "savage-blow"}


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
    """How to write a chain (calculators.notation is the reference), with the letters from the code."""
    names = step_labels(ctx)
    bribe, argue = APPEAL_TARGETS["bribe"], APPEAL_TARGETS["argue-the-call"]
    mark_skill = {"d": "dodge", "f": "sure-feet", "h": "sure-hands", "c": "catch", "p": "pass"}
    lines = [f"## {ctx.t('The notation')} {{#notation}}", "", ctx.t(
        "Each roll is a letter and the number needed on the die, modifiers included: D3 is a dodge on 3+. "
        "Commas separate the rolls of one player; a slash starts the next player, for instance the catcher "
        "after the thrower."), "", ctx.t(
        "Leave the weather out of those numbers: the Weather field adds its modifier to each roll it changes "
        "(a Rush in a Blizzard, a catch or a pick-up in Pouring Rain, a pass in Very Sunny weather)."), "",
        f"| {ctx.t('Letter')} | {ctx.t('Roll')} | {ctx.t('Skill mark')} |", "|---|---|---|"]
    def listed(marks: dict[str, str]) -> str:
        return ctx.listing([f"`{m}` {skill_name(ctx, slug)}" for m, slug in marks.items()])

    for letter, kind in LETTERS.items():
        mark = SKILL_MARKS.get(kind)
        if kind == "block":
            skill = ctx.t("{attacker}; after {colon}, the defender's: {defender}", attacker=listed(BLOCK_ATTACKER_MARKS),
                          colon="`:`", defender=listed(BLOCK_DEFENDER_MARKS))
        elif kind in ARMOUR_MARKS:
            skill = listed({m: slug for m, (_, slug) in ARMOUR_MARKS[kind].items()})
        elif kind == "injury":
            skill = listed({m: slug for m, (_, slug) in INJURY_MARKS.items()})
        else:
            skill = f"`{mark}` {skill_name(ctx, mark_skill[mark])}" if mark else "—"
        lines.append(f"| `{letter}` | {names[kind]} | {skill} |")
    lines += ["", ctx.t("A skill mark after the number says the player has the skill that re-rolls that roll: "
                        "D3d is a dodge on 3+ with Dodge."), "",
              "- " + ctx.t("{code}: before a player's rolls, that player has Pro, or Loner (4+).",
                           code="`[pro]`, `[loner=4]`"),
              "- " + ctx.t("{code}: before a player's rolls, star player rules used at most once in the sequence "
                           "(once per game), in BB2020 and BB2025 only: {cp} (Griff Oberwald; BB2020, a free re-roll "
                           "of one of his dice, a single block die included; BB2025, +1 on one of his Agility tests "
                           "after the roll), {tb} (Morg 'n' Thorg; a free re-roll of a failed pass or throw of a "
                           "team-mate in BB2020, of a throw of a team-mate in BB2025), {op} (Helmut Wulf, with "
                           "{pro}: Pro may re-roll one die of an armour roll after a block) and {sb} (Anqi Panqi: any "
                           "number of the dice of a block on a Block action, not a Blitz).",
                           code="`[consummate]`, `[ballista]`, `[oldpro]`, `[savageblow]`",
                           cp=star_rule_name(ctx, "consummate"), tb=star_rule_name(ctx, "ballista"),
                           op=star_rule_name(ctx, "oldpro"), sb=star_rule_name(ctx, "savageblow"), pro="`[pro]`"),
              "- " + ctx.t("{code}: Helmut blocks, and if the armour roll holds he may use Pro on one of its dice; "
                           "{code2}: Anqi blocks against two dice the defender chooses and may re-roll the failing ones.",
                           code="`[pro,loner=4,oldpro]B2,A9`", code2="`[loner=4,savageblow]B-2b`"),
              "- " + ctx.t("{code}: (BB2025) a block against a player with the keyword the attacker's {skill} names: one "
                           "Player Down die may be re-rolled; {code2}: a Blitz by H'thark the Unstoppable, whose {um} "
                           "re-rolls any one block die (BB2020, BB2025).", code="`B2bh`", skill=skill_name(ctx, "hatred"),
                           code2="`R2f,B2ju`", um=star_rule_mark_name(ctx, "unstoppable-momentum")),
              "- " + ctx.t("{code}: Griff dodging then rushing; {code2}: Morg throwing a team-mate who lands on 4+, "
                           "or on 5+ after an inaccurate throw.", code="`[loner=3,consummate]D3,R2f`",
                           code2="`[loner=4,ballista]W5~2{/L4|/L5}`"),
              "- " + ctx.t("{code}: at the end, the team re-rolls left this turn (0 to 8).", code="`;tr=2`"),
              "- " + ctx.t("{code}: {skill} on a dodge, with its bonus last (BB2020 +1 or +2, BB2025 +1 to +3, by "
                           "ST): used at most once a turn, when the die falls short by no more than the bonus, if "
                           "that is the best choice. In classic the skill uses ST instead of AG: write that target.",
                           code="`D4b1`, `D4db2`", skill=skill_name(ctx, "break-tackle")),
              "- " + ctx.t("{code}: with {skill} a dodge may need more than 6, up to 6 plus the bonus: a 7+ dodge "
                           "with +3 (BB2025) passes on a 4, 5 or 6.", code="`D7b3`", skill=skill_name(ctx, "break-tackle")),
              "- " + ctx.t("An opponent's roll ({codes}) is theirs: the sequence goes on when it fails, and your "
                           "re-rolls never apply to it. Nothing re-rolls a Bribe or Argue the Call ({codes2}).",
                           codes="`I`, `E`, `S`", codes2="`K`, `Q`"),
              "", ctx.t("Blocks, armour rolls and fouls:"), "",
              "- " + ctx.t("{code}: two block dice, the attacker choosing; {code2}: the defender chooses from two "
                           "dice (after strength, assists and any skill that changes the number of dice).",
                           code="`B2`", code2="`B-2`"),
              "- " + ctx.t("{code}: the attacker's skills come after the number, the defender's after a colon: "
                           "here an attacker with Block and Tackle against a defender with Dodge.",
                           code="`B2bt:d`"),
              "- " + ctx.t("{code}: the block succeeds when the defender is Knocked Down and the attacker stays "
                           "standing; with {goal} at the end it only has to leave the attacker standing (no "
                           "turnover).", code="`B2b`", goal="`=s`"),
              "- " + ctx.t("{code}: Brawler, on a Block action only: that player may then roll nothing else but "
                           "the armour roll.", code="`B2r`"),
              "- " + ctx.t("{code}: the AV as on the armour calculator (classic AV 8 breaks on 9 or more; in "
                           "BB2020 and BB2025 write the AV target, 9 for 9+), then an optional modifier, for a "
                           "foul the net assists: {code2}.", code="`A8`", code2="`F9+2`"),
              "- " + ctx.t("{code}: a block by a player with Juggernaut, so part of a Blitz: a Both Down may be "
                           "taken as a push, and the defender's Wrestle does not work.", code="`B2j:w`"),
              "- " + ctx.t("{code}: a number after the mark gives the value of Mighty Blow (+X) or Dirty Player "
                           "(+X): here Mighty Blow (+2), in BB2020 or BB2025.", code="`A9m2`"),
              "- " + ctx.t("{code}: after an armour roll, the injury roll that must follow it: {ko} KO or worse, "
                           "{cas} a casualty, or a number for that total or more ({n}). Mighty Blow or Dirty Player "
                           "not needed on the armour roll goes on this roll.", code="`A9m,JK`", ko="`JK`",
                           cas="`JC`", n="`J8`"),
              "- " + ctx.t("{code}: a Stab instead of a block (an armour roll nobody may modify); {code2}: a "
                           "Chainsaw, its kick-back roll on 2+ first, then +3 on the armour roll.",
                           code="`A9k`", code2="`N2,A9w`"),
              "- " + ctx.t("{code}: {skill} (BB2020, BB2025), the D6 on 2+ then an armour roll nobody may modify (on a "
                           "1 the vomiting player is hit instead, which the sequence does not count).", code="`N2,A9`",
                           skill=skill_name(ctx, "projectile-vomit")),
              "- " + ctx.t("{code}: {skill} (BB2020, BB2025), a free foul after a block that knocked the target "
                           "down: the foul follows the block's armour roll, and the player is then Placed Prone.",
                           code="`B2b,A9,F9`", skill=skill_name(ctx, "pile-driver")),
              "- " + ctx.t("{code}: a foul by a player with Sneaky Git; {code2}: Lone Fouler (BB2025, nobody "
                           "assists): a failed armour roll is re-rolled.", code="`F9s`", code2="`F9l`"),
              "- " + ctx.t("{code}: the victim has Iron Hard Skin (BB2020, BB2025): nothing modifies the armour roll "
                           "and Claws does not work; {code2}: a foul on such a victim; {code3}: a foul with a Chainsaw.",
                           code="`A9i`", code2="`F9i`", code3="`F9w`"),
              "- " + ctx.t("{code}: classic Piling On: the armour roll or the injury roll after it may be re-rolled, "
                           "and the player is then Placed Prone (nothing else of that player follows).",
                           code="`B2b,A9p,JK`"),
              "", ctx.t("Branches, alternatives and marks:"), "",
              "- " + ctx.t("{code}: a pass on 4+ whose 2 or 3 is a failure that does not end the sequence (an "
                           "inaccurate pass, not a fumble); the rolls in braces right after it are made only then, "
                           "before the sequence goes on. Without braces it simply goes on.", code="`T4~2{/C5}`"),
              "- " + ctx.t("{code}: two sequences in the braces split the roll: a catch on 3+ after an accurate pass, "
                           "on 5+ after an inaccurate one (success first, then “|”). Beware: after {code2} the "
                           "sequence goes on with the main line, so both catches would be asked for after an "
                           "inaccurate pass.", code="`T4~2{/C3|/C5}`", code2="`T4~2{/C5}/C3`"),
              "- " + ctx.t("{code}: braces after a block hold what follows a result that leaves the attacker "
                           "standing and the defender up (a Push): here Frenzy's second block. {code2} goes straight "
                           "on after such a result.", code="`B2b{B2b}`", code2="`B2b{}`"),
              "- " + ctx.t("{code}: a Dauntless roll on 4+, then the rolls on a success and, after “|”, those on a "
                           "failure.", code="`U4{B2b|B-2b}`"),
              "- " + ctx.t("{code}: after a dodge, alternatives with exact weights: half the time a rush on 2+, a "
                           "third of the time a rush on 3+ then a pick-up on 4+; the rest of the time the sequence "
                           "fails.", code="`D3,(1/2:R2|1/3:R3,P4)`"),
              "- " + ctx.t("{code}: alternatives may also be a player's first item, at the start or just after a "
                           "slash, with the player's flags before them: here the second player, who has Pro, rushes "
                           "on 2+ a third of the time, and otherwise dodges on 4+ then rushes on 2+.",
                           code="`D3/[pro](1/3:R2|2/3:D4,R2)`"),
              "- " + ctx.t("{code}: a Hypnotic Gaze on 3+ whose every failure, a 1 included, lets the sequence go "
                           "on by the braces (a failed gaze only ends the gazer's activation): here another player's "
                           "dodge on 3+.", code="`G3~1{/D3}`"),
              "- " + ctx.t("{code}: the mark {mark} says this roll will not be re-rolled (no team re-roll, Pro or "
                           "skill).", code="`D3!`", mark="`!`"),
              "- " + ctx.t("{code}: the mark {mark} on a dodge (in BB2020 and BB2025 also on a jump or leap, "
                           "{code2}): an opponent with Diving Tackle may take 2 off the result when that makes the "
                           "roll fail, at the moment its edition allows.",
                           code="`D3d^`", mark="`^`", code2="`V3^`"),
              "- " + ctx.t("Inside braces or alternatives a slash starts a new player, as anywhere else; groups "
                           "nest at most {n} deep.", n=ctx.t.number(MAX_DEPTH)),
              "", ctx.t("Examples:"), "",
              "- " + ctx.t("{code}: a dodge on 3+, a rush on 2+, then picking the ball up on 3+.", code="`D3,R2,P3`"),
              "- " + ctx.t("{code}: the same player with Dodge and Sure Feet, and two team re-rolls.",
                           code="`D3d,R2f;tr=2`"),
              "- " + ctx.t("{code}: a thrower with Pro and Sure Hands picks the ball up and passes it; a catcher "
                           "with Loner (4+) and Catch catches it.", code="`[pro]P3h,T4/[loner=4]C3c`"),
              "- " + ctx.t("{code}: a Blitz: a rush, a two-dice block with Block against Dodge, then a dodge "
                           "away.", code="`R2,B2b:d,D3`"),
              "- " + ctx.t("{code}: a block, then the armour roll against AV 9+ with Mighty Blow.", code="`B2b,A9m`"),
              "- " + ctx.t("{code}: a dodge, then a foul with one net assist and Dirty Player.", code="`D3,F9+1d`"),
              "- " + ctx.t("{code}: an opponent needs a 6 to intercept and fails, the thrower with Pass passes on "
                           "4+, the catcher with Catch catches on 3+.", code="`I6,T4p/C3c`"),
              "- " + ctx.t("{code}: a pick-up on 3+, then a team-mate with Catch takes the hand-off on 3+.",
                           code="`P3/H3c`"),
              "- " + ctx.t("{code}: a plain 3+ roll (here the throw of a team-mate), then the thrown player lands "
                           "on 4+.", code="`N3/L4`"),
              "- " + ctx.t("{code}: the defender picks from two dice and has Block and Wrestle; the attacker only "
                           "needs to stay standing.", code="`B-2:bw=s`"),
              "- " + ctx.t("{code}: a block, then the armour roll against AV 9+ with a +1 modifier, Mighty Blow and "
                           "Claws.", code="`B2b,A9+1mc`"),
              "- " + ctx.t("{code}: a dodge on 4+ with Break Tackle (+1) in BB2020, a jump on 3+, then an "
                           "opponent's Tentacles roll that must fail (it needs 5+).", code="`D4b1,V3,E5`"),
              "- " + ctx.t("{code}: a dodge, then an opponent's Shadowing roll on 4+ (BB2025) that must fail for the "
                           "dodging player to get clear.", code="`D3,S4`"),
              "- " + ctx.t("{code}: a Hail Mary Pass with the Pass skill, a 1 failing; then the catch on 4+.",
                           code="`M2p/C4`"),
              "- " + ctx.t("{code}: a thrower throws a team-mate on 3+, who lands on 4+.", code="`W3/L4`"),
              "- " + ctx.t("{code}: a Hypnotic Gaze on 3+ (BB2025).", code="`G3`"),
              "- " + ctx.t("{code}: a foul; if it sends the fouler off, a Bribe on {face}+, and a second one if the "
                           "first fails: a Bribe that works keeps the player and the turn goes on, here with another "
                           "player's roll.", code=f"`F9,K{bribe},K{bribe}/N3`", face=bribe),
              "- " + ctx.t("{code}: if the foul sends the fouler off, the call is argued first ({editions}), then the "
                           "Bribe if the argument fails (after a 1, which ejects the coach, in {after_one} only). "
                           "FUMBBL's BB2016 takes the Bribes first: {code2}. {success}.",
                           code=f"`F9,Q{argue},K{bribe}/N3`", code2=f"`F9,K{bribe},Q{argue}`",
                           editions=_editions(ctx, [e for e in ARGUE_SUCCESS if ARGUE_FIRST[family(e)]]),
                           after_one=_editions(ctx, [e for e in ARGUE_SUCCESS if ARGUE_FIRST[family(e)]
                                                     and BRIBE_AFTER_EJECTION[family(e)]]),
                           success=argue_success_text(ctx)),
              ""]
    return lines


def _mark_list(ctx: PageContext, marks: dict[str, str]) -> str:
    """`b Block, t Tackle`: each mark letter with the name, in the page's language, of the skill it stands for."""
    return ctx.listing([f"{mark} {skill_name(ctx, slug)}" for mark, slug in marks.items()])
