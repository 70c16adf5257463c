"""Review 4's wording defects (French and Japanese on the built pages, /work/notes/review4/findings.md):
F1/J1 English step slugs shown as labels on the edition comparison pages, F7 a step title restated as a label at
the start of the step's text, F8/J5 ruling titles (questions) pasted into sentences with no quotation marks.
Each test reads the page the reviewer read, in the reviewer's language.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from plugins.data.model import iter_steps, step_labels
from tests.site.test_review3_wording import page_text

pytestmark = pytest.mark.slow


class _StepLinks(HTMLParser):
    """(href, visible text) of every link to a sequence step ("#step-…") in a page's article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href") or ""
        if tag == "a" and "#step-" in href:
            self._href, self._text = href, []

    def handle_data(self, data):
        if self._href is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._text).strip()))
            self._href = None


def _step_links(site, lang: str, path: str) -> list[tuple[str, str]]:
    parser = _StepLinks()
    parser.feed((site.dir / lang / path / "index.html").read_text(encoding="utf-8"))
    return parser.links


# ------------------------------------------------------------------------------ F1/J1: slugs as labels

@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("comparison", ["block-action", "team-turn", "end-of-drive"])
def test_f1_comparison_steps_show_their_number_and_title_not_their_slug(site, repo, lang, comparison):
    entity = repo[f"comparison:{comparison}"]
    text = page_text(site, lang, f"comparisons/{comparison}")
    links = dict(_step_links(site, lang, f"comparisons/{comparison}"))
    checked = 0
    for sequence_id in entity["entities"].values():
        sequence = repo[sequence_id]
        labels = step_labels(sequence["steps"])
        for step in iter_steps(sequence["steps"]):
            key = str(step["key"])
            shown = [label for href, label in links.items() if href.endswith(f"#step-{key}")
                     and f"/{sequence_id.split(':')[1]}/" in href]
            assert shown, f"{sequence_id} step {key}: no link to it on the comparison page"
            assert shown[0] == labels[key], f"{sequence_id} step {key} is labelled {shown[0]!r}"
            if step.get("title"):
                title = re.sub(r"\s+", " ", step["title"][lang])
                assert f"{labels[key]}\n{title}" in text or f"{labels[key]} {title}" in text, (key, title)
            checked += 1
    assert checked > 20
    # the slugs are anchors only: no word key is a visible label anywhere on the page
    keys = {str(s["key"]) for i in entity["entities"].values() for s in iter_steps(repo[i]["steps"])}
    assert not [label for label in links.values() if label in keys and not re.fullmatch(r"\d+[a-z]?", label)]


# ------------------------------------------------------------------------------ F7: title restated as a label

def _leading_label(text: str) -> str | None:
    """The "Label :" / 「ラベル：」 a step text starts with (up to 6 words, no link), else None."""
    match = re.match(r"\*{0,2}([^:：\n\[.。]{1,50}?)\*{0,2}[ \u00a0]*[:：]", text)
    if not match or len(match.group(1).split()) > 6:
        return None
    return match.group(1).strip()


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_f7_no_step_text_starts_by_restating_its_title(repo, lang):
    restated = []
    for sequence in repo.of_kind("sequence"):
        for step in iter_steps(sequence["steps"]):
            if not step.get("title"):
                continue
            label = _leading_label(step["text"][lang])
            title = step["title"][lang].lower()
            if label and (label.lower() in title or title in label.lower()):
                restated.append(f"{sequence.id} {step['key']}: {label!r} ({title!r})")
    assert not restated, "\n".join(restated)


@pytest.mark.parametrize("lang, path, doubled", [
    ("fr", "sequences/end-of-drive-bb2025", "Jet pour les joueurs K.O.\nJoueurs K.O."),
    ("fr", "sequences/chainsaw-bb2020", "Contre ce joueur\nContre ce joueur"),
    ("fr", "sequences/end-of-drive-classic", "Mi-temps et relances d'équipe\nMi-temps"),
    ("ja", "sequences/chainsaw-bb2020", "この選手に対して\nこの選手に対して"),
])
def test_f7_the_sequence_page_states_the_title_once(site, lang, path, doubled):
    text = re.sub(r"\s+", " ", page_text(site, lang, path))  # the title and the text are on one line
    title, label = doubled.split("\n")
    assert title in text
    assert f"{title} {label}" not in text and f"{title}{label}" not in text


# ------------------------------------------------------------------------------ F8/J5: ruling titles in sentences

def test_f8_french_stab_sequence_quotes_the_rulings_it_points_to(site, repo):
    text = page_text(site, "fr", "sequences/stab-bb2025").replace("\n", " ")
    question = re.sub(r"\s+", " ", re.sub(r"\[\[skill:[^\]]+\]\]", "X", repo["ruling:hit-and-run-stab"]["question"]["fr"]))
    start = question.split("X")[0]  # « Pendant un Blitz où »
    assert f"«\u00a0{start}" in text
    assert not re.search(r"\?\s+et\s+[A-ZÀ-Ý]", text)  # « …l'activation ? et Quand… »


@pytest.mark.parametrize("path", ["sequences/stab-bb2025", "comparisons/foul-action", "comparisons/block-action",
                                  "sequences/throw-team-mate-bb2020"])
def test_j5_japanese_ruling_titles_are_in_brackets_without_their_full_stop(site, path):
    text = page_text(site, "ja", path).replace("\n", "")
    assert "か。を参照" not in text and "か。）" not in text and "か。と" not in text
    assert re.search(r"「[^」]+か」", text), "a ruling title quoted in 「」"


def test_f8_the_rules_a_calculator_assumes_are_separated_by_semicolons_in_french(site):
    text = page_text(site, "fr", "calculators/block").replace("\n", " ")
    assert not re.search(r"\?,\s", text)


# ------------------------------------------------------------------------------ F6: French slips

@pytest.mark.parametrize("path, wrong, right", [
    # Blood Lust (classic): a bitten Thrall's Casualty is read as Badly Hurt (FUMBBL's InjuryTypeBitten), never
    # as Seriously Hurt, which « Gravement Blessé » reads as
    ("skills/trait", "compte comme Gravement Blessé", "toute Sortie compte comme une Commotion (Badly Hurt)"),
    ("sequences/end-of-drive-bb2025", "de le box", "du Box des K.O."),  # review 6 F1: the capitals of Box des Réserves
    ("skills/trait", "Bien que le livre semblait", "Bien que le livre ait semblé"),
    ("skills/general", "Défenseur Trébuche", "Défenseur bousculé"),
    ("rulings/lord-boraks-re-roll-after-he-returns", "KO ou une Élimination puis", "mis K.O. ou éliminé"),
    ("sequences/block-action-bb2020", "faire Mettre à Terre", "mettre les deux joueurs À Terre"),
    ("tables/kick-off-bb2025", "un Botter un coéquipier", "une action Botter un coéquipier"),
    ("rulings/team-turn-end-bb2020", "joueurs éligibles", "joueurs qui pouvaient l'être"),
    ("rulings/steady-footing-scope", "(Placed Prone)", "Mis à Terre"),
    ("sequences/throw-team-mate-bb2020", "errata de Landing", "l'atterrissage dans une case occupée"),
])
def test_f6_french_slips_are_gone_from_the_page(site, path, wrong, right):
    text = re.sub(r"\s+", " ", page_text(site, "fr", path).replace("\u00a0", " "))
    assert wrong not in text
    assert right.replace("\u00a0", " ") in text


def test_f6_the_terminology_check_refuses_defenseur_trebuche(repo):
    from plugins.data.terminology import rules, scan
    found = [f for _, f, _ in scan("Sur un Défenseur Trébuche, il suit.", "fr", rules(repo.termbase, "fr"))]
    assert found == ["Défenseur Trébuche"]


# ------------------------------------------------------------------------------ F2/F3/F5, J2: English left in prose

@pytest.mark.parametrize("lang, text, found", [
    ("fr", "1–6 Badly Hurt, 7–9 Seriously Hurt, 10–12 Serious Injury, 13–14 Lasting Injury",
     ["Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury"]),
    ("fr", "le résultat est une Commotion (Badly Hurt), puis une Séquelle durable (Lasting Injury)", []),
    ("fr", "dans le cadre d'une action Secure the Ball, avant la fin du drive", ["Secure the Ball", "drive"]),
    ("fr", "le test d'anti-jeu (Stalling), la casualty", ["anti-jeu", "Stalling", "casualty"]),
    ("fr", "sous la réglette, la règle de portées, la Règle de Portées", ["réglette", "règle de portées"]),
    ("ja", "1〜6 Badly Hurt、7〜9 重傷（Seriously Hurt）、ストーリング（Stalling）", ["Badly Hurt", "Stalling"]),
])
def test_f3_the_terminology_check_refuses_english_left_in_prose(repo, lang, text, found):
    from plugins.data.terminology import rules, scan
    assert [f for _, f, _ in scan(text, lang, rules(repo.termbase, lang))] == found


@pytest.mark.parametrize("lang, path", [("fr", "tables/casualty-bb2020"), ("fr", "glossary"), ("fr", "tables/injury-stunty-bb2025"),
                                        ("fr", "skills/general"), ("ja", "glossary"), ("ja", "skills/trait")])
def test_f3_casualty_results_are_never_bare_english_on_the_page(site, lang, path):
    text = page_text(site, lang, path)
    bare = re.findall(r"(?<![(（])\b(Badly Hurt|Seriously Hurt|Serious Injury|Lasting Injury|Secure the Ball)\b", text)
    assert not bare, bare


# ------------------------------------------------------------------------------ J3/J4: one Japanese word per thing

@pytest.mark.parametrize("text, found", [
    ("Rooted の選手、根付いた選手、根を張った状態", ["Rooted", "根付いた"]),
    ("ボムを投げる。ロングボムは別の言葉。爆弾を投げる", ["ボム"]),
    ("アーマーを抜くと、アーマーを破ると", ["アーマーを抜"]),
    ("キックの偏向距離、偏差の D6、デビエーション、デビエートの距離", ["偏向", "偏差", "デビエーション"]),
    ("General スキル、Strength スキル、一般スキル", ["General スキル", "Strength スキル"]),
    ("パスへのインターフェアランス、パス妨害、ボール保持者", ["インターフェアランス", "ボール保持者"]),
    ("軽傷（Badly Hurt）、Badly Hurt", ["Badly Hurt"]),
])
def test_j3_the_terminology_check_refuses_other_japanese_words_for_one_thing(repo, text, found):
    from plugins.data.terminology import rules, scan
    assert [f for _, f, _ in scan(text, "ja", rules(repo.termbase, "ja"))] == found


@pytest.mark.parametrize("path, wrong", [("skills/trait", "ボム投げ"), ("calculators/foul", "アーマーを抜"),
                                         ("rulings/take-root-diving-tackle", "Rooted"), ("skills/general", "General スキル"),
                                         ("skills/general", "キックの偏向")])
def test_j3_japanese_pages_write_one_word_per_thing(site, path, wrong):
    assert wrong not in page_text(site, "ja", path)


# ------------------------------------------------------------------------------ F9/J6: UI strings

@pytest.mark.parametrize("lang, path, wrong, right", [
    ("fr", "skills/passing", "ne concerne que BB2020, BB2025", "ne concerne que les éditions BB2020 et BB2025"),
    ("fr", "skills/general", "l'édition Classique", "l'édition classique"),
    ("ja", "skills/passing", "この項目はBB2020", "この項目は BB2020 と BB2025 だけのものです"),
    ("fr", "rolls/bb2025", "−1 Par ", "−1 par adversaire qui Marque"),
    ("fr", "sequences/pass-action-classic", "l'édition Classique", "Cette page ne concerne que l'édition classique."),
    ("ja", "sequences/pass-action-bb2020", "このページはBB2020", "このページは BB2020 だけのものです。"),
    ("ja", "rolls/bb2020", " (±0)", "（±0）"),
    ("ja", "skills/strength", "）（手順", "）の手順"),
    ("fr", "rulings/dump-off-timing", "Ce que dit chaque instance", "Ce qu'en disent les sources"),
    ("ja", "rulings/dump-off-timing", "各団体の見解", "出典ごとの見解"),
])
def test_f9_ui_strings_read_as_the_language_writes_them(site, lang, path, wrong, right):
    text = page_text(site, lang, path).replace("\u00a0", " ")
    assert wrong.replace("\u00a0", " ") not in text
    assert right.replace("\u00a0", " ") in text


# ------------------------------------------------------------------------------ F10: one capitalisation per term

def test_f10_french_rolls_keep_the_glossarys_capitals(repo):
    from plugins.data.terminology import rules, scan
    text = "Le jet d'armure, puis le jet de blessure. Jet d'Armure et jet de Blessure sont bien écrits."
    assert [f for _, f, _ in scan(text, "fr", rules(repo.termbase, "fr"))] == ["jet d'armure", "jet de blessure"]


@pytest.mark.parametrize("path", ["sequences/chainsaw-bb2025", "comparisons/move-action", "rulings/who-plays-it-how"])
def test_f10_the_french_pages_write_jet_d_armure_with_its_capital(site, path):
    text = re.sub(r"\s+", " ", page_text(site, "fr", path))
    assert "jet d'armure" not in text and "jet de blessure " not in text and "jet d'Armure" in text
