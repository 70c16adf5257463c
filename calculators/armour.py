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
* Injury (2D6 + modifiers) by thresholds: up to ``stunned_max`` Stunned, up to
  ``ko_max`` KO, then Casualty.  Defaults 7 and 9 (2–7 / 8–9 / 10–12, rules-facts §5).
  Stunty: 2–6 Stunned, 7–8 KO, 9 Badly Hurt (no casualty roll), 10+ Casualty
  (classic Stunty reads 7 as KO and 9 as Badly Hurt; the BB2020/BB2025 Stunty injury
  table).  Thick Skull: one more result is Stunned (classic: 8 is Stunned; BB2025:
  8 Stunned, or 7 with Stunty).
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
    2025, p. 75: ``data/rulings/sneaky-git-injury-double.yml``).

All functions return ``{outcome: Fraction}`` dicts summing to 1 (``sent_off`` is a
separate probability).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .casualty import rows_roll
from .editions import family, mechanics
from .errors import CalcError, shown

__all__ = [
    "CLAWS_READINGS",
    "CASUALTY_D16",
    "CASUALTY_D16_BB2020",
    "CASUALTY_D68",
    "InjuryTable",
    "armour_break",
    "armour_injury",
    "armour_roll",
    "check_claws_reading",
    "casualty",
    "foul",
    "injury",
    "injury_table",
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


@dataclass(frozen=True)
class InjuryTable:
    """Injury thresholds: total <= stunned_max Stunned, <= ko_max KO, == badly_hurt_at Badly Hurt, else Casualty."""

    stunned_max: int = 7
    ko_max: int = 9
    badly_hurt_at: int | None = None

    def result(self, total: int) -> str:
        """Return ``stunned``, ``ko``, ``badly_hurt`` or ``casualty`` for an injury total."""
        if total <= self.stunned_max:
            return "stunned"
        if total <= self.ko_max:
            return "ko"
        if self.badly_hurt_at is not None and total == self.badly_hurt_at:
            return "badly_hurt"
        return "casualty"


def injury_table(stunty: bool = False, thick_skull: bool = False, base: InjuryTable | None = None) -> InjuryTable:
    """Return the injury thresholds for a player (module docstring: Stunty, Thick Skull)."""
    t = base or InjuryTable()
    if stunty:
        t = InjuryTable(t.stunned_max - 1, t.ko_max - 1, t.ko_max)
    if thick_skull:
        t = InjuryTable(t.stunned_max + 1, t.ko_max, t.badly_hurt_at)
    return t


def _breaks(edition: str, total: int, av: int) -> bool:
    return total > av if mechanics(edition).armour_rule == "exceeds" else total >= av


def _check_av(edition: str, av: int) -> None:
    lo, hi = (3, 12) if mechanics(edition).armour_rule == "exceeds" else (3, 13)
    if not (isinstance(av, int) and not isinstance(av, bool) and lo <= av <= hi):
        raise CalcError("av", f"av must be an integer from {lo} to {hi} ({edition}), got {av!r}", [lo, hi], reason="range")


#: classic Claw with Mighty Blow (``data/rulings/claws-mighty-blow-stacking.yml``), named after its positions:
#: ``"rulebook"`` counts the 8 after modifiers, ``"fumbbl"`` on the unmodified dice.  The first is the default.
CLAWS_READINGS = ("rulebook", "fumbbl")


def check_claws_reading(edition: str, reading: object) -> str | None:
    """Return the classic Claw reading that applies in ``edition``: ``reading``, or ``"rulebook"`` when None.

    Returns:
        an entry of :data:`CLAWS_READINGS` for classic and BB2016; None for BB2020 and BB2025, whose
        Claws already reads the unmodified dice (no dispute).

    Raises:
        CalcError: on field ``claws_reading``: a value outside :data:`CLAWS_READINGS` (reason
        ``choice``), or any reading given for BB2020 or BB2025 (reason ``classic-only``).
    """
    if family(edition) != "classic":
        if reading is not None:
            raise CalcError("claws_reading", f"claws_reading applies to classic and BB2016 only, not {edition}",
                            None, reason="classic-only")
        return None
    if reading is None:
        return CLAWS_READINGS[0]
    if not isinstance(reading, str) or reading not in CLAWS_READINGS:
        raise CalcError("claws_reading", f"claws_reading must be one of {', '.join(CLAWS_READINGS)}, got "
                        f"{shown(reading)}", list(CLAWS_READINGS), reason="choice")
    return reading


def armour_roll(edition: str, natural: int, av: int, modifier: int = 0, *, plus_one: bool = False,
                claws: bool = False, claws_reading: str | None = None) -> tuple[bool, bool]:
    """Return ``(broken, plus_one_spent)`` for one armour roll whose two dice total ``natural`` (2..12).

    The one implementation of an armour roll (module docstring): the armour calculator, the
    foul and the chain's armour and foul steps all call it.

    Args:
        edition: classic breaks when the total **exceeds** AV, BB2020 and BB2025 when it
            **reaches** the AV target.
        natural: the unmodified 2D6 total.
        av: classic AV, or BB2020+ AV target (not checked here: callers check it).
        modifier: every fixed armour modifier (assists on a foul, Chainsaw, ...).
        plus_one: Mighty Blow after a block, Dirty Player on a foul: +1 spent on the armour roll
            only when the armour breaks with it and not without it (otherwise it goes on the
            injury roll, ``plus_one_spent`` False).
        claws: Claws/Claw after a block: classic 8+ after modifiers (Mighty Blow included),
            BB2020/BB2025 an unmodified 8+.
        claws_reading: classic only, an entry of :data:`CLAWS_READINGS` (None: ``"rulebook"``);
            ``"fumbbl"`` reads the classic 8 on the unmodified dice, as BB2020 does.

    Raises:
        CalcError: on a ``claws_reading`` that does not apply (:func:`check_claws_reading`).
    """
    reading = check_claws_reading(edition, claws_reading)
    classic_claw = mechanics(edition).armour_rule == "exceeds" and reading != "fumbbl"

    def broken(bonus: int) -> bool:
        total = natural + modifier + bonus
        return _breaks(edition, total, av) or (claws and (total if classic_claw else natural) >= 8)

    if broken(0):
        return True, False
    if plus_one and broken(1):
        return True, True
    return False, False


def injury(modifier: int = 0, table: InjuryTable | None = None) -> dict[str, Fraction]:
    """Return the injury-roll distribution (2D6 + ``modifier``) over stunned / ko / badly_hurt / casualty."""
    t = table or InjuryTable()
    out = {"stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    for a, b in _PAIRS:
        out[t.result(a + b + modifier)] += Fraction(1, 36)
    return out


def casualty(edition: str, ranges: tuple[tuple[int, int, str], ...] | None = None, modifier: int = 0) -> dict[str, Fraction]:
    """Return the casualty-roll distribution: classic D68, BB2020/BB2025 D16 (``modifier``, e.g. Niggling +1, capped at
    the top).

    ``ranges`` default to the edition's bands (:data:`CASUALTY_D68`, :data:`CASUALTY_D16_BB2020` for BB2020,
    :data:`CASUALTY_D16` for BB2025); the ``armour`` request passes the data's table instead
    (:mod:`calculators.casualty`, which reads tables with the same code, :func:`calculators.casualty.rows_roll`).

    Raises:
        CalcError: on an unknown edition, or ranges that do not cover the die.
    """
    d68_roll = mechanics(edition).casualty_die == "d68"
    default = CASUALTY_D68 if d68_roll else CASUALTY_D16_BB2020 if family(edition) == "bb2020" else CASUALTY_D16
    return rows_roll("d68" if d68_roll else "d16", ranges or default, modifier)


def armour_injury(edition: str, av: int, armour_modifier: int = 0, injury_modifier: int = 0, *,
                  mighty_blow: bool = False, claws: bool = False, claws_reading: str | None = None,
                  table: InjuryTable | None = None) -> dict[str, Fraction]:
    """Return P(no_break / stunned / ko / badly_hurt / casualty) for a knocked-down player.

    Args:
        edition: the edition (armour rule, Claws).
        av: classic AV (3..12, breaks when exceeded) or BB2020+ AV target (3..13, ``9`` for 9+).
        armour_modifier / injury_modifier: other fixed modifiers (e.g. Chainsaw +3).
        mighty_blow: +1 applied where it helps (armour if needed to break, else injury).
        claws: Claws per edition, as :func:`armour_roll` (classic 8+ after modifiers, BB2020+
            unmodified 8+).
        claws_reading: classic only, the reading of Claw with Mighty Blow (:data:`CLAWS_READINGS`).
        table: injury thresholds (see :func:`injury_table`).

    Raises:
        CalcError: on an invalid ``av`` or edition, or a ``claws_reading`` that does not apply.
    """
    _check_av(edition, av)
    out = {"no_break": _F0, "stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    for a, b in _PAIRS:
        broke, spent = armour_roll(edition, a + b, av, armour_modifier, plus_one=mighty_blow, claws=claws,
                                   claws_reading=claws_reading)
        if not broke:
            out["no_break"] += Fraction(1, 36)
            continue
        inj_mod = injury_modifier + (1 if mighty_blow and not spent else 0)
        for k, v in injury(inj_mod, table).items():
            out[k] += Fraction(1, 36) * v
    return out


def armour_break(edition: str, av: int, modifier: int = 0, *, plus_one: bool = False, claws: bool = False,
                 foul: bool = False) -> dict[str, Fraction]:
    """Return the joint chance that an armour roll breaks and that a fouler is sent off (a chain's armour step).

    Outcomes (Fractions summing to 1): ``break`` (broken, nobody sent off), ``break_sent_off``,
    ``hold`` (not broken, nobody sent off), ``hold_sent_off``.  The injury roll itself is not
    reported: only its doubles matter here.

    Args:
        edition: classic armour breaks when the 2D6 total **exceeds** AV, BB2020 and BB2025 when it
            is **at least** the AV target (:func:`armour_injury`).
        av: classic AV 3..12, BB2020+ AV target 3..13.
        modifier: the armour roll's modifier, -8..8 (for a foul: the net assists).
        plus_one: Mighty Blow (after a block) or Dirty Player (a foul): +1 on the armour roll when it
            makes the armour break, as :func:`armour_injury` and :func:`foul` apply them; a break is
            all a chain asks of the roll.
        claws: (not with ``foul``) Claws/Claw as :func:`armour_roll`: classic counts a total of 8 or
            more **after modifiers**, Mighty Blow included; BB2020 and BB2025 an **unmodified** 8 or
            more.
        foul: the roll is a Foul's: the fouler is sent off on a natural double on the armour roll,
            or, when the armour broke on a roll that was no double, on a double on the injury roll
            (1 in 6), in every edition (:func:`foul` without Sneaky Git).

    Raises:
        CalcError: on ``av`` or ``modifier`` out of range, or ``claws`` with ``foul``.
    """
    _check_av(edition, av)
    if not (isinstance(modifier, int) and not isinstance(modifier, bool) and -8 <= modifier <= 8):
        raise CalcError("modifier", f"modifier must be an integer from -8 to 8, got {modifier!r}", [-8, 8], reason="range")
    if claws and foul:
        raise CalcError("claws", "Claws acts on the armour roll after a block, not on a foul", reason="claws-foul")
    out = {"break": _F0, "break_sent_off": _F0, "hold": _F0, "hold_sent_off": _F0}
    w = Fraction(1, 36)
    for a, b in _PAIRS:
        broke, _ = armour_roll(edition, a + b, av, modifier, plus_one=plus_one, claws=claws)
        if not foul:
            out["break" if broke else "hold"] += w
        elif a == b:
            out["break_sent_off" if broke else "hold_sent_off"] += w
        elif broke:
            out["break_sent_off"] += w / 6  # a double on the injury roll
            out["break"] += w * 5 / 6
        else:
            out["hold"] += w
    return out


def foul(edition: str, av: int, assists: int = 0, *, dirty_player: bool = False, sneaky_git: bool = False,
         table: InjuryTable | None = None) -> tuple[dict[str, Fraction], Fraction]:
    """Return ``(outcomes, P(sent off))`` for a foul: armour with ``assists`` (net, -8..8), then injury.

    Dirty Player adds +1 where it helps (as Mighty Blow).  Sent off on a natural double
    on the armour roll, or on the injury roll after a break.  Sneaky Git follows the
    edition's text (module docstring): classic and BB2025 forgive an armour double only
    when the armour holds; BB2020 forgives every armour double.  An injury double sends
    the fouler off in every edition, Sneaky Git or not.

    Raises:
        CalcError: on an invalid ``av`` or ``assists``.
    """
    _check_av(edition, av)
    if not (isinstance(assists, int) and -8 <= assists <= 8):
        raise CalcError("assists", f"assists must be an integer from -8 to 8, got {assists!r}", [-8, 8], reason="range")
    t = table or InjuryTable()
    # Sneaky Git forgives an armour double: always (BB2020), or only when the armour holds (classic, BB2025)
    forgives_broken = family(edition) == "bb2020"
    out = {"no_break": _F0, "stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    sent = _F0
    for a, b in _PAIRS:
        broke, spent = armour_roll(edition, a + b, av, assists, plus_one=dirty_player)
        inj_mod = 1 if broke and dirty_player and not spent else 0
        w = Fraction(1, 36)
        forgiven = sneaky_git and (forgives_broken or not broke)
        if a == b and not forgiven:
            sent += w
            armour_double = True
        else:
            armour_double = False
        if not broke:
            out["no_break"] += w
            continue
        for c, d in _PAIRS:
            r = t.result(c + d + inj_mod)
            out[r] += w * Fraction(1, 36)
            if c == d and not armour_double:
                sent += w * Fraction(1, 36)
    return out, sent
