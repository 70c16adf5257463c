"""Old Pro on a foul in the chain solver: per pair of armour dice, keep them or re-roll one (issue 23).

The rule and its sources are in :mod:`calculators.oldpro` (FFB ``OldProModification``: offered when the armour held
or on a double that sends the fouler off) and :mod:`calculators.rerolls` (Old Pro).  :class:`FoulOldPro` is a part of
the solver (:class:`calculators.chain.solver._Solver` inherits it): it reads the solver's ``nodes``, ``appeals``,
``last``, ``foul_pro``, ``pro_q``, ``value``, ``sent_off`` and ``old_pro``.
"""

from __future__ import annotations

from fractions import Fraction

from ..armour import armour_pair
from ..oldpro import foul_pair_outcomes, rerolled_die
from .steps import ArmourStep

_ZERO = Fraction(0)
_ONE = Fraction(1)


class FoulOldPro:
    """The solver's values at a foul whose player may still use Old Pro (a mix-in of the solver)."""

    def _foul_contrib(self, j: int, o: dict, state: tuple) -> tuple[Fraction, Fraction]:
        """``(value, P(sent off))`` from foul node j on when its roll gives the outcomes ``o``, from ``state`` on (the
        foul's send-off group, and the send-off counted a success when nothing follows, as for any foul)."""
        nd = self.nodes[j]
        go_on, kept = self.appeals.get(j, (_ZERO, _ZERO))
        on = o["break"] + o["break_sent_off"] * go_on
        v = on * self.value(nd.succ, *state) + (o["break_sent_off"] * (_ONE - go_on) if j in self.last else _ZERO)
        off = (o["break_sent_off"] + o["hold_sent_off"]) * (_ONE - go_on - kept) + on * self.sent_off(nd.succ, *state)
        return v, off

    def _foul_old_pro_at(self, j: int, state: tuple) -> tuple[Fraction, Fraction]:
        """``(value, P(sent off))`` at foul node j while its player may use Old Pro: for each pair of armour dice the
        coach keeps them, or (where FFB offers it, :func:`foul_options`) makes the Pro roll and re-rolls one die,
        whichever gives the chain the better chance; a failed Pro roll keeps the dice and spends Pro only."""
        tr, team_used, skills_used, pro_used = state
        after = self.old_pro(j, skills_used, pro_used)
        used, pro_only = (tr, team_used, *after), (tr, team_used, skills_used, pro_used | {self.nodes[j].step.player})
        q = self.pro_q
        v = off = _ZERO
        for kept, rerolls in self.foul_pro[j]:
            best = self._foul_contrib(j, kept, state)
            if rerolls:
                miss = self._foul_contrib(j, kept, pro_only)
                for o in rerolls:
                    hit = self._foul_contrib(j, o, used)
                    option = (q * hit[0] + (1 - q) * miss[0], q * hit[1] + (1 - q) * miss[1])
                    if option[0] > best[0]:
                        best = option
            v, off = v + best[0] / 36, off + best[1] / 36
        return v, off


def foul_options(edition: str, s: ArmourStep, inj) -> tuple:
    """Per ordered pair of a foul's armour dice: ``(kept outcomes, (outcomes re-rolling the second die, the first
    die), or () when Old Pro is not offered)`` (:mod:`calculators.oldpro`)."""
    def outcomes(a: int, b: int) -> dict:
        return foul_pair_outcomes(edition, a, b, s.av, s.total_modifier(), bonus=s.bonus(), sneaky_git=s.sneaky_git,
                                  iron_hard_skin=s.iron_hard_skin, injury_modifier=inj.modifier if inj else 0,
                                  need=inj.need if inj else None, table=inj.table() if inj else None)

    out = []
    for a in range(1, 7):
        for b in range(1, 7):
            broke = armour_pair(edition, a, b, s.av, s.total_modifier(), bonus=s.bonus(), foul=True,
                                iron_hard_skin=s.iron_hard_skin)[0]
            offered = not broke or a == b  # FFB OldProModification: the armour held, or a "spotted foul"
            out.append((outcomes(a, b), (rerolled_die(outcomes, a, b, True), rerolled_die(outcomes, a, b, False))
                        if offered else ()))
    return tuple(out)
