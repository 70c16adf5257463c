"""Armour, injury and casualty rolls, and fouls, per edition (exact).

Mechanics:

* Armour (2D6 + modifiers): classic breaks when the total **exceeds** AV (LRB6);
  BB2020 and BB2025 break when it is **at least** the AV target (``9+``) (rules-facts
  §5a, §5b).
* One armour roll, one implementation: :func:`armour_roll` decides, for one 2D6 result,
  whether the armour breaks and whether Mighty Blow (or Dirty Player) was spent on it.
  The armour calculator (:func:`armour_injury`), the foul (:func:`foul`) and the chain's
  armour and foul steps (:func:`armour_break`, used by :class:`calculators.chain.ArmourStep`)
  all call it, so no two pages can disagree on an armour roll.
* Claws, per edition (:func:`armour_roll`):

  - classic (LRB6/CRP, BB2016) Claw: an armour roll of 8 or more **after modifiers**
    breaks armour, Mighty Blow included, so Claw + Mighty Blow break any armour on a
    natural 7+.  FUMBBL FFB (commit ac2f6d3): the rule text in the javadoc of
    ``skill/bb2016/Claw.java`` (``Claw``), and ``mechanics/bb2016/StatsMechanic.armourIsBroken``
    compares the armour reduced to 7 (``StatsMechanic.reduceArmour``) with the roll plus
    every armour modifier (``server/injury/injuryType/InjuryTypeBlock.armourRoll`` adds
    Mighty Blow to Claw unless the game option ``CLAW_DOES_NOT_STACK`` is set; note that
    ``factory/GameOptionFactory`` turns that option on by default, while
    ``UtilServerStartGame.addDefaultGameOptions`` turns it off).  The BB2016 engine botbowl
    (``botbowl/core/procedure.py``, ``Armor.step``) reads the 8 as unmodified instead.  The
    ruling ``data/rulings/claws-mighty-blow-stacking.yml`` shows both: ``claws_reading``
    :data:`CLAWS_READINGS` ``"rulebook"`` (the default: the rule text, the 8 after modifiers)
    or ``"fumbbl"`` (Claw on the unmodified dice, the other modifiers only against AV; botbowl
    reads it the same way).
  - BB2020 and BB2025 Claws: an **unmodified** 8+ breaks armour (BBBase
    ``docs/bb2020/core_rules/skills_and_traits.md`` "CLAWS": "before applying any
    modifiers"; ``docs/bb2025/core_rules/skills_and_traits.md`` "CLAWS (PASSIVE)":
    "natural 8+"); Mighty Blow cannot lower it (BB2020 FAQ,
    ``docs/bb2020/core_rules/faq_290525.md``, "Claws and Mighty Blow (+X) ... less than 8+":
    No) but may still go on the injury roll (same FAQ: Yes).  FFB ``mechanics/mixed/StatsMechanic``
    reduces the armour to 8.
* Mighty Blow: +1 to the armour *or* the injury roll, applied where it helps: on the
  armour roll only when the armour would not break without it, otherwise on the
  injury roll (classic MB; BB2020 MB (+1); BB2025 MB may be applied after rolling).
* **Mighty Blow (+X) and Dirty Player (+X)** (:data:`SKILL_VALUES`, :func:`skill_value`): the
  whole value goes on one roll, the armour or the injury, as for +1.  Allowed values:

  - classic (LRB6/CRP, BB2016): +1 only.  FFB ``skill/bb2016/MightyBlow`` and
    ``skill/bb2016/DirtyPlayer`` register a fixed +1 (``StaticArmourModifier``).
  - BB2020: Mighty Blow (+X) and Dirty Player (+X), "the amount shown in brackets" (BBBase
    ``docs/bb2020/core_rules/skills_and_traits.md``); FFB ``skill/bb2020/MightyBlow`` and
    ``DirtyPlayer`` carry a value (``VariableArmourModifier``), and FFB's rosters give star
    players value 2 (``ffb-server/rosters/roster_renegades.xml``: Dirty Player 2 and Mighty Blow 2;
    ``roster_dark_elf_league_fumbbl.xml``: Mighty Blow 2).  Allowed 1..2.
  - BB2025: Mighty Blow keeps a value in FFB (``skill/bb2025/MightyBlow``, a
    ``VariableArmourModifier``; BloodBowlDave's calculator takes ``MB2``), allowed 1..2; Dirty
    Player is a fixed +1 in both FFB (``skill/bb2025/DirtyPlayer``, ``StaticArmourModifier``) and
    BBBase (``docs/bb2025/core_rules/skills_and_traits.md`` "DIRTY PLAYER": "a +1 modifier"), so
    +1 only, although BloodBowlDave's calculator accepts ``DP2`` without naming an edition.
* **Star players' +1s after a block** (BB2020, BB2025, once per game, "may be applied after the roll has been
  made"; BBBase ``docs/bb2020|bb2025/starplayers/``): Ram (Rumbelow Sheepskin) and Slayer (Grim Ironjaw) add +1
  to the armour *or* the injury roll, Crushing Blow (Mighty Zug) +1 to the armour roll only.  BloodBowlDave's
  ``ArmourBreakStrategy`` and ``InjuryStrategy`` (745c978) read them the same way, with Mighty Blow (+X) beside
  them.  :func:`armour_roll` (``either``, ``armour_only``) spends each whole where it helps.
* **Iron Hard Skin** (BB2020 with its errata, BB2025; FFB ``skill/mixed/IronHardSkin``): opponents
  may not modify an armour roll against the player and Claws does not work (BBBase BB2020
  "IRON HARD SKIN", the errata in colour; BB2025 "IRON HARD SKIN (PASSIVE)").  The armour roll is
  read on the natural dice (FFB ignores foul, skill and special-effect armour modifiers), so
  Mighty Blow and Dirty Player can only go on the injury roll.  The skill does not exist in
  classic (FFB has no bb2016 class).
* Injury: read on the data's injury tables, the plain one and the Stunty / Thick Skull variants of each
  edition, by :mod:`calculators.injury` (the one module that rolls injuries; this module re-exports it).
* Casualty: classic D68 (11–38 Badly Hurt, 41–48 Miss Next Game, 51–52 Niggling Injury,
  53–58 a characteristic lost, 61–68 Dead);
  BB2020 D16 (1–6 Badly Hurt, 7–9 Seriously Hurt, 10–12 Serious Injury, 13–14 Lasting
  Injury, 15–16 Dead), BB2025 D16 (1–8, 9–10, 11–12, 13–14, 15–16).  The ``armour``
  request reads them from the data (``data/tables/casualty-<edition>.yml``, through
  :mod:`calculators.casualty`); these defaults serve calls without rules.
* Foul: armour roll with the assist difference as modifier; Dirty Player +1 applied
  where it helps (like Mighty Blow).  The fouler is sent off on a natural double on the
  armour roll, or on the injury roll when the armour broke (classic, BB2020, BB2025
  "Being Sent-off").  **Sneaky Git**, per edition (``data/skills/sneaky-git.yml``):

  - classic (LRB6/CRP, and BB2016) and BB2025: a double on the armour roll does not send
    the fouler off *as long as the armour holds*; a double that breaks the armour still
    does, and so does a double on the injury roll.
  - BB2020: a double on the armour roll never sends the fouler off, broken armour or
    not; a double on the injury roll still does (BB2020 Designer's Commentary, May
    2025, p. 75: ``data/rulings/sneaky-git-injury-double.yml``).  FFB's javadoc for
    ``skill/bb2020/SneakyGit`` still carries the classic sentence ("unless the Armour roll
    was successful"); BBBase's BB2020 text has no such condition: the sources disagree,
    and the calculator follows the rulebook text and the Designer's Commentary.
* **Lone Fouler** (BB2025 only; BBBase ``docs/bb2025/core_rules/skills_and_traits.md``
  "LONE FOULER"; FFB ``skill/bb2025/LoneFouler``, once per turn, and
  ``server/injury/modification/bb2025/LoneFoulerModification``): when nobody gives an offensive
  or a defensive assist to the foul, a failed armour roll may be re-rolled.  FFB replaces the
  armour roll by the new one before the send-off is judged, so only the kept roll's double
  counts; the rule text does not say otherwise, and this module reads it so.  The re-roll is
  taken whenever the armour held (it can only raise the chance of a break).

All functions return ``{outcome: Fraction}`` dicts summing to 1 (``sent_off`` is a
separate probability).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .casualty import rows_roll
from .editions import Edition, resolve
from .errors import CalcError, shown
from .injury import INJURY_NEEDS, InjuryTable, injury, injury_counts, injury_reaches, injury_table

__all__ = [
    "CLAWS_READINGS",
    "CASUALTY_D16",
    "CASUALTY_D16_BB2020",
    "CASUALTY_D68",
    "InjuryTable",
    "SKILL_VALUES",
    "armour_break",
    "armour_injury",
    "armour_roll",
    "check_claws_reading",
    "casualty",
    "foul",
    "injury",
    "INJURY_NEEDS",
    "armour_then_injury",
    "check_lone_fouler",
    "injury_reaches",
    "injury_table",
    "armour_pair",
    "skill_value",
]

_F0 = Fraction(0)
_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]  # the 36 ordered 2D6 results

#: casualty ranges (low, high, result) when no rules data is given (the command line without ``--rules``): the
#: same bands as ``data/tables/casualty-<edition>.yml`` (``tests/calculators/test_casualty.py`` compares them).
#: Classic D68 results are 11..68 with units 1..8.
CASUALTY_D68: tuple[tuple[int, int, str], ...] = (
    (11, 38, "badly_hurt"), (41, 48, "miss_next_game"), (51, 52, "niggling_injury"), (53, 58, "characteristic_loss"),
    (61, 68, "dead"))
CASUALTY_D16_BB2020: tuple[tuple[int, int, str], ...] = (
    (1, 6, "badly_hurt"), (7, 9, "seriously_hurt"), (10, 12, "serious_injury"), (13, 14, "lasting_injury"), (15, 16, "dead"))
CASUALTY_D16: tuple[tuple[int, int, str], ...] = (
    (1, 8, "badly_hurt"), (9, 10, "seriously_hurt"), (11, 12, "serious_injury"), (13, 14, "lasting_injury"), (15, 16, "dead"))


#: the highest value of Mighty Blow (+X) and Dirty Player (+X) per edition family (module docstring)
SKILL_VALUES: dict[str, dict[str, int]] = {
    "mighty_blow": {"classic": 1, "bb2020": 2, "bb2025": 2},
    "dirty_player": {"classic": 1, "bb2020": 2, "bb2025": 1},
}


def skill_value(edition: str | Edition, field: str, value: object) -> int:
    """Return the bonus of a (+X) skill given as a boolean or an integer: False/0 -> 0, True -> 1, X -> X.

    Args:
        edition: the edition (its family sets the highest value, :data:`SKILL_VALUES`).
        field: ``mighty_blow`` or ``dirty_player`` (the error names it).
        value: False, True, or an integer 0..the edition's highest value.

    Raises:
        CalcError: field ``field``, reason ``skill-value``, with ``allowed`` the range, on any other value.
    """
    ed = resolve(edition)
    top = SKILL_VALUES[field][ed.family]
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int) and 0 <= value <= top:
        return value
    name = field.replace("_", " ")
    raise CalcError(field, f"{name} must be true, false or an integer from 0 to {top} ({ed.name}: +1"
                    f"{' to +' + str(top) if top > 1 else ' only'}), got {shown(value)}", [0, top], reason="skill-value")


def _breaks(edition: str | Edition, total: int, av: int) -> bool:
    return total > av if resolve(edition).mechanics.armour_rule == "exceeds" else total >= av


def _check_av(edition: str | Edition, av: int) -> None:
    ed = resolve(edition)
    lo, hi = (3, 12) if ed.mechanics.armour_rule == "exceeds" else (3, 13)
    if not (isinstance(av, int) and not isinstance(av, bool) and lo <= av <= hi):
        raise CalcError("av", f"av must be an integer from {lo} to {hi} ({ed.name}), got {av!r}", [lo, hi],
                        reason="range")


def _check_iron_hard_skin(edition: str | Edition, iron_hard_skin: object, field: str = "iron_hard_skin") -> None:
    if iron_hard_skin and resolve(edition).classic:
        raise CalcError(field, f"Iron Hard Skin exists in BB2020 and BB2025 only, not {resolve(edition).name}", [False],
                        reason="edition-skill")


#: classic Claw with Mighty Blow (``data/rulings/claws-mighty-blow-stacking.yml``), named after its positions:
#: ``"rulebook"`` counts the 8 after modifiers, ``"fumbbl"`` on the unmodified dice.  The first is the default.
CLAWS_READINGS = ("rulebook", "fumbbl")


def check_claws_reading(edition: str | Edition, reading: object) -> str | None:
    """Return the classic Claw reading that applies in ``edition``: ``reading``, or ``"rulebook"`` when None.

    Returns:
        an entry of :data:`CLAWS_READINGS` for classic and BB2016; None for BB2020 and BB2025, whose
        Claws already reads the unmodified dice (no dispute).

    Raises:
        CalcError: on field ``claws_reading``: a value outside :data:`CLAWS_READINGS` (reason
        ``choice``), or any reading given for BB2020 or BB2025 (reason ``classic-only``).
    """
    ed = resolve(edition)
    if not ed.classic:
        if reading is not None:
            raise CalcError("claws_reading", f"claws_reading applies to classic and BB2016 only, not {ed.name}",
                            None, reason="classic-only")
        return None
    if reading is None:
        return CLAWS_READINGS[0]
    if not isinstance(reading, str) or reading not in CLAWS_READINGS:
        raise CalcError("claws_reading", f"claws_reading must be one of {', '.join(CLAWS_READINGS)}, got "
                        f"{shown(reading)}", list(CLAWS_READINGS), reason="choice")
    return reading


def armour_roll(edition: str | Edition, natural: int, av: int, modifier: int = 0, *, plus_one: bool | int = False,
                claws: bool = False, claws_reading: str | None = None,
                iron_hard_skin: bool = False, either: int = 0, armour_only: int = 0) -> tuple[bool, int]:
    """Return ``(broken, spent)`` for one armour roll whose two dice total ``natural`` (2..12): ``spent`` is how
    much of the bonuses that could go on the injury roll instead (the +X, and the ``either`` +1s) went on this
    roll, 0 when none did (so ``spent`` is true exactly when some did).

    The one implementation of an armour roll (module docstring): the armour calculator, the
    foul and the chain's armour and foul steps all call it.

    Args:
        edition: classic breaks when the total **exceeds** AV, BB2020 and BB2025 when it
            **reaches** the AV target.
        natural: the unmodified 2D6 total.
        av: classic AV, or BB2020+ AV target (not checked here: callers check it).
        modifier: every fixed armour modifier (assists on a foul, Chainsaw, ...).
        plus_one: Mighty Blow after a block, Dirty Player on a foul: True or 1 for +1, an integer
            X for +X (not checked here: callers check it with :func:`skill_value`), spent whole on
            the armour roll only when the armour breaks with it and not without it (otherwise it
            goes on the injury roll, ``spent`` 0).
        claws: Claws/Claw after a block: classic 8+ after modifiers (Mighty Blow included),
            BB2020/BB2025 an unmodified 8+.
        claws_reading: classic only, an entry of :data:`CLAWS_READINGS` (None: ``"rulebook"``);
            ``"fumbbl"`` reads the classic 8 on the unmodified dice, as BB2020 does.
        iron_hard_skin: the victim has Iron Hard Skin (BB2020, BB2025): the roll is read on the
            natural dice, Claws does not work and the +X is never spent on it.
        either: how many once-per-game +1s may go on this roll or the injury roll, after the roll (star
            player rules, BB2020 and BB2025: Rumbelow Sheepskin's Ram, Grim Ironjaw's Slayer).
        armour_only: how many once-per-game +1s may go on this roll only, after it (Mighty Zug's Crushing Blow).
            Every bonus is spent where it helps: on this roll only when the armour breaks with it and not without
            it, the armour-only ones first, then the fewest of the others (the +X and the +1s) that break it, so
            that the most is left for the injury roll (each bonus goes whole on one roll, as the rule texts say).

    Raises:
        CalcError: on a ``claws_reading`` that does not apply (:func:`check_claws_reading`).
    """
    reading = check_claws_reading(edition, claws_reading)
    classic_claw = resolve(edition).mechanics.armour_rule == "exceeds" and reading != "fumbbl"

    bonus = int(plus_one)
    if iron_hard_skin:
        modifier, claws, bonus, either, armour_only = 0, False, 0, 0, 0

    def broken(extra: int) -> bool:
        total = natural + modifier + extra
        return _breaks(edition, total, av) or (claws and (total if classic_claw else natural) >= 8)

    if broken(0):
        return True, 0
    # the ways to spend the injury-capable bonuses here, least spent first (the +X whole, or not; 0..either +1s)
    for spent, extra in sorted({(m + e, m + e) for m in {0, bonus} for e in range(either + 1)}):
        if broken(armour_only + extra):
            return True, spent
    return False, 0


def casualty(edition: str | Edition, ranges: tuple[tuple[int, int, str], ...] | None = None,
             modifier: int = 0) -> dict[str, Fraction]:
    """Return the casualty-roll distribution: classic D68, BB2020/BB2025 D16 (``modifier``, e.g. Niggling +1, capped at
    the top).

    ``ranges`` default to the edition's bands (:data:`CASUALTY_D68`, :data:`CASUALTY_D16_BB2020` for BB2020,
    :data:`CASUALTY_D16` for BB2025); the ``armour`` request passes the data's table instead
    (:mod:`calculators.casualty`, which reads tables with the same code, :func:`calculators.casualty.rows_roll`).

    Raises:
        CalcError: on an unknown edition, or ranges that do not cover the die.
    """
    ed = resolve(edition)
    d68_roll = ed.mechanics.casualty_die == "d68"
    default = CASUALTY_D68 if d68_roll else CASUALTY_D16_BB2020 if ed.bb2020 else CASUALTY_D16
    return rows_roll("d68" if d68_roll else "d16", ranges or default, modifier)


def armour_injury(edition: str | Edition, av: int, armour_modifier: int = 0, injury_modifier: int = 0, *,
                  mighty_blow: bool | int = False, claws: bool = False, claws_reading: str | None = None,
                  table: InjuryTable | None = None, iron_hard_skin: bool = False, either: int = 0,
                  armour_only: int = 0) -> dict[str, Fraction]:
    """Return P(no_break / stunned / ko / badly_hurt / casualty) for a knocked-down player.

    Args:
        edition: the edition (armour rule, Claws).
        av: classic AV (3..12, breaks when exceeded) or BB2020+ AV target (3..13, ``9`` for 9+).
        armour_modifier / injury_modifier: other fixed modifiers (e.g. Chainsaw +3).
        mighty_blow: True (+1) or the X of Mighty Blow (+X) (:func:`skill_value`), applied whole where
            it helps (armour if needed to break, else injury).
        claws: Claws per edition, as :func:`armour_roll` (classic 8+ after modifiers, BB2020+
            unmodified 8+).
        claws_reading: classic only, the reading of Claw with Mighty Blow (:data:`CLAWS_READINGS`).
        table: injury thresholds (see :func:`injury_table`).
        iron_hard_skin: the victim's Iron Hard Skin (BB2020, BB2025), as :func:`armour_roll`.
        either, armour_only: the star players' once-per-game +1s (Ram, Slayer; Crushing Blow), as
            :func:`armour_roll` (the callers check the edition).

    Raises:
        CalcError: on an invalid ``av`` or edition, a ``mighty_blow`` value the edition does not
        allow, Iron Hard Skin in classic, or a ``claws_reading`` that does not apply.
    """
    _check_av(edition, av)
    mb = skill_value(edition, "mighty_blow", mighty_blow)
    _check_iron_hard_skin(edition, iron_hard_skin)
    out = {"no_break": _F0, "stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    for a, b in _PAIRS:
        broke, spent = armour_roll(edition, a + b, av, armour_modifier, plus_one=mb, claws=claws,
                                   claws_reading=claws_reading, iron_hard_skin=iron_hard_skin, either=either,
                                   armour_only=armour_only)
        if not broke:
            out["no_break"] += Fraction(1, 36)
            continue
        inj_mod = injury_modifier + mb + either - spent
        for k, v in injury(inj_mod, table).items():
            out[k] += Fraction(1, 36) * v
    return out


def armour_pair(edition: str | Edition, a: int, b: int, av: int, modifier: int = 0, *, bonus: int = 0,
                claws: bool = False, foul: bool = False, sneaky_git: bool = False, iron_hard_skin: bool = False,
                claws_reading: str | None = None, either: int = 0, armour_only: int = 0) -> tuple[bool, int, bool]:
    """Return ``(broken, spent, sent_off)`` for the armour dice ``a`` and ``b`` (1..6 each): :func:`armour_roll`'s
    two values, and whether a foul's fouler is sent off for this roll (a natural double that Sneaky Git does not
    forgive: classic and BB2025 forgive it only when the armour holds, BB2020 always; module docstring)."""
    broke, spent = armour_roll(edition, a + b, av, modifier, plus_one=bonus, claws=claws, claws_reading=claws_reading,
                               iron_hard_skin=iron_hard_skin, either=either, armour_only=armour_only)
    forgiven = sneaky_git and (resolve(edition).bb2020 or not broke)
    return broke, spent, foul and a == b and not forgiven


def _rolls(edition: str | Edition, av: int, modifier: int, *, bonus: int = 0, claws: bool = False, foul: bool = False,
           sneaky_git: bool = False, lone_fouler: bool = False, iron_hard_skin: bool = False,
           claws_reading: str | None = None, either: int = 0, armour_only: int = 0):
    """Yield ``(weight, broken, bonus_spent, sent_off)`` over the armour roll's results (the one enumeration of an
    armour roll, with a foul's send-off on an armour double and Lone Fouler's re-roll; module docstring).

    ``sent_off`` is the armour roll's own send-off (a natural double not forgiven by Sneaky Git); the injury
    roll's double is left to the caller.  With ``lone_fouler`` a roll that did not break is re-rolled and
    the new roll replaces it (FFB ``RerollArmourModification``): only the kept roll's double counts.
    """
    def one(a: int, b: int):
        return armour_pair(edition, a, b, av, modifier, bonus=bonus, claws=claws, foul=foul, sneaky_git=sneaky_git,
                           iron_hard_skin=iron_hard_skin, claws_reading=claws_reading, either=either,
                           armour_only=armour_only)

    w = Fraction(1, 36)
    for a, b in _PAIRS:
        broke, spent, sent = one(a, b)
        if broke or not lone_fouler:
            yield w, broke, spent, sent
            continue
        for c, d in _PAIRS:
            yield (w / 36, *one(c, d))


def armour_break(edition: str | Edition, av: int, modifier: int = 0, *, plus_one: bool | int = False,
                 claws: bool = False, foul: bool = False, sneaky_git: bool = False, lone_fouler: bool = False,
                 iron_hard_skin: bool = False, either: int = 0, armour_only: int = 0) -> dict[str, Fraction]:
    """Return the joint chance that an armour roll breaks and that a fouler is sent off (a chain's armour step).

    Outcomes (Fractions summing to 1): ``break`` (broken, nobody sent off), ``break_sent_off``,
    ``hold`` (not broken, nobody sent off), ``hold_sent_off``.  The injury roll itself is not
    reported: only its doubles matter here.

    Args:
        edition: classic armour breaks when the 2D6 total **exceeds** AV, BB2020 and BB2025 when it
            is **at least** the AV target (:func:`armour_injury`).
        av: classic AV 3..12, BB2020+ AV target 3..13.
        modifier: the armour roll's modifier, -8..8 (for a foul: the net assists).
        plus_one: Mighty Blow (after a block) or Dirty Player (a foul): True (+1) or the X of the
            skill's (+X) (the caller checks it, :func:`skill_value`), on the armour roll when it makes
            the armour break, as :func:`armour_injury` and :func:`foul` apply them; a break is all a
            chain asks of the roll.
        claws: (not with ``foul``) Claws/Claw as :func:`armour_roll`: classic counts a total of 8 or
            more **after modifiers**, Mighty Blow included; BB2020 and BB2025 an **unmodified** 8 or
            more.
        foul: the roll is a Foul's: the fouler is sent off on a natural double on the armour roll,
            or, when the armour broke on a roll that was no double, on a double on the injury roll
            (1 in 6), in every edition.
        sneaky_git: (a foul) Sneaky Git per edition, as :func:`foul`.
        lone_fouler: (a foul, BB2025) Lone Fouler: a roll that did not break is re-rolled (the
            caller checks that nobody assists).
        iron_hard_skin: the victim's Iron Hard Skin, as :func:`armour_roll`.
        either, armour_only: (after a block) the star players' once-per-game +1s, as :func:`armour_roll`.

    Raises:
        CalcError: on ``av`` or ``modifier`` out of range, or ``claws`` with ``foul``.
    """
    _check_av(edition, av)
    if not (isinstance(modifier, int) and not isinstance(modifier, bool) and -8 <= modifier <= 8):
        raise CalcError("modifier", f"modifier must be an integer from -8 to 8, got {modifier!r}", [-8, 8], reason="range")
    if claws and foul:
        raise CalcError("claws", "Claws acts on the armour roll after a block, not on a foul", reason="claws-foul")
    out = {"break": _F0, "break_sent_off": _F0, "hold": _F0, "hold_sent_off": _F0}
    for w, broke, _, sent in _rolls(edition, av, modifier, bonus=int(plus_one), claws=claws, foul=foul,
                                     sneaky_git=sneaky_git, lone_fouler=lone_fouler, iron_hard_skin=iron_hard_skin,
                                     either=either, armour_only=armour_only):
        if sent:
            out["break_sent_off" if broke else "hold_sent_off"] += w
        elif foul and broke:
            out["break_sent_off"] += w / 6  # a double on the injury roll
            out["break"] += w * 5 / 6
        else:
            out["break" if broke else "hold"] += w
    return out


def armour_then_injury(edition: str | Edition, av: int | None, modifier: int = 0, injury_modifier: int = 0, *,
                       need: str | int = "ko", bonus: int = 0, claws: bool = False, foul: bool = False,
                       sneaky_git: bool = False, lone_fouler: bool = False, iron_hard_skin: bool = False,
                       table: InjuryTable | None = None, bonus_on_injury: bool = True,
                       piling_on: bool = False, either: int = 0, armour_only: int = 0) -> dict[str, Fraction]:
    """Return the joint outcome of an armour roll that must break followed by an injury roll that must meet ``need``.

    Outcomes, as :func:`armour_break`'s: ``break`` (the armour broke and the injury met ``need``, nobody sent
    off), ``break_sent_off`` (the same, and the fouler sent off), ``hold`` (either roll fell short, nobody sent
    off), ``hold_sent_off``.  The +X (``bonus``: Mighty Blow after a block, Dirty Player on a foul) goes on
    the armour roll only when it makes the armour break, otherwise on the injury roll (BB2020 and BB2025 "may
    be applied after the roll has been made"; classic MB/DP "only one of the dice rolls").  With ``av`` None
    there is no armour roll (an injury roll alone, e.g. a push into the crowd): the bonus then goes on the
    injury.  A foul's fouler is sent off on an armour double (:func:`armour_break`) or on an injury double.
    ``bonus_on_injury`` False: an unused +X is lost (BB2025 Mighty Blow with a Chainsaw, FFB).  ``either`` and
    ``armour_only``: the star players' once-per-game +1s (:func:`armour_roll`); the ``either`` ones the armour
    roll did not use go on the injury roll with the +X.

    ``piling_on`` (classic Piling On, after a block; FFB ``skill/bb2016/PilingOn``: "re-roll the Armour roll
    or Injury roll"): one re-roll, of the armour roll or of the injury roll, chosen with the dice in sight
    to give the best chance (:func:`_piling_on`).

    Raises:
        CalcError: as :func:`armour_break`.
    """
    w36 = Fraction(1, 36)
    out = {"break": _F0, "break_sent_off": _F0, "hold": _F0, "hold_sent_off": _F0}
    if piling_on:
        armour_break(edition, av, modifier, plus_one=bonus, claws=claws)  # the checks
        ok = _piling_on(edition, av, modifier, injury_modifier, need, bonus, claws, table)
        return {"break": ok, "break_sent_off": _F0, "hold": 1 - ok, "hold_sent_off": _F0}
    if av is None:
        rolls = [(Fraction(1), True, 0, False)]
    else:
        armour_break(edition, av, modifier, plus_one=bonus, claws=claws, foul=foul)  # the checks
        rolls = _rolls(edition, av, modifier, bonus=bonus, claws=claws, foul=foul, sneaky_git=sneaky_git,
                       lone_fouler=lone_fouler, iron_hard_skin=iron_hard_skin, either=either, armour_only=armour_only)
    for w, broke, spent, sent in rolls:
        if not broke:
            out["hold_sent_off" if sent else "hold"] += w
            continue
        mod = injury_modifier + (bonus + either - spent if bonus_on_injury else 0)
        for (ok, double), n in _injury_reach_counts(mod, need, table):
            off = sent or (foul and double)
            out[("break" if ok else "hold") + ("_sent_off" if off else "")] += w * n * w36
    return out


@lru_cache(maxsize=512, typed=True)  # the same (modifier, need, table) for each armour result
def _injury_reach_counts(modifier: int, need: str | int, table: InjuryTable | None) -> tuple:
    """``(((meets need, a double), n), ...)``: how many of the 36 ordered injury results are of each kind."""
    counts: dict[tuple[bool, bool], int] = {}
    for c, d in _PAIRS:
        key = (injury_reaches(c + d + modifier, need, table), c == d)
        counts[key] = counts.get(key, 0) + 1
    return tuple(counts.items())


def _piling_on(edition: str | Edition, av: int, modifier: int, injury_modifier: int, need: str | int, bonus: int,
               claws: bool, table: InjuryTable | None) -> Fraction:
    """P(armour broken and injury meeting ``need``) with one Piling On re-roll and the +X, both used at best.

    After the armour dice: if they break without the +X, the +X goes on the injury and Piling On may
    re-roll a short injury roll; if they break only with it, the coach either spends it (Piling On kept
    for the injury) or re-rolls the armour with Piling On (the +X kept for whichever roll needs it); if
    they hold even with it, Piling On re-rolls the armour.  The best of these is taken for each result.
    """
    w = Fraction(1, 36)

    @lru_cache(maxsize=None)
    def injury_p(mod: int, reroll: bool) -> Fraction:
        p = sum((w for c, d in _PAIRS if injury_reaches(c + d + mod, need, table)), _F0)
        return p + (1 - p) * p if reroll else p

    @lru_cache(maxsize=None)
    def armour_p(reroll: bool) -> Fraction:
        total = _F0
        for a, b in _PAIRS:
            broke, spent = armour_roll(edition, a + b, av, modifier, plus_one=bonus, claws=claws)
            without = broke and not spent
            options = []
            if without:
                options.append(injury_p(injury_modifier + bonus, reroll))
            elif broke:
                options.append(injury_p(injury_modifier, reroll))
            if reroll and not without:
                options.append(armour_p(False))
            total += w * max(options, default=_F0)
        return total

    return armour_p(True)


def foul(edition: str | Edition, av: int, assists: int = 0, *, dirty_player: bool | int = False,
         sneaky_git: bool = False, table: InjuryTable | None = None, lone_fouler: bool = False,
         iron_hard_skin: bool = False) -> tuple[dict[str, Fraction], Fraction]:
    """Return ``(outcomes, P(sent off))`` for a foul: armour with ``assists`` (net, -8..8), then injury.

    Dirty Player adds its +1 (True) or +X (BB2020: 1..2, :func:`skill_value`) where it helps (as Mighty
    Blow).  Sent off on a natural double on the armour roll, or on the injury roll after a break.
    Sneaky Git follows the edition's text (module docstring): classic and BB2025 forgive an armour
    double only when the armour holds; BB2020 forgives every armour double.  An injury double sends
    the fouler off in every edition, Sneaky Git or not.  ``lone_fouler`` (BB2025 only, and only with
    no assists on either side: ``assists`` must be 0) re-rolls an armour roll that held;
    ``iron_hard_skin`` (BB2020, BB2025) reads the armour roll on the natural dice.

    Raises:
        CalcError: on an invalid ``av``, ``assists``, ``dirty_player`` value, Lone Fouler outside BB2025
        or with assists, or Iron Hard Skin in classic.
    """
    _check_av(edition, av)
    if not (isinstance(assists, int) and -8 <= assists <= 8):
        raise CalcError("assists", f"assists must be an integer from -8 to 8, got {assists!r}", [-8, 8], reason="range")
    dp = skill_value(edition, "dirty_player", dirty_player)
    check_lone_fouler(edition, lone_fouler, assists)
    _check_iron_hard_skin(edition, iron_hard_skin)
    t = table or InjuryTable()
    out = {"no_break": _F0, "stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    sent = _F0
    w36 = Fraction(1, 36)
    for w, broke, spent, armour_double in _rolls(edition, av, assists, bonus=dp, foul=True, sneaky_git=sneaky_git,
                                                 lone_fouler=lone_fouler, iron_hard_skin=iron_hard_skin):
        if armour_double:
            sent += w
        if not broke:
            out["no_break"] += w
            continue
        inj_mod = dp - spent
        for outcome, n in injury_counts(inj_mod, t):  # the 36 injury results, counted per outcome
            out[outcome] += w * n * w36
        if not armour_double:
            sent += w * 6 * w36  # the 6 doubles among the 36 injury results
    return out, sent


def check_lone_fouler(edition: str | Edition, lone_fouler: object, assists: int, field: str = "lone_fouler") -> None:
    """Refuse Lone Fouler outside BB2025, or with assists (it needs none on either side).

    Raises:
        CalcError: field ``field``, reason ``edition-skill`` or ``lone-fouler-assists``.
    """
    if not lone_fouler:
        return
    ed = resolve(edition)
    if not ed.bb2025:
        raise CalcError(field, f"Lone Fouler exists in BB2025 only, not {ed.name}", [False], reason="edition-skill")
    if assists:
        raise CalcError(field, "Lone Fouler works only when no player gives an offensive or a defensive assist: "
                        f"the assists must be 0, got {assists:+d}", [0], reason="lone-fouler-assists")
