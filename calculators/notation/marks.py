"""The chain notation's letters, marks, limits and refusal reasons (the grammar is in :mod:`calculators.notation`).
"""

from __future__ import annotations

import re

from ..rerolls import STAR_RULES



LETTERS: dict[str, str] = {
    "D": "dodge", "R": "rush", "P": "pick-up", "T": "pass", "C": "catch",
    "H": "hand-off", "L": "landing", "I": "interception", "N": "test",
    "V": "jump", "M": "hail-mary", "W": "throw-team-mate", "G": "hypnotic-gaze", "E": "tentacles",
    "S": "shadowing", "K": "bribe", "Q": "argue-the-call",
    "B": "block", "A": "armour", "F": "foul", "U": "dauntless", "J": "injury",
}


_KIND_LETTER = {v: k for k, v in LETTERS.items()}


#: step kind -> skill mark letter (D6 tests)
SKILL_MARKS: dict[str, str] = {"dodge": "d", "rush": "f", "pick-up": "h", "pass": "p", "catch": "c", "hand-off": "c",
                               "hail-mary": "p", "interception": "c", "argue-the-call": "r"}


#: player flags for star player rules, once per game (:data:`calculators.rerolls.STAR_RULES`), in canonical order
STAR_FLAGS: tuple[str, ...] = tuple(STAR_RULES)


#: player flags for skills a step's marks cannot say, after the star flags: ``steady`` Steady Footing (BB2025; a 6
#: keeps the player standing after a fall, :mod:`calculators.chain.footing`)
SKILL_FLAGS: tuple[str, ...] = ("steady",)


#: the Break Tackle mark on a dodge, followed by the bonus (``D4b2``)
BREAK_TACKLE_MARK = "b"


#: block step: the attacker's mark -> skill (before ':'), in canonical order
BLOCK_ATTACKER_MARKS: dict[str, str] = {"b": "block", "t": "tackle", "r": "brawler", "j": "juggernaut", "h": "hatred",
                                        "u": "unstoppable-momentum", "n": "working-in-tandem"}


#: block step: the defender's mark -> skill (after ':'), in canonical order
BLOCK_DEFENDER_MARKS: dict[str, str] = {"b": "block", "d": "dodge", "w": "wrestle", "f": "steady-footing"}


#: armour step kind -> {mark: (ArmourStep field, skill id)}, in canonical order
ARMOUR_MARKS: dict[str, dict[str, tuple[str, str]]] = {
    "armour": {"m": ("mighty_blow", "mighty-blow"), "c": ("claws", "claws"), "i": ("iron_hard_skin", "iron-hard-skin"),
               "k": ("stab", "stab"), "w": ("chainsaw", "chainsaw"), "p": ("piling_on", "piling-on"),
               "r": ("ram", "ram"), "s": ("slayer", "slayer"), "b": ("crushing_blow", "crushing-blow")},
    "foul": {"d": ("dirty_player", "dirty-player"), "s": ("sneaky_git", "sneaky-git"), "l": ("lone_fouler", "lone-fouler"),
             "i": ("iron_hard_skin", "iron-hard-skin"), "w": ("chainsaw", "chainsaw")},
}


#: armour marks that may carry a value, the X of the skill's (+X): ``m2`` is Mighty Blow (+2); ``m`` alone is +1
VALUED_MARKS: frozenset[str] = frozenset({"m", "d"})


#: injury step: the result it needs, written after ``J`` (a number instead is a total n+)
INJURY_NEEDS_LETTERS: dict[str, str] = {"K": "ko", "C": "casualty"}


#: injury step: mark -> (InjuryStep field, skill id), in canonical order
INJURY_MARKS: dict[str, tuple[str, str]] = {"s": ("stunty", "stunty"), "t": ("thick_skull", "thick-skull")}


_STEP = re.compile(r"([A-Za-z])([0-9]+)([a-z]?)(?:b([0-9]+))?(?:~([0-9]+))?([!^']*)\Z")


_BLOCK = re.compile(r"B(-?[0-9]+)([a-z]*)(?::([a-z]*))?(?:=([a-z]*|[0-9]+))?([!^']*)\Z")


#: the marks after a step: ``!`` the coach will not re-roll it, ``'`` the coach will spend no team re-roll on it (Pro,
#: a skill or a star rule may still), ``^`` an opponent's Diving Tackle (dodges; jumps in BB2020 and BB2025)
ROLL_MARKS: dict[str, str] = {"!": "no_reroll", "'": "no_team_reroll", "^": "diving_tackle"}


_GROUP = "{}()|"


_ENDS = ",/;" + _GROUP


_WEIGHT = re.compile(r"\s*([0-9]+(?:\s*/\s*[0-9]+)?\s*:)")


_WEIGHT_TOKEN = re.compile(r"[0-9]+(?:/[0-9]+)?:")


_ARMOUR = re.compile(r"([AF])([0-9]+)([+-][0-9]+)?([a-z0-9]*)\Z")


_INJURY = re.compile(r"J(K|C|[0-9]+)([+-][0-9]+)?([a-z]*)\Z")


#: the most steps a chain may have
MAX_STEPS = 30


#: the most players a chain may have (a team has at most 11 players on the pitch)
MAX_PLAYERS = 11


#: the longest notation text, in characters (spaces included)
MAX_LENGTH = 200


#: the deepest nesting of branches and alternatives (``{…}`` and ``(…)`` inside one another)
MAX_DEPTH = 3


#: ``details["reason"]`` of a notation error -> what is wrong
REASONS: dict[str, str] = {
    "empty": "the chain is empty",
    "no-steps": "the chain has options but no step",
    "empty-step": "two separators with nothing between them",
    "leading-separator": "the chain starts with a separator",
    "trailing-separator": "the chain ends with a separator",
    "unclosed-flags": "'[' without a closing ']'",
    "misplaced-flags": "player flags not before the player's first step",
    "bad-flag": "an unknown or repeated player flag",
    "unreadable": "not a step (a letter, the die face needed, an optional skill mark)",
    "unknown-letter": "an unknown roll letter",
    "bad-target": "a die face needed outside 2..6",
    "bad-mark": "a skill mark that does not apply to the step",
    "too-many-steps": f"more than {MAX_STEPS} steps",
    "too-many-players": f"more than {MAX_PLAYERS} players",
    "too-long": f"a notation longer than {MAX_LENGTH} characters",
    "bad-option": "an option other than tr=N",
    "team-rerolls-range": "tr=N with N outside 0..8",
    "option-not-last": "a step or player after the options",
    "repeated-option": "an option given twice",
    "bad-block": "a block step that cannot be read",
    "block-dice": "block dice other than 1, 2, 3, -2, -3",
    "block-goal": "a block goal other than =s",
    "bad-armour": "an armour roll or foul that cannot be read",
    "bad-injury": "an injury roll that cannot be read",
    "bad-step-mark": "an unknown or repeated skill mark on a block, armour roll or foul",
    "step-rule": "a step the edition or the steps around it do not allow (AV range, Brawler outside a Block action, "
                 "a roll or Break Tackle bonus the edition does not have)",
    "bad-partial": "a non-critical band ~N outside 2..target-1, or on a roll that cannot have one",
    "bad-roll-mark": "a '!' (do not re-roll), a \"'\" (no team re-roll) or '^' (Diving Tackle, dodges and jumps) repeated, "
                     "together ('!' and \"'\") or where it does not apply",
    "misplaced-branch": "a '{' that does not follow a step that can branch (~N test, block, Dauntless U)",
    "branch-shape": "a Dauntless roll without its two branches {success|failure}, more than two branches, or a "
                    "'|' in a block's branch",
    "unclosed-branch": "a '{' or '(' without its closing '}' or ')'",
    "unexpected-close": "a '}', ')' or '|' with no group open",
    "missing-separator": "two steps or groups with no ',' or '/' between them",
    "bad-alternatives": "alternatives not written (weight:steps|weight:steps)",
    "bad-weight": "a weight outside (0, 1], or weights adding up to more than 1",
    "too-deep": f"branches and alternatives nested more than {MAX_DEPTH} deep",
}
