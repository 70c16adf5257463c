"""Chains for the chain tests: the rule sets to run over, the notation reader, and random chains (straight ones
with blocks, armour rolls and fouls; branching ones), seeded by the tests so that a failure can be replayed."""

from __future__ import annotations

import random
from fractions import Fraction as F

from chain_oracle import FAMILY

from calculators.chain import Chain
from calculators.notation import parse_chain


#: every edition, and both BB2025 readings of the Loner ruling
RULESETS = [("classic", None), ("bb2016", None), ("bb2020", None), ("bb2025", "rulebook"),
            ("bb2025", "designers-commentary")]


def P(text, edition="classic", reading=None):
    """The chain written `text` in our notation (tests/calculators use it as a short name)."""
    return parse_chain(text, edition, reading).chain


def random_block(rng: random.Random, brawler: bool = False) -> str:
    """A random block in our notation (dice, the attacker's and the defender's marks, the goal)."""
    dice = rng.choice([1, 2, 2, -2, 3, -3])
    attacker = "".join(m for m in "bt" if rng.random() < 0.4) + ("r" if brawler else "")
    defender = "".join(m for m in "bdw" if rng.random() < 0.3)
    return f"B{dice}{attacker}" + (f":{defender}" if defender else "") + ("=s" if rng.random() < 0.3 else "")


def random_armour(rng: random.Random, edition: str, foul: bool) -> str:
    """A random armour roll or foul in our notation (AV, modifier, skill marks)."""
    # AV 12 in classic (and 13 in BB2020+) with no modifier can never break: a chain that cannot succeed
    av = rng.randint(6, 12 if FAMILY[edition] == "classic" else 13)
    modifier = rng.choice([0, 0, 1, 2, -1]) if foul else rng.choice([0, 0, 0, 1, -1])
    marks = ("d" if rng.random() < 0.5 else "") if foul else "".join(m for m in "mc" if rng.random() < 0.4)
    return f"{'F' if foul else 'A'}{av}{f'{modifier:+d}' if modifier else ''}{marks}"


def random_chain(rng: random.Random, edition: str, reading: str | None = None, flag_rate: float = 0.3,
                 rich: bool = False) -> Chain:
    """A random chain of D6 tests; `rich` adds blocks, armour rolls, fouls and (BB2020+) Brawler's Block actions."""
    letters = "DRPTCHLIN" + ("BBBAF" if rich else "")
    marks = {"D": "d", "R": "f", "P": "h", "T": "p", "C": "c", "H": "c"}
    n_players = rng.choice([1, 1, 2])
    parts = []
    for p in range(n_players):
        flags = []
        if rng.random() < flag_rate:
            flags.append("pro")
        if rng.random() < flag_rate:
            flags.append(f"loner={rng.randint(2, 6)}")
        toks = []
        if rich and FAMILY[edition] != "classic" and rng.random() < 0.25:
            # a Block action with Brawler: the block, perhaps its armour roll, nothing else
            toks.append(random_block(rng, brawler=True))
            if rng.random() < 0.5:
                toks.append(random_armour(rng, edition, foul=False))
        else:
            for _ in range(rng.randint(1, 3 if rich else 4)):
                letter = rng.choice(letters)
                if letter == "B":
                    toks.append(random_block(rng))
                elif letter in "AF":
                    toks.append(random_armour(rng, edition, foul=letter == "F"))
                else:
                    mark = marks.get(letter, "") if rng.random() < 0.4 else ""
                    toks.append(f"{letter}{rng.randint(2, 6)}{mark}")
        parts.append((f"[{','.join(flags)}]" if flags else "") + ",".join(toks))
    return parse_chain("/".join(parts), edition, reading).chain


def random_branching(rng: random.Random, edition: str, depth: int = 0, budget: list | None = None) -> str:
    """A small random branching chain (one or two players), as notation."""
    budget = budget if budget is not None else [5]
    modern = FAMILY[edition] != "classic"

    def d6() -> str:
        letter = rng.choice("DRPTCNIG")
        target = rng.randint(2, 6)
        mark = {"D": "d", "R": "f", "P": "h", "T": "p", "C": "c"}.get(letter, "") if rng.random() < 0.4 else ""
        tok = f"{letter}{target}{mark}"
        if letter == "I":
            return tok
        if letter == "D" and rng.random() < 0.3:
            return tok + ("!" if rng.random() < 0.2 else "") + "^"
        branch = ""
        low = 1 if letter == "G" else 2  # a gaze's every failure may go on (~1)
        if target > low and rng.random() < 0.4:
            tok += f"~{rng.randint(low, target - 1)}"
            if depth < 2 and rng.random() < 0.6:
                body = seq()
                branch = "{" + body + "}" if body else ""  # T4~2{} is written T4~2
                if rng.random() < 0.3:  # a success branch too: T4~2{success|non-critical}
                    success = seq()
                    branch = "{" + success + "|" + body + "}" if success else branch
        if rng.random() < 0.15:
            tok += "!"
        return tok + branch

    def blk() -> str:
        dice = rng.choice([1, 2, -2])
        att = "".join(m for m in "bt" if rng.random() < 0.4)
        dfd = "".join(m for m in "bdw" if rng.random() < 0.3)
        tok = f"B{dice}{att}" + (f":{dfd}" if dfd else "")
        if rng.random() < 0.15:
            tok += "!"
        if depth < 2 and rng.random() < 0.5:
            tok += "{" + (seq() if rng.random() < 0.7 else "") + "}"
        return tok

    def item() -> str:
        budget[0] -= 1
        r = rng.random()
        if depth < 2 and r < 0.12:
            return f"U{rng.randint(2, 6)}{{{seq()}|{seq()}}}"
        if depth < 2 and r < 0.22:
            k = rng.randint(1, 2)
            ws = [F(rng.randint(1, 3), 6) for _ in range(k)]
            return "(" + "|".join(f"{w.numerator}/{w.denominator}:" + seq() for w in ws) + ")"
        if r < 0.4:
            return blk()
        if r < 0.47:
            return random_armour(rng, edition, foul=rng.random() < 0.5)
        return d6()

    def seq() -> str:
        nonlocal depth
        depth += 1
        n = rng.randint(0, 2) if budget[0] > 0 else 0
        out = ",".join(item() for _ in range(n))
        depth -= 1
        return out

    parts = []
    for p in range(rng.choice([1, 1, 2])):
        flags = [f for f, on in (("pro", rng.random() < 0.4), (f"loner={rng.randint(2, 6)}", rng.random() < 0.3)) if on]
        toks = [item() for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.3:  # the player starts with a split (issue 9: an opponent's roll against it first)
            budget[0] -= 1
            toks.insert(0, "(" + "|".join(f"{w.numerator}/{w.denominator}:" + seq()
                                          for w in (F(rng.randint(1, 3), 6) for _ in range(rng.randint(1, 2)))) + ")")
        parts.append((f"[{','.join(flags)}]" if flags else "") + ",".join(toks))
    text = "/".join(parts)
    return text if modern or "r" not in text else text
