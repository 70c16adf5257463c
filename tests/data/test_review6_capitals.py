"""Review 6 F1 (/work/notes/review6/findings.md; issue 22): the French terms that were written with two
capitals now have one form each, written in docs/writing-policy.md and enforced by the termbase
(data/termbase.yml) through the terminology check. Each test writes the sentence a French reader met.
"""
from __future__ import annotations

import re

import pytest

from plugins.data.terminology import rules, scan


def found(repo, text: str) -> list[tuple[str, str]]:
    return [(f, u) for _, f, u in scan(text, "fr", rules(repo.termbase, "fr"))]


# (what the rule is, a sentence with the old forms and what the check says of each, a sentence it accepts)
CASES = {
    # « reçoit une Relance d'équipe » (the kick-off tables) against « toutes ses relances d'équipe »: lower case in a
    # sentence, a capital at the start of a sentence, a label or a row name
    "team re-roll and bribe are common nouns": (
        "Le coach reçoit une Relance d'équipe et un Pot-de-vin ; puis deux Relances d'équipe et trois Pots-de-vin.",
        [("Relance d'équipe", "relance d'équipe"), ("Pot-de-vin", "pot-de-vin"),
         ("Relances d'équipe", "relances d'équipe"), ("Pots-de-vin", "pots-de-vin")],
        "Le coach reçoit une relance d'équipe et un pot-de-vin. Relances d'équipe : une par tour. Pots-de-vin"),
    # `un [[term:bribe]]` shows the glossary's name, « un Pot-de-vin »: the check asks for the label
    "a bare reference to a common noun needs its label": (
        "Après la contestation, un [[term:bribe]] annule l'expulsion ; une [[term:team-re-roll]] de plus.",
        [("[[term:bribe]]", "[[term:bribe|pot-de-vin]]"),
         ("[[term:team-re-roll]]", "[[term:team-re-roll|relance d'équipe]]")],
        "Un [[term:bribe|pot-de-vin]] annule l'expulsion. [[term:bribe]] : 0-3."),
    # « est/sont Plaqué(s) » 120 against « est plaqué » 22; « Mis à Terre » 87 against 11; the participle with either
    # auxiliary, the verb's other forms and a block-die face's own name are fine
    "the participles take the glossary's capitals": (
        "Sur 3 ou plus ce joueur est plaqué ; les joueurs plaqués sont mis à Terre, puis la mise à Terre ; le "
        "plaqueur est placé À Terre.",
        [("plaqué", "Plaqué"), ("plaqués", "Plaqués"), ("mis à Terre", "Mis à Terre"),
         ("mise à Terre", "Mise à Terre"), ("placé À Terre", "Mis à Terre")],
        "Il est Plaqué par le blocage qui l'a Plaqué ; elle est Mise à Terre ; on le met à Terre pour mettre à Terre "
        "un joueur ; plaquer un adversaire ; un Défenseur plaqué."),
    # « Un D6 pour chaque joueur du box des K.O. … revient dans le Box des Réserves »
    "the dugout boxes take the capitals of the Reserves box": (
        "Un D6 pour chaque joueur du box des K.O. ; l'autre va dans le box des blessés.",
        [("box des K.O.", "Box des K.O."), ("box des blessés", "Box des Blessés")],
        "Un D6 pour chaque joueur du Box des K.O. ; l'autre va dans le Box des Blessés ou revient dans le Box des "
        "Réserves."),
    "armour or injury roll keeps both capitals": (
        "relancer le jet d'Armure ou de blessure",
        [("jet d'Armure ou de blessure", "jet d'Armure ou de Blessure")],
        "relancer le jet d'Armure ou de Blessure, ou les jets d'Armure ou de Blessure"),
}


@pytest.mark.parametrize("rule", list(CASES))
def test_one_capitalisation_per_term(repo, rule):
    wrong, reported, right = CASES[rule]
    assert found(repo, wrong) == reported
    assert found(repo, right) == []


def test_f4_f5_a_verb_takes_no_capital_and_a_total_draws_no_lots(repo):
    """« quand il Esquive » (a verb, review 6 F4) and « Le plus faible total … tire au hasard » (Pitch Invasion, F5):
    read in every French text of the data."""
    from plugins.data.terminology import _texts

    slips = [f"{entity.id} {path}" for entity in repo.entities.values() for path, lang, text in _texts(entity.data, ())
             if lang == "fr" and re.search(r"\b(?:il|qui) Esquive\b|(?<!qui a )\b(?i:le plus faible total, ou les deux)", text)]
    assert not slips, slips
