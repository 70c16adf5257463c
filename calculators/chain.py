"""A chain of D6 tests that must all succeed, with the best use of re-rolls (exact DP).

A *chain* is what a player (or a few players) must pass in one team turn, in order:
dodges, rushes, a pick-up, a pass, a catch, a landing, plain N+ tests, and opponents'
interception attempts.  Each step is a D6 test that needs ``target``+ on the die (2..6,
already including every modifier; a natural 1 always fails, a natural 6 always
succeeds).  An interception step is an opponent's roll: the chain goes on only if the
interceptor *fails*, and our re-rolls never apply to it.  A step that fails after
every re-roll ends the chain (for the full outcome tree of a pass use
:mod:`calculators.passing`).

Re-roll sources and their limits per edition (and, in BB2025, per reading of the
Loner ruling) are those of :mod:`calculators.rerolls`.  :func:`solve` returns the exact
probability that the whole chain succeeds when the coach uses re-rolls optimally: a
dynamic programme over the states (step, team re-rolls left, team re-rolls used this
turn, once-per-turn skills used, Pro used), taking at each failed die the best of:

* ``none``: accept the failure (the chain ends);
* ``skill``: the step's skill re-rolls the die;
* ``pro``: the Pro roll, then the die is re-rolled if it passes;
* ``pro+team`` (classic only): the same, and if the Pro roll fails, a team re-roll
  re-rolls the Pro roll (behind the Loner roll for a Loner player; the turn's only
  team re-roll);
* ``team``: a team re-roll, behind the Loner roll for a Loner player;
* ``team+team`` (BB2025, reading ``"rulebook"``, a Loner player, a second team
  re-roll usable): the same, and if the Loner roll fails, a second team re-roll
  re-rolls the Loner die (no Loner roll of its own; see :mod:`calculators.rerolls`).

After a failed Pro or Loner roll, accepting is worth 0 (the chain ends), so the
follow-up team re-roll is always taken when the rules allow it and one is left: the
``+team`` choices are the whole plan at that die.  Values are Fractions; states are
memoised per call (no global state).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .editions import check_edition
from .errors import CalcError
from .rerolls import ONCE_PER_TURN, SKILL_FOR_KIND, check_reading, d6_at_least, reroll_rules

__all__ = ["KINDS", "Chain", "Player", "Step", "policy", "solve", "success_by_rerolls"]

#: step kinds (the notation letter is in :mod:`calculators.notation`)
KINDS: tuple[str, ...] = ("dodge", "rush", "pick-up", "pass", "catch", "hand-off", "landing", "interception", "test")

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class Step:
    """One D6 test of a chain.

    Attributes:
        kind: one of :data:`KINDS`.
        target: the die face needed, 2..6 (modifiers already applied).
        skill: the acting player has the skill that re-rolls this kind of step
            (Dodge, Sure Feet, Sure Hands, Catch, Pass; see ``rerolls.SKILL_FOR_KIND``).
        player: index into :attr:`Chain.players` of the player who rolls.
    """

    kind: str
    target: int
    skill: bool = False
    player: int = 0

    def p(self) -> Fraction:
        """Return P(one die passes): faces ``target..6``, never a 1, always a 6."""
        return Fraction(7 - max(2, min(6, self.target)), 6)


@dataclass(frozen=True)
class Player:
    """A player's re-roll traits: ``pro`` (has Pro), ``loner`` (X of Loner (X+), or None)."""

    pro: bool = False
    loner: int | None = None


@dataclass(frozen=True)
class Chain:
    """Steps, the players who roll them, and the edition whose re-roll rules apply.

    ``reading``: BB2025 only, the reading of the disputed Loner ruling, an entry of
    :data:`calculators.rerolls.LONER_READINGS` (None: the default, ``"rulebook"``); must
    be None in the other editions.
    """

    steps: tuple[Step, ...]
    players: tuple[Player, ...] = (Player(),)
    edition: str = "classic"
    reading: str | None = None

    def validate(self) -> Chain:
        """Return self if consistent.

        Raises:
            CalcError: naming ``steps[i].<field>``, ``players[i].loner``, ``edition`` or
            ``reading``.
        """
        check_edition(self.edition)
        check_reading(self.edition, self.reading)
        if not self.players:
            raise CalcError("players", "a chain needs at least one player")
        for i, pl in enumerate(self.players):
            if pl.loner is not None and not (isinstance(pl.loner, int) and 2 <= pl.loner <= 6):
                raise CalcError(f"players[{i}].loner", f"Loner must be 2..6 (X of X+), got {pl.loner!r}", [2, 6])
        if not self.steps:
            raise CalcError("steps", "a chain needs at least one step")
        for i, s in enumerate(self.steps):
            if s.kind not in KINDS:
                raise CalcError(f"steps[{i}].kind", f"unknown step kind {s.kind!r}", list(KINDS))
            if not (isinstance(s.target, int) and 2 <= s.target <= 6):
                raise CalcError(f"steps[{i}].target", f"the die face needed must be 2..6, got {s.target!r}", [2, 6])
            if s.skill and s.kind not in SKILL_FOR_KIND:
                raise CalcError(f"steps[{i}].skill", f"no skill re-rolls a {s.kind} step", sorted(SKILL_FOR_KIND))
            if not 0 <= s.player < len(self.players):
                raise CalcError(f"steps[{i}].player", f"player index {s.player} out of range", [0, len(self.players) - 1])
            previous = self.steps[i - 1].player if i else 0
            if s.player not in (previous, previous + 1):
                raise CalcError(f"steps[{i}].player", "each player's steps are consecutive: players are numbered 0, 1, ... in order")
        if self.steps[-1].player != len(self.players) - 1:
            raise CalcError("players", "every player must roll at least one step")
        return self


def _solver(chain: Chain):
    """Return (value, options) functions over states, memoised for this chain only."""
    chain.validate()
    rr = reroll_rules(chain.edition, chain.reading)
    steps, players = chain.steps, chain.players
    cap = rr.team_rerolls_per_turn
    pro_q = d6_at_least(rr.pro_target)

    def team_left(tr: int, team_used: int) -> bool:
        return tr > 0 and (cap is None or team_used < cap)

    def loner_reroll(pl: Player, tr: int, team_used: int) -> bool:
        """After a failed Loner roll (its team re-roll spent): may a second team re-roll re-roll that die?"""
        return pl.loner is not None and rr.team_reroll_on_loner_roll and team_left(tr, team_used)

    def via_team(pl: Player, tr: int, team_used: int, then) -> Fraction:
        """Value of spending a team re-roll on some die of player ``pl`` (``team_left`` must hold).

        ``then(tr', used')`` is the value once the team re-roll goes ahead, with the
        resources left.  A Loner player rolls first; a failed Loner roll loses the team
        re-roll (it counts as used) and, when :func:`loner_reroll` allows, a second team
        re-roll re-rolls the Loner die (no Loner roll of its own, never re-rolled again).
        """
        if pl.loner is None:
            return then(tr - 1, team_used + 1)
        q = d6_at_least(pl.loner)
        v = q * then(tr - 1, team_used + 1)
        if loner_reroll(pl, tr - 1, team_used + 1):
            v += (_ONE - q) * q * then(tr - 2, team_used + 2)
        return v

    @lru_cache(maxsize=None)
    def options(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset):
        """Return [(name, value)] of the choices after step i's die fails (names in the module docstring)."""
        s = steps[i]
        pl = players[s.player]
        p = s.p()
        opts: list[tuple[str, Fraction]] = [("none", _ZERO)]
        if s.skill:
            key = (s.player, SKILL_FOR_KIND[s.kind])
            if SKILL_FOR_KIND[s.kind] not in ONCE_PER_TURN or key not in skills_used:
                used = skills_used | {key} if SKILL_FOR_KIND[s.kind] in ONCE_PER_TURN else skills_used
                opts.append(("skill", p * value(i + 1, tr, team_used, used, pro_used)))
        if pl.pro and s.player not in pro_used:
            after = pro_used | {s.player}

            def rerolled(tr2: int, used2: int) -> Fraction:  # the Pro roll passed: re-roll the die
                return p * value(i + 1, tr2, used2, skills_used, after)

            v = pro_q * rerolled(tr, team_used)
            name = "pro"
            if rr.team_reroll_on_pro_roll and team_left(tr, team_used):
                # classic: a team re-roll re-rolls the failed Pro roll
                v += (_ONE - pro_q) * via_team(pl, tr, team_used, lambda tr2, used2: pro_q * rerolled(tr2, used2))
                name = "pro+team"
            opts.append((name, v))
        if team_left(tr, team_used):
            v = via_team(pl, tr, team_used, lambda tr2, used2: p * value(i + 1, tr2, used2, skills_used, pro_used))
            opts.append(("team+team" if loner_reroll(pl, tr - 1, team_used + 1) else "team", v))
        return opts

    @lru_cache(maxsize=None)
    def value(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        if i == len(steps):
            return _ONE
        s = steps[i]
        if s.kind == "interception":  # the opponent rolls; we go on only if it fails
            return (_ONE - s.p()) * value(i + 1, tr, team_used, skills_used, pro_used)
        p = s.p()
        after_fail = max(v for _, v in options(i, tr, team_used, skills_used, pro_used))
        return p * value(i + 1, tr, team_used, skills_used, pro_used) + (_ONE - p) * after_fail

    return value, options


def solve(chain: Chain, team_rerolls: int = 0) -> Fraction:
    """Return P(every step succeeds) with ``team_rerolls`` team re-rolls and optimal re-roll use.

    Args:
        chain: the steps, players, edition and (BB2025) Loner reading.
        team_rerolls: team re-rolls left at the start, 0..8.

    Raises:
        CalcError: on an invalid chain or re-roll count.
    """
    if not (isinstance(team_rerolls, int) and 0 <= team_rerolls <= 8):
        raise CalcError("team_rerolls", f"team re-rolls must be 0..8, got {team_rerolls!r}", [0, 8])
    value, _ = _solver(chain)
    return value(0, team_rerolls, 0, frozenset(), frozenset())


def success_by_rerolls(chain: Chain, max_team_rerolls: int = 3) -> tuple[Fraction, ...]:
    """Return ``(P with 0 team re-rolls, P with 1, ..., P with max_team_rerolls)``.

    Raises:
        CalcError: as :func:`solve`.
    """
    if not (isinstance(max_team_rerolls, int) and 0 <= max_team_rerolls <= 8):
        raise CalcError("max_team_rerolls", f"must be 0..8, got {max_team_rerolls!r}", [0, 8])
    value, _ = _solver(chain)
    return tuple(value(0, k, 0, frozenset(), frozenset()) for k in range(max_team_rerolls + 1))


def policy(chain: Chain, team_rerolls: int = 0) -> tuple[str, ...]:
    """Return, for each step, the optimal choice if its die fails, on the path where all earlier dice passed.

    Choices: ``"none"`` (accept the failure), ``"skill"``, ``"pro"``, ``"pro+team"``
    (Pro, and a team re-roll on the Pro roll if it fails: classic), ``"team"``,
    ``"team+team"`` (a team re-roll, and a second one on the Loner roll if it fails:
    BB2025 as written), or ``"opponent"`` for an interception step (not ours to
    re-roll).  Later failures change the state; the DP handles them, this is the
    summary shown to readers.  Among equal values the cheapest source is named, in the
    order none, skill, Pro, team.

    Raises:
        CalcError: as :func:`solve`.
    """
    value, options = _solver(chain)
    out: list[str] = []
    for i, s in enumerate(chain.steps):
        if s.kind == "interception":
            out.append("opponent")
            continue
        opts = options(i, team_rerolls, 0, frozenset(), frozenset())
        best = max(v for _, v in opts)
        # prefer the cheapest source among equal values: none, skill, pro(+team), team(+team)
        out.append(next(name for name, v in opts if v == best))
    return tuple(out)
