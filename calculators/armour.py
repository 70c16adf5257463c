"""Armour, injury and casualty rolls, and fouls, per edition (exact).

Mechanics:

* Armour (2D6 + modifiers): classic breaks when the total **exceeds** AV (LRB6);
  BB2020 and BB2025 break when it is **at least** the AV target (``9+``) (rules-facts
  §5a, §5b).
* Claws: the armour breaks on an *unmodified* 2D6 of ``claws_at`` or more (8, BB2025
  Claws text "natural 8+"; the classic Claw reads "8 or more after modifications":
  both are offered through ``claws_modified``).
* Mighty Blow: +1 to the armour *or* the injury roll, applied where it helps: on the
  armour roll only when the armour would not break without it, otherwise on the
  injury roll (classic MB; BB2020 MB (+1); BB2025 MB may be applied after rolling).
* Injury (2D6 + modifiers) by thresholds: up to ``stunned_max`` Stunned, up to
  ``ko_max`` KO, then Casualty.  Defaults 7 and 9 (2–7 / 8–9 / 10–12, rules-facts §5).
  Stunty: 2–6 Stunned, 7–8 KO, 9 Badly Hurt (no casualty roll), 10+ Casualty
  (classic Stunty reads 7 as KO and 9 as Badly Hurt; the BB2020/BB2025 Stunty injury
  table).  Thick Skull: one more result is Stunned (classic: 8 is Stunned; BB2025:
  8 Stunned, or 7 with Stunty).
* Casualty: classic D68 (11–38 Badly Hurt, 41–58 Serious Injury, 61–68 Dead);
  BB2020/BB2025 D16 (1–8 Badly Hurt, 9–10 Seriously Hurt, 11–12 Serious Injury,
  13–14 Lasting Injury, 15–16 Dead).  The ranges are parameters with these defaults,
  so the data can supply them.
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

from .dice import d68, die
from .editions import family, mechanics
from .errors import CalcError

__all__ = [
    "CASUALTY_D16",
    "CASUALTY_D68",
    "InjuryTable",
    "armour_break",
    "armour_injury",
    "casualty",
    "foul",
    "injury",
    "injury_table",
]

_F0 = Fraction(0)
_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]  # the 36 ordered 2D6 results

#: default casualty ranges (low, high, result); classic D68 results are 11..68 with units 1..8
CASUALTY_D68: tuple[tuple[int, int, str], ...] = ((11, 38, "badly_hurt"), (41, 58, "serious_injury"), (61, 68, "dead"))
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


def injury(modifier: int = 0, table: InjuryTable | None = None) -> dict[str, Fraction]:
    """Return the injury-roll distribution (2D6 + ``modifier``) over stunned / ko / badly_hurt / casualty."""
    t = table or InjuryTable()
    out = {"stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    for a, b in _PAIRS:
        out[t.result(a + b + modifier)] += Fraction(1, 36)
    return out


def casualty(edition: str, ranges: tuple[tuple[int, int, str], ...] | None = None, modifier: int = 0) -> dict[str, Fraction]:
    """Return the casualty-roll distribution: classic D68, BB2020/BB2025 D16 (``modifier``, e.g. Decay +1, capped at the top).

    Raises:
        CalcError: on an unknown edition, or ranges that do not cover the die.
    """
    d = d68() if mechanics(edition).casualty_die == "d68" else die(16)
    rows = ranges or (CASUALTY_D68 if mechanics(edition).casualty_die == "d68" else CASUALTY_D16)
    top = max(d)
    out: dict[str, Fraction] = {}
    for face, p in d.items():
        v = min(face + modifier, top)
        match = [name for lo, hi, name in rows if lo <= v <= hi]
        if len(match) != 1:
            raise CalcError("ranges", f"casualty ranges must cover each result once; {v} is covered {len(match)} times", reason="rules")
        out[match[0]] = out.get(match[0], _F0) + p
    return out


def armour_injury(edition: str, av: int, armour_modifier: int = 0, injury_modifier: int = 0, *,
                  mighty_blow: bool = False, claws: bool = False, claws_at: int = 8, claws_modified: bool = False,
                  table: InjuryTable | None = None) -> dict[str, Fraction]:
    """Return P(no_break / stunned / ko / badly_hurt / casualty) for a knocked-down player.

    Args:
        edition: the edition (armour rule).
        av: classic AV (3..12, breaks when exceeded) or BB2020+ AV target (3..13, ``9`` for 9+).
        armour_modifier / injury_modifier: other fixed modifiers (e.g. Chainsaw +3).
        mighty_blow: +1 applied where it helps (armour if needed to break, else injury).
        claws: an armour total (natural by default) of ``claws_at`` or more breaks.
        table: injury thresholds (see :func:`injury_table`).

    Raises:
        CalcError: on an invalid ``av`` or edition.
    """
    _check_av(edition, av)
    out = {"no_break": _F0, "stunned": _F0, "ko": _F0, "badly_hurt": _F0, "casualty": _F0}
    for a, b in _PAIRS:
        natural = a + b
        total = natural + armour_modifier
        clawed = claws and (total if claws_modified else natural) >= claws_at
        inj_mod = injury_modifier
        if _breaks(edition, total, av) or clawed:
            inj_mod += 1 if mighty_blow else 0
        elif mighty_blow and _breaks(edition, total + 1, av):
            pass  # Mighty Blow spent on the armour roll
        else:
            out["no_break"] += Fraction(1, 36)
            continue
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
        claws: (not with ``foul``) Claws/Claw: classic counts a total of 8 or more **after modifiers**,
            Mighty Blow included (LRB6/CRP Claw, ``data/skills/claws.yml`` classic note); BB2020 and
            BB2025 an **unmodified** 8 or more (BB2025 Claws).  (The armour calculator reads every
            edition as unmodified; see its page.)
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
    classic_claw = mechanics(edition).armour_rule == "exceeds"
    out = {"break": _F0, "break_sent_off": _F0, "hold": _F0, "hold_sent_off": _F0}
    w = Fraction(1, 36)
    for a, b in _PAIRS:
        natural = a + b

        def broken(bonus: int) -> bool:
            total = natural + modifier + bonus
            clawed = claws and (total if classic_claw else natural) >= 8
            return _breaks(edition, total, av) or clawed

        broke = broken(0) or (plus_one and broken(1))
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
        total = a + b + assists
        broke = _breaks(edition, total, av)
        inj_mod = 0
        if broke:
            inj_mod = 1 if dirty_player else 0
        elif dirty_player and _breaks(edition, total + 1, av):
            broke = True
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
