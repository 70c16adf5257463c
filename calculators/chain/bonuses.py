"""Break Tackle and Consummate Professional's +1 on one BB2025 dodge: two bonuses added after the die is seen.

**The rule.**  BB2025 Break Tackle: once per turn, a player attempting to Dodge may apply +1, +2 or +3 to the Agility
test (by ST; BBBase ``BBBase-EHeresy-PPPub/BBBase`` at ``87cb594``, ``docs/bb2025/core_rules/skills_and_traits.md``
BREAK TACKLE (ACTIVE); the rule text gives no moment, FFB applies it after the roll).  BB2025 Consummate
Professional (Griff Oberwald): once per game, +1 to an Agility test he made, which may be applied after the roll
(BBBase ``docs/bb2025/starplayers/Griff_Oberwald.md``).  Both are modifiers of the same test; nothing in either text
keeps them apart, so they add up.  FUMBBL (``christerk/ffb`` at ``02ec68a``) models both as optional dodge modifiers
(``ffb-common/.../skill/bb2025/BreakTackle.java``, ``skill/bb2025/special/ConsummateProfessional.java``) and, after a
failed dodge die, offers every *smallest* set of them that turns the die into a success, beside the re-roll
(``ffb-server/.../util/bb2025/DodgeModifierSelectionService.java``, used by ``step/bb2025/move/StepMoveDodge.java``); a
re-rolled die may take the still unused ones again.  Jervis (``cmelchior/jervis-ffb`` at ``64b4b14``) has no BB2025
rules and no Consummate Professional (``docs/todo-skills.md``).  The sources agree, so there is one reading.

**In the chain.**  A dodge ``D…bX`` of a player with ``consummate`` (BB2025; no Diving Tackle, no non-critical band:
refused there) fails on a die ``short`` below its target (never a natural 1); the die is saved, each bonus once:

* short by 1: by Break Tackle alone or by the +1 alone (the coach keeps the one the rest of the chain needs more);
* short by 2 up to X: by Break Tackle;
* short by X + 1: by both together;
* else not.

The failed die's cases are these classes (``within_one``, ``within_bonus``, ``within_both``, ``beyond_bonus``); the
coach may save the die, or re-roll it (and a re-rolled die may be saved in turn by what is still unused).  The choice
between the two bonuses on a die short by 1 after a re-roll is made once the die is seen: a node of its own
(``save``, appended after the end node, :func:`add_save_nodes`) whose value is the better of the two.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["PAIR_NAMES", "PairBonuses", "add_save_nodes", "pair_cases"]

#: the two bonuses' resource names, as the solver's ``skills_used`` and its choices name them
PAIR_NAMES: tuple[str, str] = ("break-tackle", "consummate")

#: a failed die's class -> the bonuses that save it: ``either`` of the two, Break Tackle alone, or both
_NEEDS: dict[str, tuple[str, ...]] = {"within_one": ("either",), "within_bonus": ("break-tackle",),
                                      "within_both": PAIR_NAMES}

_C = 0  # tree._C: a critical failure (the accepted class of every case here)
_ONE = Fraction(1)


def _short_class(short: int, bonus: int) -> str:
    """The class of a die ``short`` below its target with Break Tackle's ``bonus`` and the +1."""
    if short == 1:
        return "within_one"
    if short <= bonus:
        return "within_bonus"
    return "within_both" if short == bonus + 1 else "beyond_bonus"


def pair_cases(node, s, rerollable: bool) -> None:
    """Set the failed-roll cases of dodge ``s`` (its ``break_tackle`` bonus and the +1) on ``node`` (a tree
    ``_Node`` whose ``p_ok`` and ``again`` are set): ``{class: (P(a die of that class), critical, rerollable, None,
    None)}`` with the classes of the module docstring, and ``node.pair`` the Break Tackle bonus."""
    cases: dict[str, Fraction] = {}
    for face in range(1, 6):  # a 6 always passes
        if face >= s.target:
            continue
        name = "beyond_bonus" if face == 1 else _short_class(s.target - face, s.break_tackle)
        cases[name] = cases.get(name, Fraction(0)) + Fraction(1, 6)
    node.cases = {k: (cases[k], _C, rerollable, None, None)
                  for k in ("within_one", "within_bonus", "within_both", "beyond_bonus") if k in cases}
    node.pair = s.break_tackle


def add_save_nodes(nodes: list, make) -> dict[int, int]:
    """Append a ``save`` node after the end node for every node with both bonuses (``pair``), leading where the dodge
    leads on a success, and return ``{that node's index: its save node's index}``."""
    saves: dict[int, int] = {}
    for j in range(len(nodes)):
        if nodes[j].pair is None:
            continue
        node = make("save", nodes[j].step)
        node.succ = nodes[j].succ
        saves[j] = len(nodes)
        nodes.append(node)
    return saves


class PairBonuses:
    """The solver's part for a dodge with both bonuses (a mix-in of :class:`calculators.chain.solver._Solver`: it reads
    ``nodes``, ``falls``, ``saves``, ``value``, ``sent_off``, ``dist_terms``, ``_free_rerolls``, ``_paid_rerolls``)."""

    def _pair_saved(self, j: int, cls: str, st: tuple, weight: Fraction) -> tuple:
        """Terms of a failed die of class ``cls`` at node ``j`` in state ``st``: saved by the bonuses it needs when they
        are unused (a die short by 1 with both unused goes to the save node, which chooses), else a fall to Steady
        Footing's roll or nothing."""
        nd = self.nodes[j]
        player = nd.step.player
        free = [name for name in PAIR_NAMES if (player, name) not in st[2]]
        need = _NEEDS.get(cls, ())
        if need == ("either",):
            if len(free) == 2:
                return ((weight, self.saves[j], st),)
            need = tuple(free)  # the one left, or none
        if need and all(n in free for n in need):
            return ((weight, nd.succ, (st[0], st[1], st[2] | {(player, n) for n in need}, st[3])),)
        fall = self.falls.get(j)
        return ((weight, fall, st),) if fall is not None else ()

    def _pair_options(self, j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        """``((name, terms), ...)``: the choices after node ``j``'s die fails so (``case``, a class): keep it (a fall
        to Steady Footing's roll, or nothing), save it with the bonuses it needs (named as they are, ``+`` between
        two), or re-roll it as any dodge (the skill, star rules, Pro, a team re-roll), the new die saved in turn."""
        nd = self.nodes[j]
        player = nd.step.player
        state = (tr, team_used, skills_used, pro_used)
        _, _, rerollable, one, brawl = nd.cases[case]
        fall = self.falls.get(j)
        opts: list[tuple[str, tuple]] = [("none", ((_ONE, fall, state),) if fall is not None else ())]
        free = [name for name in PAIR_NAMES if (player, name) not in skills_used]
        need = _NEEDS.get(case, ())
        sets = [(n,) for n in free] if need == ("either",) else [need] if need and all(n in free for n in need) else []
        for used in sets:
            opts.append(("+".join(used), ((_ONE, nd.succ, (tr, team_used, skills_used | {(player, n) for n in used},
                                                        pro_used)),)))
        if nd.step.no_reroll or not rerollable:
            return tuple(opts)

        def stands(tr2: int, u2: int, sk: frozenset = skills_used, pr: frozenset = pro_used) -> tuple:
            return self._pair_saved(j, case, (tr2, u2, sk, pr), _ONE)

        def landed(dist: tuple, st: tuple) -> tuple:
            terms = self.dist_terms(nd, dist, st)
            for cls, (p, *_rest) in nd.cases.items():
                terms += self._pair_saved(j, cls, st, p)
            return terms

        keeps = bool(sets) or fall is not None
        opts += self._free_rerolls(nd, case, one, brawl, state, landed)
        opts += self._paid_rerolls(nd, one, state, keeps, landed, stands)
        return tuple(opts)

    def _save_choices(self, k: int, state: tuple) -> list[tuple]:
        """The states after each bonus that may save a die short by 1 at save node ``k``."""
        player = self.nodes[k].step.player
        tr, team_used, skills_used, pro_used = state
        return [(tr, team_used, skills_used | {(player, n)}, pro_used) for n in PAIR_NAMES
                if (player, n) not in skills_used]

    def _save_value(self, k: int, state: tuple) -> Fraction:
        """P(success) from save node ``k``: the better of the two bonuses."""
        succ = self.nodes[k].succ
        return max(self.value(succ, *st) for st in self._save_choices(k, state))

    def _save_sent_off(self, k: int, state: tuple) -> Fraction:
        """P(a send-off) from save node ``k``, playing as :meth:`_save_value` chooses (then the smaller send-off)."""
        succ = self.nodes[k].succ
        ranked = [(self.value(succ, *st), -self.sent_off(succ, *st)) for st in self._save_choices(k, state)]
        return -max(ranked)[1]
