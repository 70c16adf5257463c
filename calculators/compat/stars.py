"""Star players in BloodBowlDave's notation: the skills a star brings, or why our chain cannot have it.

In that calculator's notation a player's skill list may be replaced by a star player's short name
(``Drull:D3,2D2``, ``Morg:H5;G4``).  :mod:`calculators.compat.dave` asks :func:`expand` for the skill list
such a name stands for, in that notation's skill codes, and translates it as any other skill list.

**Their data** (repository ``BloodBowlDave/BloodBowlActionCalculator`` at commit ``745c978``, read,
not copied): ``ActionCalculator.Models/StarPlayerRules.cs`` gives each star (``StarPlayer.cs``: the
full name and the short name typed) its full skill list, its special rule (``StarPlayerSkill.cs``) and
the skill codes their calculator applies; ``ActionCalculator/PlayerBuilder.cs`` reads a short name in
place of a skill list, case-insensitively, with ``Ivan*`` as Ivan against a Dwarf (Dwarven Scourge
then counts as Mighty Blow +2 with Hatred, otherwise as Mighty Blow +1 without Hatred).  One list
serves both of their seasons.  Their calculator models a special rule only where its code is in that
list (Consummate Professional, Old Pro, Savage Blow, Lord of Chaos, Halfling Luck, …: the strategies
under ``ActionCalculator/Strategies`` that test them); the others it ignores.

**Rules source, per edition**: the BBBase star player pages (repository
``BBBase-EHeresy-PPPub/BBBase`` at ``87cb594``, ``docs/bb2020/starplayers/*.md`` and
``docs/bb2025/starplayers/*.md``).  Their lists match the BB2025 pages for every star (the Black Gobbo's
Stunty excepted, which changes no roll of a sequence).  The BB2020 pages differ where
:data:`STARS` gives a BB2020 entry of its own: Deeproot Strongbranch and Morg 'n' Thorg have Mighty Blow
+2 (Morg without Hatred), Lord Borak Dirty Player +2 and Loner 4+, Puggy Baconbreath Loner 4+,
Grombrindal neither Break Tackle nor Sure Feet, Bilerot Vomitflesh no Lone Fouler, Zzharg Madeye Sure
Hands; Lucien and Valen Swift have Two for One (no Working in Tandem), Varag Ghoul-Chewer Crushing Blow
(not Krump and Smash, no Hatred), Willow Rosebark Indomitable (not Woodland Fury), Roxanna Darknail
Burst of Speed (not Slashing Nails), Jordell Freshbreeze no Steady Footing.  Guffle Pusmaw's
Monstrous Mouth re-rolls a failed catch in BB2020 (FUMBBL ``christerk/ffb``,
``skill/bb2020/MonstrousMouth.java``; the BB2025 skill has no re-roll, ``skill/bb2025/MonstrousMouth.java``):
it is the Catch skill's re-roll, so his BB2020 list has Catch (``C``), which theirs does not.  Frank 'n'
Stein has a BB2020 page only, Josef Bugman a BB2025 page only.

**What a star becomes.**  Their notation writes each roll's target with its modifiers, and a block's
succeeding faces: a skill matters to a sequence only when it re-rolls a roll of it, changes an armour
roll or foul beyond the written target, or changes a roll after it is made.  :func:`expand` keeps the
star's skills that matter to the actions written (Dodge to ``D``, Sure Feet to ``R``, Mighty Blow and
Claws to ``K``, Brawler to blocks, Loner and Pro always) and refuses, naming the star and the rule,
when a skill or special rule our chain does not model matters to them (reason ``star-skill`` or
``star-rule``), when the star has no page in the edition (``star-edition``).  Skills that change no
roll of a sequence we can translate are dropped: Diving Catch (it helps only to catch a ball that
scattered: :mod:`calculators.compat.dave` refuses a star with it catching after a pass that may be inaccurate,
``star-skill``), Hatred (it needs a block marked ``%``, refused as ``hatred``:
their calculator also lets it re-roll unmarked blocks when team re-rolls are given, which the rules do
not), Whirling Dervish (a weighted roll, refused as ``weighted``).  Special rules a coach declares
before rolling (Incorporeal, Gored by the Bull, Burst of Speed, …) change which rolls the sequence
writes, not the rolls: they are not refused.  Slashing Nails (armour, BB2025: Claws on a Blitz, which the
notation does not say) is refused when an armour roll is in the sequence.  Steady Footing, a skill of Jordell's in
BB2025 (``skill/bb2025/SteadyFooting.java``: a 6 saves a player who would fall over or be Knocked Down), which their
notation has no code for and their calculator ignores, is our flag ``[steady]`` (:mod:`calculators.chain.footing`).
No Ball (No Hands in BB2020) is refused when the star would hold the
ball (pick-up, catch, pass): BBBase gives it to Akhorne, Fungus, Gretchen and Kreek in both editions, to
Helmut, Max and Nobbla in BB2025 and to Rumbelow in BB2020; their calculator lists it without using it.

Consummate Professional (Griff), The Ballista (Morg), Old Pro (Helmut), Savage Blow (Anqi), Halfling Luck (Puggy)
and Thinking Man's Troll (Ripper), Master Assassin (Skitter), Krump and Smash (Varag), Woodland Fury (Willow),
Strong Passing Game (Skrull), Bounding Leap (Rowana) and Swift as the Breeze (Jordell) are modelled, as our player
flags ``[consummate]``, ``[ballista]``, ``[oldpro]``, ``[savageblow]``, ``[luck]``, ``[assassin]``, ``[krump]``,
``[woodland]``, ``[strong]``, ``[leap]`` and ``[swift]``, and Unstoppable Momentum (H'thark), Working in Tandem
(Lucien) and Hatred as block marks ``u``, ``n`` and ``h`` (:mod:`calculators.rerolls` gives each edition's rule),
so those stars translate with them.  Star rules that add to a roll
are data (:data:`_ROLL_BONUS`: which roll, how much, once per game or every time, per edition): Crushing Blow, Ram,
Dwarven Scourge and Slayer +1 (+2 for ``Ivan*``) on a block's armour roll, A Sneaky Pair +1 on a foul's or Stab's
armour roll (BB2025) or its injury roll (BB2020), Toxin Connoisseur +1 on a Stab's injury roll, Brutal Block +1
on a block's injury roll; :func:`star_bonus` writes them into our steps.  A once-per-game bonus with more than
one roll it may help is refused: our chain cannot choose which roll takes it.  Whirling Dervish re-rolls Fungus's
weighted roll of sixths (``calculators.compat.pieces._weighted``).  Blind Rage, Lord of Chaos, Mesmerising Dance,
Savage Mauling and Blast It! have skill codes in their notation: a star's is left to the skill reader, which models them or
refuses them (``star-skill``).  A star BBBase gives in one edition only (Frank 'n' Stein BB2020, Josef Bugman
BB2025) makes the sequence read in that edition (:func:`edition_for`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib.resources import files
from typing import Callable

from ..errors import CalcError

__all__ = ["REASONS", "STARS", "Star", "armour_bonus", "edition_for", "expand", "find", "star_bonus"]

#: reasons a star is refused (``details["reason"]``) -> what is wrong (the English reference text)
REASONS: dict[str, str] = {
    "star-skill": "a star player's skill our chain does not model changes a roll of this sequence",
    "star-rule": "a star player's special rule our chain does not model changes a roll of this sequence",
    "star-edition": "this star player has no page in the edition's rules",
}

_EVERY = frozenset("DRUCGPIKFEHJLMNSTWY") | {"block", "roll"}
#: what a once-per-game or once-per-half re-roll of any die can change (never armour, injury, a foul)
_NOT_ARMOUR = _EVERY - frozenset("KFJ")
#: their modelled skill codes -> the actions (their letters, ``block``, ``roll`` for a plain roll) whose
#: rolls the skill changes; Loner and Pro change every re-roll and are always kept
_MODELLED_USE: dict[str, frozenset[str]] = {
    "D": frozenset("D"), "SF": frozenset("R"), "SH": frozenset("U"), "C": frozenset("C"), "PA": frozenset("P"),
    "B": frozenset({"block"}), "CL": frozenset("K"), "MB": frozenset("K"), "DP": frozenset("F"),
    "L": _EVERY, "P": _EVERY,
    # star rules our chain models as player flags (calculators/rerolls.py): Consummate Professional helps any roll
    # but armour, injury and fouls (BB2020 its re-roll; BB2025 its +1 only on Agility tests, our chain knows which),
    # The Ballista a throw of a team-mate H or a pass P (BB2020; BB2025 the throw only), Old Pro an armour roll K
    "CP": _NOT_ARMOUR, "TB": frozenset("HP"), "OP": frozenset("K"), "UM": frozenset({"block"}),
    "SB": frozenset({"block"}), "WIT": frozenset({"block"}),
    # Master Assassin (a Stab's armour roll, BB2020 its injury roll) and Krump and Smash (an armour roll after a
    # block): our flags [assassin] and [krump] (calculators/rerolls.py STAR_2D6_REROLLS)
    "MA": frozenset("T"), "KS": frozenset("K"),
    "WF": frozenset({"block"}),  # Woodland Fury: our flag [woodland]
    "BL": frozenset("E"), "strong": frozenset("P"),  # Bounding Leap [leap], Strong Passing Game [strong]
    "swift": frozenset("DRE"),  # Swift as the Breeze [swift]: a dodge, rush or leap
    # Steady Footing [steady] (BB2025, calculators/chain/footing.py): a fall on a dodge, rush, leap, landing or block
    "steady": frozenset({"D", "R", "E", "G", "block"}),
    # Halfling Luck and Thinking Man's Troll: our flag [luck], a free re-roll of one die but armour and injury
    "HL": _NOT_ARMOUR, "TMT": _NOT_ARMOUR,
    # Whirling Dervish: a free re-roll of Fungus's Ball & Chain direction die, their weighted roll a/6 (pieces._weighted)
    "WD": frozenset({"roll"}),
}
#: skills (their codes) we leave to :mod:`calculators.compat.dave` to accept or refuse -> (name, actions they change)
_SKILL_USE: dict[str, tuple[str, frozenset[str]]] = {
    "BT": ("Break Tackle", frozenset("D")), "SG": ("Sneaky Git", frozenset("F")),
    "LF": ("Lone Fouler", frozenset("F")), "DC": ("Diving Catch", frozenset()), "H": ("Hatred", frozenset({"block"})),
    # star rules their notation also writes as skill codes: one implementation, the skill reader's (pieces._skills)
    "BR": ("Blind Rage", frozenset("L")), "LC": ("Lord of Chaos", frozenset({"block"})),
    "MD": ("Mesmerising Dance", frozenset("Y")), "SM": ("Savage Mauling", frozenset("J")),
    "BI": ("Blast It!", frozenset("M")),
}
#: special rules (their codes, or ours in lower case where their calculator has none) -> (name, actions)
_RULE_USE: dict[str, tuple[str, frozenset[str]]] = {
    "nails": ("Slashing Nails (Claws on a Blitz)", frozenset("K")),
}
#: skills with no code in their notation that our chain lacks (ours, lower case) -> (name, actions they change)
_SKILL_GAP: dict[str, tuple[str, frozenset[str]]] = {
    "noball": ("No Ball (No Hands in BB2020: this player never holds the ball)", frozenset("UCPM")),
}
#: star rules that add to a roll (their codes) -> (name, value, once per game, edition -> the rolls it adds to):
#: ``block`` an armour roll after a block (their ``K``), ``foul`` a foul's armour roll (``F``), ``stab`` a Stab's
#: armour roll (``T``), ``block-injury`` / ``foul-injury`` / ``stab-injury`` the injury roll (``J``) right after
#: one of those.
#: Crushing Blow, Ram, Dwarven Scourge and Slayer: a block's armour roll, once per game (Ram, Dwarven Scourge and
#: Slayer may take the injury roll instead: ours puts the +1 on the armour roll, as theirs does; Slayer only
#: against a Big Guy (BB2025) or ST 5 or more (BB2020), which their notation assumes of the block it writes).
#: A Sneaky Pair (Dribl and Drull, every time the victim is Marked by both): BB2020 the injury roll of a foul or
#: Stab, BB2025 "the roll" of a Foul or Stab, which FFB gives to the armour roll (``skill/bb2025/special/
#: ASneakyPair``) as theirs does.  Toxin Connoisseur (Rashnak): once per game, the injury roll of a Stab that broke
#: the armour, after the roll.  Sources: BBBase ``docs/bb2020|bb2025/starplayers/`` (``Dribl_and_Drull.md``,
#: ``Rashnak_Backstabber.md``, ``Grim_Ironjaw.md``) at ``87cb594``; FFB ``christerk/ffb`` at ``ac2f6d3``,
#: ``skill/bb2020|bb2025/special/ASneakyPair``, ``skill/mixed/special/ToxinConnoisseur`` and ``Slayer``.
_BLOCK_ONLY = {"bb2020": ("block",), "bb2025": ("block",)}
_ROLL_BONUS: dict[str, tuple[str, int, bool, dict[str, tuple[str, ...]]]] = {
    "CR": ("Crushing Blow", 1, True, _BLOCK_ONLY), "R": ("Ram", 1, True, _BLOCK_ONLY),
    "DS": ("Dwarven Scourge", 1, True, _BLOCK_ONLY), "S": ("Slayer", 1, True, _BLOCK_ONLY),
    "ASP": ("A Sneaky Pair", 1, False, {"bb2020": ("foul-injury", "stab-injury"), "bb2025": ("foul", "stab")}),
    "TC": ("Toxin Connoisseur", 1, True, {"bb2020": ("stab-injury",), "bb2025": ("stab-injury",)}),
    # Brutal Block (Frank 'n' Stein, BB2020 only): once per game, +1 to the injury roll after his Block action, after
    # the roll (BBBase docs/bb2020/starplayers/Frank_'n'_Stein.md; FFB skill/bb2020/special/BrutalBlock)
    "BB": ("Brutal Block", 1, True, {"bb2020": ("block-injury",), "bb2025": ("block-injury",)}),
}


def _roll_kinds(actions: str) -> list[str]:
    """The roll of each of their tokens a star's bonus may add to (:data:`_ROLL_BONUS`), in order; "" for others."""
    kinds: list[str] = []
    for tok in actions.split(","):
        letter = tok[:1]
        kind = {"K": "block", "F": "foul", "T": "stab"}.get(letter, "") if "D" not in tok[1:] else ""
        if letter == "J" and kinds and kinds[-1] in ("block", "foul", "stab"):
            kind = kinds[-1] + "-injury"
        kinds.append(kind)
    return kinds


@dataclass(frozen=True)
class Star:
    """One star: ``short`` (the name typed), ``name``, and per edition (``bb2020``/``bb2025``) the skill
    codes in their notation (None: no page in that edition's rules) and the special rule's name."""

    short: str
    name: str
    codes: dict[str, tuple[str, ...] | None]
    rule: dict[str, str | None]


def _load_stars() -> dict[str, Star]:
    """Read ``stars.json`` (standard library only: it ships inside the package, in the browser too)."""
    data = json.loads(files(__package__).joinpath("stars.json").read_text(encoding="utf-8"))
    return {row["short"].lower(): _star(row["short"], row["name"], row["codes"], row["rule_bb2020"], row["rule_bb2025"],
                                        row.get("codes_bb2020")) for row in data["stars"]}


def _star(short: str, name: str, codes: str, rule2020: str | None, rule2025: str | None,
          bb2020: str | None = None) -> Star:
    """A star whose BB2020 codes are ``bb2020`` when given, else those of BB2025 (None rule: no page)."""
    split = tuple(codes.split(",")) if codes else ()
    old = tuple(bb2020.split(",")) if bb2020 else split
    return Star(short, name, {"bb2020": old if rule2020 else None, "bb2025": split if rule2025 else None},
                {"bb2020": rule2020, "bb2025": rule2025})


#: their short name (lower case) -> :class:`Star`, from ``stars.json`` shipped with this package (the table is data:
#: their ``SkillsInput`` codes, special rules included, with ours in lower case for rules their calculator ignores,
#: and the BB2020 differences of BBBase)
STARS: dict[str, Star] = _load_stars()
_EDITION_NAME = {"bb2020": "BB2020", "bb2025": "BB2025"}


def edition_for(names: list[str], edition: str) -> str:
    """The edition a sequence naming the stars ``names`` (their short names, others ignored) is read in: ``edition``,
    unless a star named has no page in it and has one in the other (Frank 'n' Stein: BB2020 only; Josef Bugman:
    BB2025 only), whose rules are then the only ones that give him.  Mixed, it stays ``edition`` (and
    :func:`expand` refuses that star, ``star-edition``)."""
    stars = [s for s in (find(n) for n in names) if s is not None]
    others = {e for s in stars if s.codes[edition] is None for e, c in s.codes.items() if c is not None}
    if len(others) == 1 and all(s.codes[next(iter(others))] is not None for s in stars):
        return next(iter(others))
    return edition


def find(prefix: str) -> Star | None:
    """The star whose short name is ``prefix`` (any case, ``Ivan*`` included), or None."""
    return STARS.get(prefix.lower())


def _uses(actions: str) -> dict[str, str]:
    """What each written action is (their letter, ``block``, ``roll``) -> the first token written for it,
    in the order written."""
    found: dict[str, str] = {}
    for tok in actions.split(","):
        kind = "block" if "D" in tok[1:] else (tok[0] if tok[:1].isalpha() and tok[:1].isupper() else "roll")
        found.setdefault(kind, tok)
    return found


def _first(uses: dict[str, str], touched: frozenset[str]) -> str | None:
    """The first written token among the actions ``touched``, or None."""
    return next((tok for kind, tok in uses.items() if kind in touched), None)


def _refuse(reason: str, star: Star, position: int, message: str) -> CalcError:
    return CalcError("dave", f"{star.short!r} at character {position}: {star.name}: {message}", None,
                     {"reason": reason, "token": None, "position": position, "text": star.short})


def expand(star: Star, actions: str, edition: str, position: int,
           check: Callable[[str, int], object]) -> tuple[str, dict[str, int]]:
    """The skill list (their codes, e.g. ``"D,L4"``) that ``star`` brings to ``actions``, and the armour bonus.

    Args:
        star: from :func:`find`.
        actions: the player's actions in their notation, as written after ``:`` (``"D3,2D2"``).
        edition: ``"bb2020"`` or ``"bb2025"``.
        position: the 1-based character of the star's name, for the refusal.
        check: the reader of a skill list (``calculators.compat.pieces._skills``); a refusal it raises for a kept
            skill becomes a ``star-skill`` refusal naming the star.

    Returns:
        ``(codes, bonus)``: the codes that change a roll of ``actions``, comma-separated, and the star's
        bonuses to rolls (:data:`_ROLL_BONUS`): the roll's kind (``block``, ``foul``, ``stab``, ``block-injury``,
        ``foul-injury``, ``stab-injury``) -> what it adds (1 or 2), for :func:`star_bonus`.

    Raises:
        CalcError: field ``dave``, ``details["reason"]`` one of :data:`REASONS`, ``text`` the star's name.
    """
    codes = star.codes[edition]
    if codes is None:
        other = next(e for e, c in star.codes.items() if c is not None)
        raise _refuse("star-edition", star, position,
                      f"{REASONS['star-edition']} ({_EDITION_NAME[edition]}; BBBase has it in {_EDITION_NAME[other]})")
    uses = _uses(actions)
    kept: list[str] = []
    bonus: dict[str, int] = {}
    for code in codes:
        base = re.sub(r"[1-6]\Z", "", code)
        if base in _RULE_USE:
            name, touched = _RULE_USE[base]
            hit = _first(uses, touched)
            if hit is not None:
                raise _refuse("star-rule", star, position, f"{name} changes the roll {hit!r}: "
                                                           "our chain does not model that special rule")
        elif base in _SKILL_GAP:
            name, touched = _SKILL_GAP[base]
            hit = _first(uses, touched)
            if hit is not None:
                raise _refuse("star-skill", star, position, f"{name} ({_EDITION_NAME[edition]}) changes the roll "
                                                            f"{hit!r}: our chain does not model that skill")
        elif base in _ROLL_BONUS:
            name, value, once, where = _ROLL_BONUS[base]
            rolls = [k for k in _roll_kinds(actions) if k in where[edition]]
            if once and len(rolls) > 1:
                raise _refuse("star-rule", star, position, f"{name} is once per game: with {len(rolls)} rolls it "
                                                           "may help, our chain cannot choose the one it helps")
            for kind in where[edition]:
                bonus[kind] = bonus.get(kind, 0) + value + (1 if star.short == "Ivan*" else 0)
        elif _first(uses, _SKILL_USE[base][1] if base in _SKILL_USE else _MODELLED_USE[base]) is not None:
            kept.append(code)
    try:
        check(",".join(kept), 0)
    except CalcError as e:
        code = (e.details or {}).get("text") or ""
        base = re.sub(r"[1-6]\Z", "", code)
        named = {"MB": "Mighty Blow", "DP": "Dirty Player"}
        name = _SKILL_USE[base][0] if base in _SKILL_USE else (
            f"{named[base]} +{code[len(base):]}" if base in named and code != base else code)
        hit = _first(uses, _SKILL_USE[base][1] if base in _SKILL_USE else _MODELLED_USE.get(base, _EVERY))
        raise _refuse("star-skill", star, position, f"{name} ({_EDITION_NAME[edition]}) changes the roll "
                                                    f"{hit!r}: {e.message.rsplit(': ', 1)[-1]}") from None
    return ",".join(kept), bonus


def star_bonus(steps: list[str], bonus: dict[str, int]) -> list[str]:
    """Our steps of one player with the star's ``bonus`` (from :func:`expand`) added to the rolls it helps: an armour
    roll after a block ``A8m`` -> ``A8+1m``, a foul ``F8d`` -> ``F8+1d``, an injury roll right after a foul or a Stab
    ``J8`` -> ``J8+1`` (after a block's armour roll too), and a Stab's armour roll ``A8k`` -> ``A7k`` and its injury
    roll ``J8`` -> ``J7``: a Stab's rolls take no modifier in our notation (the Stab rule; BB2020 its injury roll
    too), so the star's +1 is written in the target, which is the same roll."""
    out: list[str] = []
    previous = ""
    for step in steps:
        kind = ("stab" if step.endswith("k") else "" if step.endswith("w") else "block") if step[:1] == "A" else (
            "foul" if step[:1] == "F" else f"{previous}-injury" if step[:1] == "J" and previous else "")
        value = bonus.get(kind, 0)
        if value and kind in ("stab", "stab-injury"):  # a Stab's rolls take no modifier: the target is lowered
            m = re.fullmatch(r"([AJ])(\d+)([a-z]*)", step)
            step = f"{m.group(1)}{int(m.group(2)) - value}{m.group(3)}" if m else step
        elif value:
            m = re.fullmatch(r"([AFJ])(\d+|K|C)([+-]\d+)?([a-z0-9]*)", step)
            if m:
                total = value + int(m.group(3) or 0)
                step = f"{m.group(1)}{m.group(2)}{f'{total:+d}' if total else ''}{m.group(4)}"
        out.append(step)
        previous = kind if kind in ("block", "foul", "stab") else ""
    return out


def armour_bonus(step: str, bonus: int) -> str:
    """Our step with ``bonus`` added to an armour roll's modifier (``A8m`` -> ``A8+1m``); others unchanged."""
    m = re.fullmatch(r"A(\d+)([+-]\d+)?([a-z]*)", step)
    if not bonus or m is None:
        return step
    total = bonus + int(m.group(2) or 0)
    return f"A{m.group(1)}{f'{total:+d}' if total else ''}{m.group(3)}"
