"""Every skill and trait of the BB2020 and BB2025 rulebook lists has an entry (issue 19, item 2).

The names are the headings of BBBase's skills pages (docs/bb2020/core_rules/skills_and_traits.md and
docs/bb2025/core_rules/skills_and_traits.md, commit 87cb594), which FFB's per-ruleset skill classes
(christerk/ffb ac2f6d3) agree with. Classic is FFB's enum of LRB6 skills (christerk/ffb e7b489d,
FantasyFootballCommon/src/com/balancedbytes/games/ffb/Skill.java, 2014, before BB2016 existed).
A renamed skill may share an entry with its later name.
"""
from __future__ import annotations

import pytest

CLASSIC = """
Accurate, Always Hungry, Ball and Chain, Big Hand, Block, Blood Lust, Bombardier, Bone-Head,
Break Tackle, Catch, Chainsaw, Claw, Dauntless, Decay, Dirty Player, Disturbing Presence,
Diving Catch, Diving Tackle, Dodge, Dump-Off, Extra Arms, Fan Favourite, Fend, Foul Appearance, Frenzy,
Grab, Guard, Hail Mary Pass, Horns, Hypnotic Gaze, Juggernaut, Jump Up, Kick, Kick-Off Return, Leader,
Leap, Loner, Mighty Blow, Multiple Block, Nerves of Steel, No Hands, Nurgle's Rot, Pass, Pass Block,
Piling On, Prehensile Tail, Pro, Really Stupid, Regeneration, Right Stuff, Safe Throw, Secret Weapon,
Shadowing, Side Step, Sneaky Git, Sprint, Stab, Stakes, Stand Firm, Strip Ball, Strong Arm, Stunty,
Sure Feet, Sure Hands, Tackle, Take Root, Tentacles, Thick Skull, Throw Team-Mate, Titchy, Two Heads,
Very Long Legs, Wild Animal, Wrestle, Animosity
"""

BB2020 = """
Catch, Diving Catch, Diving Tackle, Dodge, Defensive, Jump Up, Leap, Safe Pair of Hands, Sidestep,
Sneaky Git, Sprint, Sure Feet, Block, Dauntless, Dirty Player, Fend, Frenzy, Kick, Pro, Shadowing,
Strip Ball, Sure Hands, Tackle, Wrestle, Big Hand, Claws, Disturbing Presence, Extra Arms,
Foul Appearance, Horns, Iron Hard Skin, Monstrous Mouth, Prehensile Tail, Tentacles, Two Heads,
Very Long Legs, Accurate, Cannoneer, Cloud Burster, Dump-Off, Fumblerooskie, Hail Mary Pass, Leader,
Nerves of Steel, On the Ball, Pass, Running Pass, Safe Pass, Arm Bar, Brawler, Break Tackle, Grab,
Guard, Juggernaut, Mighty Blow, Multiple Block, Pile Driver, Stand Firm, Strong Arm, Thick Skull,
Animal Savagery, Animosity, Always Hungry, Ball and Chain, Bombardier, Bone Head, Chainsaw, Decay,
Hypnotic Gaze, Kick Team-mate, Loner, No Hands, Plague Ridden, Pogo Stick, Projectile Vomit,
Really Stupid, Regeneration, Right Stuff, Secret Weapon, Stab, Stunty, Swarming, Swoop, Take Root,
Titchy, Throw Team-mate, Timmm-ber!, Unchannelled Fury, Hit and Run, Drunkard, Pick-me-up, Bloodlust,
My Ball, Trickster, Breathe Fire
"""

BB2025 = """
Catch, Diving Catch, Diving Tackle, Dodge, Defensive, Hit and Run, Jump Up, Leap, Safe Pair of Hands,
Sidestep, Sprint, Sure Feet, Dirty Player, Eye Gouge, Fumblerooski, Lethal Flight, Lone Fouler,
Pile Driver, Put the Boot In, Quick Foul, Saboteur, Shadowing, Sneaky Git, Violent Innovator, Block,
Dauntless, Fend, Frenzy, Kick, Pro, Steady Footing, Strip Ball, Sure Hands, Tackle, Taunt, Wrestle,
Big Hand, Claws, Disturbing Presence, Extra Arms, Foul Appearance, Horns, Iron Hard Skin,
Monstrous Mouth, Prehensile Tail, Tentacles, Two Heads, Very Long Legs, Accurate, Cannoneer,
Cloud Burster, Dump-Off, Give and Go, Hail Mary Pass, Leader, Nerves of Steel, On the Ball, Pass, Punt,
Safe Pass, Arm Bar, Brawler, Break Tackle, Bullseye, Grab, Guard, Juggernaut, Mighty Blow,
Multiple Block, Stand Firm, Strong Arm, Thick Skull, Always Hungry, Animal Savagery, Animosity,
Ball & Chain, Bloodlust, Bombardier, Bone Head, Breathe Fire, Chainsaw, Decay, Drunkard, Hatred,
Hypnotic Gaze, Insignificant, Kick Team-mate, Loner, My Ball, No Ball, Pick-me-up, Plague Ridden, Pogo,
Projectile Vomit, Really Stupid, Regeneration, Right Stuff, Secret Weapon, Stab, Stunty, Swoop,
Take Root, Throw Team-mate, Timmm-ber!, Titchy, Trickster, Unchannelled Fury, Unsteady
"""

# Older names told in the entry of the later one (its edition note says so).
SHARED = {"no hands": "no-ball", "pogo stick": "pogo", "fumblerooskie": "fumblerooski",
          "ball and chain": "ball-and-chain", "ball & chain": "ball-and-chain",
          "blood lust": "bloodlust", "claw": "claws", "side step": "sidestep"}


def _slug(name: str) -> str:
    name = name.lower()
    if name in SHARED:
        return SHARED[name]
    name = name.replace("&", "and").replace("!", "").replace("'", "")
    return "-".join("".join(c if c.isalnum() else " " for c in name).split())


def _names(text):
    return [n.strip() for n in text.replace("\n", " ").split(",") if n.strip()]


@pytest.mark.parametrize("edition, names", [
    ("classic", CLASSIC),
    ("bb2020", BB2020), ("bb2025", BB2025)])
def test_every_listed_skill_has_an_entry_for_its_edition(repo, edition, names):
    missing = []
    for name in _names(names):
        entity = repo.entities.get(f"skill:{_slug(name)}")
        if entity is None or edition not in entity.data["editions"]:
            missing.append(f"{name} (skill:{_slug(name)})")
    assert missing == []
