"""Skills and star rules the chain gained for issue 23, each with hand-worked values, BloodBowlDave's notation for
it, and a brute-force oracle over every die face: Break Tackle against an opponent's Diving Tackle on one dodge,
Blind Rage, Lord of Chaos, Mesmerising Dance, Cloud Burster, Savage Mauling.

Rules (BBBase ``docs/bb2020|bb2025/core_rules/skills_and_traits.md`` BREAK TACKLE, DIVING TACKLE): Break Tackle adds
its bonus to a Dodge's Agility test once per activation (BB2020) or per turn (BB2025); Diving Tackle takes 2 off a
test that passed, before the coach's re-roll in BB2020 (the -2 staying for the re-roll), once every re-roll and
modifier is applied in BB2025.  A natural 6 always passes, a natural 1 always fails.
"""

from __future__ import annotations

import random
from fractions import Fraction as F
from functools import lru_cache

import pytest

from calculators.chain import policy, solve, success_by_rerolls
from calculators.compat.dave import translate
from calculators.notation import format_chain, parse_chain

FACES = range(1, 7)
PRO_NEEDS = 3  # BB2020 and BB2025 Pro: 3+, and no other re-roll of that die after it


def P(text: str, edition: str):
    return parse_chain(text, edition).chain


def oracle(chain, team_rerolls: int) -> F:
    """P(success) of one player's chain of dodges (Dodge skill, Break Tackle, Diving Tackle) and other D6 tests,
    with Pro and team re-rolls, by expectimax over every die face (each die re-rolled at most once)."""
    bb2025 = chain.edition == "bb2025"
    pro = chain.players[0].pro
    steps = chain.steps

    def passes(face, target):
        return face == 6 or (face != 1 and face >= target)

    @lru_cache(maxsize=None)
    def go(i, tr, bt_used, dodge_used, pro_used):
        if i == len(steps):
            return F(1)
        s = steps[i]
        b, dive = s.break_tackle, s.diving_tackle

        def final(face, tr, bt_used, dodge_used, pro_used):
            """A die that is kept: the diver dives whenever it can fail it, Break Tackle is added if it saves it."""
            need = s.target + 2 if dive else s.target
            if passes(face, need):
                return go(i + 1, tr, bt_used, dodge_used, pro_used)
            if b and not bt_used and face != 1 and face + b >= need:
                return go(i + 1, tr, True, dodge_used, pro_used)
            return F(0)

        def first(face):
            state = (tr, bt_used, dodge_used, pro_used)
            if dive and not bb2025:  # BB2020: dived before the re-roll, the -2 staying: every roll needs 2 more
                ok = passes(face, s.target + 2)
            else:  # BB2025: a die that passed is never re-rolled (the dive, if any, comes after)
                ok = passes(face, s.target)
            if ok:
                return final(face, *state)
            best = final(face, *state)
            if s.skill and not dodge_used:  # Dodge: once per turn
                best = max(best, sum(final(g, tr, bt_used, True, pro_used) for g in FACES) / 6)
            if pro and not pro_used:
                best = max(best, sum((sum(final(g, tr, bt_used, dodge_used, True) for g in FACES) / 6)
                                     if r >= PRO_NEEDS else final(face, tr, bt_used, dodge_used, True)
                                     for r in FACES) / 6)
            if tr > 0:
                best = max(best, sum(final(g, tr - 1, bt_used, dodge_used, pro_used) for g in FACES) / 6)
            return best

        return sum(first(f) for f in FACES) / 6

    return go(0, team_rerolls, False, False, False)


def test_hand_worked_values():
    # D4b1^, BB2025: a 6 passes; a 5 is dived to 3 and Break Tackle's +1 makes it 4: 1/3. A 4 is dived to 2 beyond
    # any re-roll (it had passed); a 1-3 may be re-rolled with the team re-roll: 1/3 + 1/2 · 1/3 = 1/2
    assert success_by_rerolls(P("D4b1^", "bb2025"), 1) == (F(1, 3), F(1, 2))
    # BB2020: every roll needs 6, or 5 with Break Tackle: 1/3, then 1/3 + 2/3 · 1/3 = 5/9
    assert success_by_rerolls(P("D4b1^", "bb2020"), 1) == (F(1, 3), F(5, 9))
    # Break Tackle +3 (BB2025) even saves a failed 3 on a 4+ dodge against the dive: 3 + 3 - 2 = 4
    assert solve(P("D4b3^", "bb2025")) == F(4, 6)
    # once per turn: D3b1^,D4b1^ (BB2025) 1/3 · 1/3 (first passes on 5-6, the second keeps the bonus) + 1/6 · 1/6
    assert solve(P("D3b1^,D4b1^", "bb2025")) == F(5, 36)
    assert policy(P("D4b1^", "bb2025"), 1) == ({"beyond_bonus": "team", "dived": "none",
                                                 "dived_within": "break-tackle"},)


def test_their_break_tackle_against_diving_tackle_is_translated():
    t = translate('BT1:D4"')
    assert (t.notation, t.edition) == ("D4b1^", "bb2025")
    assert translate('BT2:D3",D4"~S2').notation == "D3b2^,D4b2^"


def random_chain(rng: random.Random, edition: str) -> str:
    bonuses = (1, 2) if edition == "bb2020" else (1, 2, 3)
    toks = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.75:
            bonus = rng.choice((0,) + bonuses)
            toks.append(f"D{rng.randint(2, 6 + bonus)}{'d' if rng.random() < 0.3 else ''}"
                        f"{f'b{bonus}' if bonus else ''}{'^' if rng.random() < 0.7 else ''}")
        else:
            toks.append(f"R{rng.randint(2, 6)}")
    return ("[pro]" if rng.random() < 0.4 else "") + ",".join(toks)


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
@pytest.mark.parametrize("seed", range(10))
def test_dp_agrees_with_the_oracle(seed, edition):
    rng = random.Random(2300 + seed)
    chain = P(random_chain(rng, edition), edition)
    for tr in range(3):
        assert solve(chain, tr) == oracle(chain, tr), (format_chain(chain), edition, tr)


def test_the_oracle_finds_the_hand_worked_values():
    assert oracle(P("D4b1^", "bb2025"), 1) == F(1, 2) and oracle(P("D4b1^", "bb2020"), 1) == F(5, 9)
    assert oracle(P("D3b1^,D4b1^", "bb2025"), 0) == F(5, 36)


# --------------------------------------------------------------------- Blind Rage (Akhorne's Dauntless re-roll)

def test_blind_rage_re_rolls_every_dauntless_roll_for_free():
    from tree_oracle import oracle_tree

    # U4{B1|B-2} with no team re-roll: the Dauntless roll passes on 4+ (1/2), Blind Rage re-rolls a failure: 3/4
    # reach the one-die block (1/3: POW, Stumbles with no skills), 1/4 the defender's two dice (1/9)
    chain = P("[blindrage]U4{B1|B-2}", "bb2025")
    assert solve(chain) == F(3, 4) * F(1, 3) + F(1, 4) * F(1, 9)
    assert solve(P("U4{B1|B-2}", "bb2025")) == F(1, 2) * F(1, 3) + F(1, 2) * F(1, 9)
    # no limit per game: two Dauntless rolls in a chain are both re-rolled
    two = P("[blindrage,loner=4]U4{B1|B-2},U5{B2|B1}", "bb2020")
    for text, edition in (("[blindrage]U4{B1|B-2}", "bb2025"), ("[blindrage,loner=4]U4{B1|B-2},U5{B2|B1}", "bb2020"),
                          ("[blindrage,pro]U3!{B2|B-2},D3", "bb2025"), ("[pro,blindrage]U6{B1|B-3},R2", "bb2020")):
        chain = P(text, edition)
        for tr in range(3):
            assert solve(chain, tr) == oracle_tree(chain, tr)[0], (text, edition, tr)
    assert solve(two) > solve(P("[loner=4]U4{B1|B-2},U5{B2|B1}", "bb2020"))
    assert translate("BR,L4:L3,2D2|-2D2").notation == "[loner=4,blindrage]U3{B2|B-2}"


def test_blind_rage_is_a_bb2020_and_bb2025_star_rule():
    from calculators.errors import CalcError

    with pytest.raises(CalcError) as e:
        P("[blindrage]U4{B1|B-2}", "classic")
    assert "Blind Rage" in e.value.message


# --------------------------------------------------------------------- Lord of Chaos, Mesmerising Dance

def test_lord_of_chaos_re_rolls_one_block_die_once():
    from tree_oracle import oracle_tree

    # B-2b (3 faces of 6 succeed, the defender chooses): 1/4; with one die re-rolled once: a roll with one failing
    # die (1/2) is saved half the time, 1/4 + 1/4 = 1/2.  A team re-roll re-rolls every die, after which no die may
    # be re-rolled again: with one, 1/4 + 1/2 · 1/2 + 1/4 · 1/4 = 9/16
    chain = P("[lordofchaos]B-2b", "bb2025")
    assert success_by_rerolls(chain, 1) == (F(1, 2), F(9, 16))
    assert translate("LC:-2D3").notation == "[lordofchaos]B-2b"
    # once per game: used on one block only, either one: 1/4 · 1/2 (kept for the second) + 1/2 · 1/2 · 1/4 (used on
    # the first, whose one failing die it saves) = 3/16; a Blitz's block (Juggernaut) none
    assert solve(P("[lordofchaos]B-2b,B-2b", "bb2025")) == F(3, 16)
    assert solve(P("[lordofchaos]B-2bj", "bb2025")) == F(1, 4)
    for text in ("[lordofchaos]B-2b,B2{B1}", "[lordofchaos,pro]B-3b:d,A9", "[lordofchaos,loner=3]B2:d,B-2bj"):
        chain = P(text, "bb2025")
        for tr in range(3):
            assert solve(chain, tr) == oracle_tree(chain, tr)[0], (text, tr)


def test_lord_of_chaos_in_bb2020_is_an_extra_team_re_roll():
    from calculators.errors import CalcError

    with pytest.raises(CalcError) as e:
        P("[lordofchaos]B-2b", "bb2020")
    assert "count it in tr" in e.value.message


def test_mesmerising_dance_re_rolls_a_failed_gaze_once():
    from tree_oracle import oracle_tree

    # G3 then a 2+ dodge: the gaze re-rolled once, 1 - (1/3)^2 = 8/9, then 5/6
    for edition in ("bb2020", "bb2025"):
        assert solve(P("[mesmerising]G3,D2", edition)) == F(8, 9) * F(5, 6)
        for text in ("[mesmerising]G3~1{D2},G4", "[mesmerising,pro]G4,D3/G2", "[loner=4,mesmerising]G5,G5"):
            chain = P(text, edition)
            for tr in range(3):
                assert solve(chain, tr) == oracle_tree(chain, tr)[0], (text, edition, tr)
    assert translate("MD:Y2;{D2}U2").notation == "[mesmerising]G2~1{/P2|/D2,P2}"


# --------------------------------------------------------------------- Cloud Burster

def test_cloud_burster_makes_the_opponent_re_roll_a_successful_interception_in_bb2020():
    from calculators.errors import CalcError
    from tree_oracle import oracle_tree

    # T2p,I6c/C2: the pass re-rolled with Pass (35/36); the interception needs two 6s (1/36), so 35/36 go on
    chain = P("T2p,I6c/C2", "bb2020")
    assert solve(chain) == F(35, 36) * F(35, 36) * F(5, 6)
    for text in ("T2p,I6c/C2", "[pro]T4~2{I5c/C3|I4c/C4}", "T3,I5c,I6c/[loner=4]C3c"):
        chain = P(text, "bb2020")
        for tr in range(3):
            assert solve(chain, tr) == oracle_tree(chain, tr)[0], (text, tr)
    # BB2025: no interception may be attempted; classic has no Cloud Burster
    for edition in ("bb2025", "classic"):
        with pytest.raises(CalcError) as e:
            P("T2p,I6c/C2", edition)
        assert e.value.details["rule"] == "not-in-edition"
    assert translate("CB,PA:P2,I6;C2").notation == "T2p/C2"
    assert translate("CB,PA:P2,I6;C2~S2").notation == "T2p,I6c/C2"


# --------------------------------------------------------------------- Savage Mauling

def mauling_oracle(text: str, edition: str) -> F:
    """P(success) of one player's armour rolls after a block, each with its injury roll needing a total (``A9mc,J8``),
    by every die: the armour roll breaks on its total (Claws: an unmodified 8 or more), Mighty Blow's +X added only
    when the armour needs it, else on the injury; once per game a missed injury roll is re-rolled (Savage Mauling)."""
    chain = P(text, edition)
    steps = chain.steps
    mauling = chain.players[0].savagemauling

    def injury(i, modifier, used):
        need = steps[i].need
        total = F(0)
        for c in FACES:
            for d in FACES:
                if c + d + modifier >= need:
                    total += go(i + 1, used)
                elif mauling and not used:
                    total += sum(go(i + 1, True) for e in FACES for f in FACES if e + f + modifier >= need) / 36
        return total / 36

    @lru_cache(maxsize=None)
    def go(i, used):
        if i == len(steps):
            return F(1)
        s = steps[i]
        if s.kind == "injury":
            return injury(i, s.modifier, used)
        total = F(0)
        for a in FACES:
            for b in FACES:
                natural = a + b + s.modifier
                x = s.bonus()
                if natural >= s.av or (s.claws and a + b >= 8):
                    total += injury(i + 1, steps[i + 1].modifier + x, used)
                elif x and natural + x >= s.av:
                    total += injury(i + 1, steps[i + 1].modifier, used)
        return total / 36

    return go(0, False)


@pytest.mark.parametrize("text, edition", [
    ("[savagemauling]A9c,J8", "bb2025"), ("[savagemauling]A9m,J9", "bb2025"), ("[savagemauling]A8m2c,J10", "bb2020"),
    ("[savagemauling]A9m,J8,A10,J7", "bb2020"), ("[savagemauling,loner=4]J8", "bb2025"),
    ("[savagemauling]J9,A8m,J8", "bb2025")])
def test_savage_mauling_agrees_with_the_oracle(text, edition):
    assert solve(P(text, edition)) == mauling_oracle(text, edition) == mauling_oracle(text, edition)
    assert solve(P(text, edition)) > solve(P(text.replace("savagemauling", "pro"), edition))


def test_savage_mauling_hand_worked_and_translated():
    # J8 alone: 15/36 reach 8, the 21/36 that miss are re-rolled: 15/36 + 21/36 · 15/36
    assert solve(P("[savagemauling]J8", "bb2025")) == F(15, 36) + F(21, 36) * F(15, 36)
    # not on a foul's injury roll (its send-off on a double is not modelled with it)
    assert solve(P("[savagemauling]F9,J8", "bb2025")) == solve(P("F9,J8", "bb2025"))
    t = translate("CL,SM:2D2,K9,J8")
    assert t.notation == "[savagemauling]B2,A9c,J8"
    assert round(float(solve(P(t.notation, t.edition))), 5) == 0.15271  # their value


# --------------------------------------------------------------------- the mark ' : no team re-roll on this roll

def test_no_team_re_roll_mark():
    from calculators.errors import CalcError
    from tree_oracle import oracle_tree

    # [pro]D3',D3 with one team re-roll: the first dodge only Pro may re-roll; Pro spent there, the team re-roll
    # goes to the second: 2/3 · (2/3 + 1/3 · 2/3) + 1/3 · 2/3 · 2/3 · (2/3 + 1/3 · 2/3)
    second = F(2, 3) + F(1, 3) * F(2, 3)
    first_pass = F(2, 3) * max(second, F(2, 3) + F(1, 3) * F(2, 3) * F(2, 3))
    assert solve(P("[pro]D3',D3", "bb2025"), 1) == first_pass + F(1, 3) * F(2, 3) * F(2, 3) * second
    assert solve(P("D3'", "bb2025"), 3) == F(2, 3)  # nobody else re-rolls it
    assert format_chain(P("[pro]U3'{B2r'|B-2}", "bb2020")) == "[pro]U3'{B2r'|B-2}"
    assert format_chain(P("[pro]D3d',R2f", "bb2025")) == "[pro]D3d',R2f"
    for text, edition in (("[pro]D3',D3", "classic"), ("[pro,loner=4]U3'{B2|B-2},R2'", "bb2025"),
                          ("[pro]B2',B-2b,D4'", "bb2020"), ("[loner=3,pro]T4~2'{/C3'|/C5},D3", "classic"),
                          ("[blindrage]U4'{B1|B-2}", "bb2020")):
        chain = P(text, edition)
        for tr in range(3):
            assert solve(chain, tr) == oracle_tree(chain, tr)[0], (text, edition, tr)
    for text in ("D3!'", "I4'", "D3''"):
        with pytest.raises(CalcError) as e:
            P(text, "bb2025")
        assert e.value.details["reason"] in ("bad-roll-mark", "step-rule"), text
    assert translate("P:L3'*,2D2|-2D2").notation == "[pro]U3'{B2|B-2}"


# --------------------------------------------------------------------- BB2020 Biased Referee sparing the coach

def test_biased_referee_spares_the_coach_in_bb2020():
    from calculators.chain import sent_off_by_rerolls
    from calculators.errors import CalcError
    from chain_oracle import oracle_full

    # F8 then Q5r,K2: after a send-off the call is argued on 5+ (the turnover stands), and a natural 1 no longer
    # ejects the coach, so the Bribe is rolled on every failed call: more fouls go on than with Q5,K2
    spared, plain = P("F8,Q5r,K2,N2", "bb2020"), P("F8,Q5,K2,N2", "bb2020")
    assert solve(spared) > solve(plain) and sent_off_by_rerolls(spared, 0)[0] < sent_off_by_rerolls(plain, 0)[0]
    for text in ("F8,Q5r,K2,N2", "[pro]F9+1d,Q5r,K2,K2,D3", "D3,F8,Q4r", "F7,Q5r,K2/F8,Q5,K2"):
        chain = P(text, "bb2020")
        for tr in range(2):
            assert (solve(chain, tr), sent_off_by_rerolls(chain, tr)[tr]) == oracle_full(chain, tr), (text, tr)
    # BB2025's Dodgy League Rep: +1, but a natural 1 still ejects; the +1 is always in the target
    for text, edition in (("F8,Q5r", "bb2025"), ("F8,Q6r", "bb2020")):
        with pytest.raises(CalcError) as e:
            P(text, edition)
        assert e.value.details["reason"] == "step-rule", text


# --------------------------------------------------------------------- BB2020 Consummate Professional on a Loner roll

def test_consummate_professional_re_rolls_a_failed_loner_roll_in_bb2020():
    from tree_oracle import oracle_tree

    # after a failed Loner roll the team re-roll is lost, unless Griff's once-per-game re-roll re-rolls the Loner die
    # (one of his dice): [loner=2,consummate]N3,N3 with two team re-rolls plays it on the first roll's failure, keeping
    # the re-roll of the second roll's die for later
    chain = P("[loner=2,consummate]N3,N3", "bb2020")
    assert policy(chain, 2) == ("team+consummate", "consummate")
    assert solve(chain, 2) == oracle_tree(chain, 2)[0] == F(3427, 4374)
    for text in ("[loner=3,consummate]D4,D4", "[loner=4,consummate]B-2b,D3", "[loner=3,consummate]R2,G5~1{D3},N4",
                 "N3/[loner=5,consummate]U4{B2|B1},D5", "[loner=2,consummate]N3,N3"):
        c = P(text, "bb2020")
        for tr in range(3):
            assert solve(c, tr) == oracle_tree(c, tr)[0], (text, tr)
    # not in BB2025, where Consummate Professional is a +1 on an Agility test, not a re-roll
    assert "team+consummate" not in policy(P("[loner=2,consummate]N3,N3", "bb2025"), 2)
