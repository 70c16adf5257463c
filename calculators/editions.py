"""Editions and the *mechanics* that differ between them.

Edition ids are those of ``data/editions/``: ``classic`` (LRB6 / CRP), ``bb2016``,
``bb2020`` and ``bb2025``.  For every mechanic modelled here BB2016 plays like classic
(``rules-facts.md`` §0), so :func:`family` maps it to ``classic``.

Only mechanics live here (how a natural 1 or 6 behaves, which result of a pass is a
fumble, how many team re-rolls a turn allows, the Pro roll).  Rule *numbers* that the
data owns (AG table, modifiers, table ranges) are passed in through
:class:`calculators.rules.RuleBook`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .errors import CalcError, shown

__all__ = ["EDITIONS", "Edition", "Mechanics", "check_edition", "family", "mechanics", "resolve"]

EDITIONS: tuple[str, ...] = ("classic", "bb2016", "bb2020", "bb2025")


def check_edition(edition: object, field: str = "edition") -> str:
    """Return ``edition`` if it is a known edition id.

    Raises:
        CalcError: naming ``field``, with the allowed ids.
    """
    if edition not in EDITIONS:
        raise CalcError(field, f"{field} must be one of {', '.join(EDITIONS)}, got {shown(edition)}", list(EDITIONS), reason="choice")
    return edition  # type: ignore[return-value]


def family(edition: str) -> str:
    """Return the mechanics family of ``edition``: ``classic`` (classic, bb2016), ``bb2020`` or ``bb2025``.

    Raises:
        CalcError: on an unknown edition.
    """
    check_edition(edition)
    return "classic" if edition in ("classic", "bb2016") else edition


@dataclass(frozen=True)
class Mechanics:
    """Edition mechanics used by the resolvers.

    Attributes:
        edition: the edition id it was built for.
        team_rerolls_per_turn: 1 in classic (LRB6 "one team re-roll per turn"); None
            (no limit, one per roll) in BB2020 and BB2025 (rules-facts §8, brief).
        pro_target: the D6 needed on the Pro roll: 4+ classic (LRB6 Pro), 3+ BB2020
            (Pro, Second Season) and 3+ BB2025 (Pro, Third Season skill text).
        pro_per: how often Pro may be used: ``"turn"`` (classic, BB2020: once per team
            turn) or ``"activation"`` (BB2025: once during each activation).
        pass_rule: ``"classic"`` (natural 1 or modified <= 1 is a fumble),
            ``"bb2020"`` (natural 1 is a fumble, a modified 1 or less is wildly
            inaccurate) or ``"bb2025"`` (natural 1 or modified <= 1 is a fumble).
        armour_rule: ``"exceeds"`` (classic: 2D6 > AV breaks) or ``"at_least"``
            (BB2020+: 2D6 >= AV+ breaks).
        casualty_die: ``"d68"`` (classic) or ``"d16"`` (BB2020, BB2025).
        kick_distance: ``"half_d6"`` (classic, BB2020 Kick: halve the D6, rounding
            down) or ``"d3"`` (BB2025 Kick: deviate D3 squares).
    """

    edition: str
    team_rerolls_per_turn: int | None
    pro_target: int
    pro_per: str
    pass_rule: str
    armour_rule: str
    casualty_die: str
    kick_distance: str


def mechanics(edition: str) -> Mechanics:
    """Return the :class:`Mechanics` of ``edition`` (see the attribute docs for sources).

    Raises:
        CalcError: on an unknown edition (field ``edition``).
    """
    fam = family(edition)
    if fam == "classic":
        return Mechanics(edition, 1, 4, "turn", "classic", "exceeds", "d68", "half_d6")
    if fam == "bb2020":
        return Mechanics(edition, None, 3, "turn", "bb2020", "at_least", "d16", "half_d6")
    return Mechanics(edition, None, 3, "activation", "bb2025", "at_least", "d16", "d3")


@dataclass(frozen=True)
class Edition:
    """An edition resolved once, at the door, and passed inward: its id, its mechanics family and its
    :class:`Mechanics`, so that no inner function checks or maps the id again.

    Attributes:
        name: the edition id (:data:`EDITIONS`): what the rules data and the answers name.
        family: ``classic`` (classic, bb2016), ``bb2020`` or ``bb2025`` (:func:`family`).
        mechanics: :func:`mechanics` of the edition.
    """

    name: str
    family: str
    mechanics: Mechanics

    @property
    def classic(self) -> bool:
        """True for the classic family (LRB6 / CRP, and BB2016 as FUMBBL plays it)."""
        return self.family == "classic"

    @property
    def bb2020(self) -> bool:
        """True for BB2020 (the Second Season)."""
        return self.family == "bb2020"

    @property
    def bb2025(self) -> bool:
        """True for BB2025 (the Third Season)."""
        return self.family == "bb2025"


def resolve(edition: object, field: str = "edition") -> Edition:
    """Return the :class:`Edition` of id ``edition`` (one value per edition, made once); an :class:`Edition`
    (the door's, passed inward) is returned as it is.

    Raises:
        CalcError: naming ``field`` on an unknown edition.
    """
    if isinstance(edition, Edition):
        return edition
    return _resolved(check_edition(edition, field))


@lru_cache(maxsize=None)
def _resolved(edition: str) -> Edition:
    return Edition(edition, family(edition), mechanics(edition))
