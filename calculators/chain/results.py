"""The chain's answers: P(success), P(a send-off) and the best re-roll choices, per number of team re-rolls.

Each function builds one solver (:mod:`calculators.chain.solver`) for the chain and reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import CalcError
from .model import Chain
from .solver import _solver
from .steps import walk


def _check_team_rerolls(name: str, k: object) -> None:
    if not (isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= 8):
        raise CalcError(name, f"{name.replace('_', ' ')} must be 0..8, got {k!r}", [0, 8], reason="range")


def solve(chain: Chain, team_rerolls: int = 0) -> Fraction:
    """Return P(every step succeeds) with ``team_rerolls`` team re-rolls and optimal re-roll use.

    Args:
        chain: the steps, players, edition and (BB2025) Loner reading.
        team_rerolls: team re-rolls left at the start, 0..8.

    Raises:
        CalcError: on an invalid chain or re-roll count.
    """
    _check_team_rerolls("team_rerolls", team_rerolls)
    value = _solver(chain)[0]
    return value(0, team_rerolls, 0, frozenset(), frozenset())


def success_by_rerolls(chain: Chain, max_team_rerolls: int = 3) -> tuple[Fraction, ...]:
    """Return ``(P with 0 team re-rolls, P with 1, ..., P with max_team_rerolls)``.

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    value = _solver(chain)[0]
    return tuple(value(0, k, 0, frozenset(), frozenset()) for k in range(max_team_rerolls + 1))


def sent_off_by_rerolls(chain: Chain, max_team_rerolls: int = 3) -> tuple[Fraction, ...]:
    """Return P(a fouler is sent off) for 0..max_team_rerolls team re-rolls (all 0 without a foul step).

    The coach plays for the greatest chance of success, then (among equally good choices)
    for the smallest chance of a send-off.  A send-off on a foul whose armour held counts; one that a
    Bribe or Argue the Call of the foul's send-off group cancels does not (:func:`appeal_chances`).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    sent = _solver(chain)[1]
    return tuple(sent(0, k, 0, frozenset(), frozenset()) for k in range(max_team_rerolls + 1))


def _policy(chain: Chain, choose, fail_cases, team_rerolls: int, tree: tuple) -> tuple[str | dict[str, str], ...]:
    nodes, main = tree
    state = (team_rerolls, 0, frozenset(), frozenset())
    out: list[str | dict[str, str]] = []
    for j in main:
        kind = nodes[j].kind
        if kind == "opp":
            out.append("opponent")
        elif kind != "roll":  # armour rolls, fouls, weighted alternatives: nothing to re-roll
            out.append("none")
        else:
            names = {"critical" if case is None else case: choose(j, *state, case)[0] for _, case in fail_cases(j)}
            distinct = set(names.values())
            out.append(distinct.pop() if len(distinct) == 1 else names if names else "none")
    return tuple(out)


def policy(chain: Chain, team_rerolls: int = 0) -> tuple[str | dict[str, str], ...]:
    """Return, for each step, the optimal choice if its roll fails, on the path where all earlier rolls passed.

    Choices: ``"none"`` (accept the failure; always so for an armour roll, a foul, a
    Bribe or Argue the Call, which nothing re-rolls), ``"break-tackle"`` (a dodge whose die
    fell short by no more than the bonus), ``"skill"`` (for a block: Brawler), ``"consummate"``
    (Consummate Professional: BB2020 its re-roll, BB2025 its +1), ``"ballista"`` (The Ballista),
    ``"savageblow"`` (Savage Blow; Old Pro on an armour roll is always used, so not a choice), ``"pro"``,
    ``"pro+team"`` (Pro, and a team re-roll on the Pro roll if it fails: classic),
    ``"team"``, ``"team+team"`` (a team re-roll, and a second one on the Loner roll if
    it fails: BB2025 as written), ``"team+consummate"`` (BB2020: a team re-roll, and Consummate Professional on the
    Loner roll if it fails), or ``"opponent"`` for an interception step (not ours
    to re-roll).  For a block step whose best choice depends on the failed roll, a dict
    ``{case: choice}`` over the :data:`BLOCK_CASES` that can occur (a block with a branch:
    ``"critical/…"`` and ``"non_critical/…"`` cases, what one re-rolled die can give after it:
    ``new``, ``push``, ``none``); for a D6 test with a non-critical band or against Diving Tackle
    in BB2025, a dict over ``"critical"``, ``"non_critical"``, ``"dived"`` when they differ (with Break Tackle,
    ``"within_bonus"``, ``"beyond_bonus"`` and in BB2025 ``"dived"``, ``"dived_within"``: the bonus saves the die or not;
    with Break Tackle and BB2025 Consummate Professional's +1, ``"within_one"``, ``"within_both"`` too, and the choice
    ``"break-tackle+consummate"``: :mod:`calculators.chain.bonuses`).  Main-line
    steps only: a Dauntless roll has its own entry; weighted alternatives ``"none"``.  Later failures
    change the state; the DP handles them, this is the summary shown to readers.  Among
    equal values the cheapest source is named, in the order none, skill, Pro, team
    (after the smaller chance of a send-off, in a chain with a foul).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("team_rerolls", team_rerolls)
    _, _, choose, fail_cases, tree = _solver(chain)
    return _policy(chain, choose, fail_cases, team_rerolls, tree)


@dataclass(frozen=True)
class Row:
    """One line of :func:`summary`: with ``team_rerolls`` team re-rolls, P(success), P(a fouler is sent
    off) (None in a chain without a foul) and :func:`policy`."""

    team_rerolls: int
    success: Fraction
    sent_off: Fraction | None
    policy: tuple[str | dict[str, str], ...]


def summary(chain: Chain, max_team_rerolls: int = 3) -> tuple[Row, ...]:
    """Return a :class:`Row` for 0..max_team_rerolls team re-rolls, from one solver (what the ``chain`` request shows).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    value, sent_off, choose, fail_cases, tree = _solver(chain)
    fouls = any(s.kind == "foul" for _, s in walk(chain.steps))
    start = (0, frozenset(), frozenset())
    return tuple(Row(k, value(0, k, *start), sent_off(0, k, *start) if fouls else None,
                     _policy(chain, choose, fail_cases, k, tree)) for k in range(max_team_rerolls + 1))
