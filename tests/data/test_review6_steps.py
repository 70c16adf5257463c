"""Review 6 F2 and J5 (/work/notes/review6/findings.md; issue 22): a sequence step's page shows its title in bold,
then its text, so a French or Japanese text that opens with its own title, or with the skill its title already
names as a label, reads twice: « **Le coup de pied dévie** Le coup de pied dévie : … », « **Second Blocage de
Frénésie** Frénésie : … », 「**ロールの後に Diving Tackle** Diving Tackle：…」. The texts are read as the page shows
them: a cross-reference as its label (or its target's name), bold marks dropped (review 5's test compared the raw
YAML, and missed a text that opens with a link or with bold).
"""
from __future__ import annotations

import re

from plugins.data.model import iter_steps
from plugins.data.text import REF

LANGS = ("fr", "ja")


def shown(repo, text: str, lang: str) -> str:
    """`text` as a reader sees it: references as their label or their target's name, no bold, spaces squeezed."""
    def label(m: re.Match) -> str:
        return m["text"] or repo[f"{m['kind']}:{m['slug']}"].title(lang)
    return re.sub(r"\s+", " ", REF.sub(label, text).replace("**", "")).strip()


def steps(repo):
    """(sequence id, step, lang, title as shown, raw text) of every French and Japanese step with both."""
    for sequence in repo.of_kind("sequence"):
        for step in iter_steps(sequence["steps"]):
            for lang in LANGS:
                title = (step.get("title") or {}).get(lang)
                text = (step.get("text") or {}).get(lang)
                if title and text:
                    yield sequence.id, step, lang, shown(repo, title, lang), text


def test_no_step_text_opens_with_its_title_once_links_and_bold_are_read(repo):
    stutters = [f"{sid} {step['key']} {lang}: {title}" for sid, step, lang, title, text in steps(repo)
                if shown(repo, text, lang).lower().startswith(title.lower())]
    assert not stutters, stutters


# « [[skill:frenzy]] : si … » or 「[[skill:frenzy]]：…」: a skill as the label that opens a text
SKILL_LABEL = re.compile(r"^\s*\[\[skill:(?P<slug>[a-z0-9-]+)(?:\|[^\]]+)?\]\][\s\u00a0]*[:：]")


def test_no_step_text_opens_with_the_skill_its_title_names_as_a_label(repo):
    repeats = []
    for sid, step, lang, title, text in steps(repo):
        m = SKILL_LABEL.match(text)
        if m and repo[f"skill:{m['slug']}"].title(lang).lower() in title.lower():
            repeats.append(f"{sid} {step['key']} {lang}: {title}")
    assert not repeats, repeats


def test_the_checks_see_what_the_reviewer_saw(repo):
    """Both rules catch the forms review 6 quoted (so that a passing test means the data is clean)."""
    assert shown(repo, "Le coup de pied [[term:deviate|dévie]] : un D8", "fr").startswith("Le coup de pied dévie")
    assert shown(repo, "**Mettre à jour l'effectif** avant le match", "fr").startswith("Mettre à jour l'effectif")
    m = SKILL_LABEL.match("[[skill:diving-tackle]]：ロールとリロールが確定したあと")
    assert m and repo["skill:diving-tackle"].title("ja").lower() in "ロールの後に diving tackle"
    assert SKILL_LABEL.match("[[skill:frenzy]]\u00a0: si la cible est repoussée")
    assert not SKILL_LABEL.match("Si la cible est repoussée, le joueur doté de [[skill:frenzy]] : doit")
