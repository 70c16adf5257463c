"""Review 4's wording findings left after the first pass (/work/notes/review4/findings.md; issue 22), read on the
built pages where the reviewer read them, in the reviewer's language (the text is the same at any width).
"""
from __future__ import annotations

import re

import pytest

from tests.site.test_review3_wording import page_text

pytestmark = pytest.mark.slow


# ------------------------------------------------------------------------------ J4: headings with their katakana

@pytest.mark.parametrize("page, heading", [
    ("skills/general", "Kick（キック）"), ("skills/general", "Tackle（タックル）"),
    ("skills/agility", "Defensive（ディフェンシブ）"), ("skills/strength", "Piling On（パイリングオン）")])
def test_j4_every_japanese_skill_heading_has_its_katakana(site, page, heading):
    lines = page_text(site, "ja", page).splitlines()
    assert f"{heading}¶" in lines or heading in lines, heading
    assert "キックを持" not in page_text(site, "ja", "glossary")


# ------------------------------------------------------------------------------ J3: one Japanese word per thing

@pytest.mark.parametrize("page, written, not_written", [
    ("skills/mutation", "その相手は Chomped 状態になり", "噛みつかれた（Chomped）"),
    ("skills/mutation", "この選手は Chomp の特殊アクション", "噛みつき（Chomp）"),
    ("skills/general", "Monstrous Mouth で Chomped 状態になった選手", "噛みつかれた（Chomped）"),
    ("rolls/bb2025", "立っているチームメイトが隣にいる", "スタンディング"),
    ("rolls/bb2020", "立っているチームメイトが隣にいる", "スタンディング"),
    ("skills/trait", "隣接する Thrall のチームメイト", "スロール"),
    ("rolls/bb2025", "最後に隣にいる味方の Thrall Lineman に噛みつかなければ", "スロール・ラインマン"),
])
def test_j3_japanese_pages_write_one_word_per_thing(site, page, written, not_written):
    text = page_text(site, "ja", page).replace("\n", "")
    assert written in text
    assert not re.search(f"(?<![ァ-ヿ]){re.escape(not_written)}", text)  # パスロール is no スロール


# ------------------------------------------------------------------------------ J6: Japanese typography

@pytest.mark.parametrize("lang, page, written, not_written", [
    ("ja", "sequences/post-game-bb2025", "賞金。観客動員数", "賞金。 観客"),
    ("ja", "rolls/bb2025", "ブリザード。ブリザードは", "ブリザード。 "),
    ("ja", "targets/agility-classic", "+1 Accurate\n", "Accurate（+1）"),
    ("ja", "rolls/bb2020", "+1 Extra Arms\n", "Extra Arms（+1）"),
    ("fr", "targets/agility-classic", "+1 Précision\n", "Précision (+1)"),
    ("ja", "rulings/twin-stars-loner-returning-to-4", "Loner（2+）になったら", "Loner (2+)"),
    ("ja", "comparisons/hand-off", "Animosity（X）、Catch", "Animosity (X)"),
])
def test_j6_typography_of_values_and_titles(site, lang, page, written, not_written):
    text = page_text(site, lang, page)
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ J7: the middle dot

@pytest.mark.parametrize("page, written, not_written", [
    ("tables/prayers-to-nuffle-bb2025", "スローアロック", "スロー・ア・ロック"),
    ("tables/spp-bb2025", "スーパーブスロー", "スーパーブ・スロー"),
    ("tables/spp-bb2020", "パッシングコンプリーション", "パッシング・コンプリーション"),
    ("rolls/bb2020", "デザイナーズ・コメンタリーによる例外", "デザイナーズコメンタリー"),
    ("sequences/post-game-classic", "ロスターを更新", "ロースター"),
])
def test_j7_one_spelling_per_katakana_name(site, page, written, not_written):
    text = page_text(site, "ja", page)
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ J8: smaller Japanese points

@pytest.mark.parametrize("page, written, not_written", [
    ("skills/strength", "この選手のブロックで相手がノックダウンされたとき", "相手がノックダウンしたとき"),
    ("sequences/knocked-down-classic", "で選手がノックダウンされたときに", "選手がノックダウンしたとき"),
    ("rulings/agents-fees-per-season-when-re-hiring", "20,000 ゴールドのエージェント料", "000GP"),
    ("tables/prayers-to-nuffle-bb2020", "出場可能で Loner を持たない", "でLonerを"),
    ("rulings/who-plays-it-how", "出典によって裁定が分かれる論点", "各団体"),
    ("sequences/pass-action-classic", "CRP の文面では、爆弾には使えません。", "爆弾には使えず、"),
])
def test_j8_smaller_japanese_points(site, page, written, not_written):
    text = page_text(site, "ja", page).replace("\n", "")
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ F4, F5, F10: French, one spelling

@pytest.mark.parametrize("page, written, not_written", [
    ("rolls/bb2020", "Jet fait après un jet d'Élimination contre un joueur doté de Régénération", "jet de Sortie"),
    ("calculators/chain", "JC une Élimination (Sortie en classique)", "une sortie"),
    ("comparisons/knocked-down", "jet d'Élimination", "jet d'élimination"),
    ("skills/trait", "valdingue de trois cases depuis la cible", "part au hasard"),
    ("skills/trait", "n'est pas obligé de valdinguer", "dispersion"),
    ("rulings/dump-off-timing", "Passe Rapide", "Passe rapide"),
    ("skills/devious", "esquive pour sortir", "adversaire Esquive"),
    ("comparisons/block-action", "Turnover", " turnover"),
    ("skills/strength", "Box des Réserves", "box des Réserves"),
    ("skills/general", "Turnover", " turnover"),
])
def test_f4_f5_f10_french_writes_one_spelling(site, page, written, not_written):
    text = page_text(site, "fr", page).replace("\n", " ")
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ review 5 F7, J2, J3

@pytest.mark.parametrize("lang, page, written, not_written", [
    ("ja", "skills/strength", "Ball & Chain（BB2020）の手順 ", "の手順（BB2020）の手順"),
    ("ja", "skills/passing", "Bombardier（BB2020）の手順 ", "（Bombardier）の手順"),
    ("fr", "skills/strength", "Chaîne & boulet (BB2020), étape ", "étape par étape (BB2020), étape"),
    ("fr", "skills/passing", "Lancer une bombe avec Bombardier (BB2020), étape ", "(Bombardier), étape par étape"),
])
def test_review5_a_step_reference_says_step_once(site, lang, page, written, not_written):
    text = page_text(site, lang, page).replace("\n", " ")
    assert written in text
    assert not_written not in text


def test_review5_j3_the_roll_forms_injury_row_names_the_target_not_a_knocked_down_player(site):
    html = (site.dir / "ja" / "calculators" / "chain" / "index.html").read_text(encoding="utf-8")
    assert "対象の選手が Stunty を持つ" in html
    assert "倒された選手が" not in html


# ------------------------------------------------------------------------------ review 5 F6: page lists

@pytest.mark.parametrize("lang, written, not_written", [
    ("fr", "130 et 133", "130 & 133"), ("ja", "130・133 ページ", "130 & 133")])
def test_review5_f6_a_list_of_pages_in_the_pages_language(site, lang, written, not_written):
    text = page_text(site, lang, "rulings/twin-stars-loner-returning-to-4")
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ review 5 F5: English left in French

@pytest.mark.parametrize("page, written, not_written", [
    ("rulings/a-random-skill-the-player-cannot-use", "pour un joueur Sans les mains", "No Hands"),
    ("skills/general", "quatre fois en jeu organisé (Matched Play)", "en Matched Play"),
    ("rulings/halfling-hot-pot-mishap-whose-dugout", "bancs de touche", "dugouts"),
    ("skills/star-rules", "un résultat K.O. ou Élimination", "résultat KO"),
])
def test_review5_f5_french_names_for_english_words(site, page, written, not_written):
    text = page_text(site, "fr", page).replace("\n", " ")
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ review 5 J5: smaller Japanese points

@pytest.mark.parametrize("page, written, not_written", [
    ("targets/agility-classic", "プローンやスタンの選手はキャッチできず", "気絶"),
    ("targets/agility-classic", "ハンドオフには別のロール「ハンドオフのキャッチ（クラシック）」があります", "別のロールハンドオフ"),
    ("targets/agility-classic", "着地にボーナスあり", "着地に +1（+1）"),
    ("rulings/a-random-skill-the-player-cannot-use", "振り直してください", "ロールし直"),
    ("rulings/fumblerooski-stalling", "この点に触れているのは公式のコメンタリーだけです。", "唯一の情報源"),
    ("skills/trait", "このページにあります））、", "このページにあります）。）"),
])
def test_review5_j5_smaller_japanese_points(site, page, written, not_written):
    text = page_text(site, "ja", page).replace("\n", "")
    assert written in text
    assert not_written not in text


# ------------------------------------------------------------------------------ review 5 F7: a step's title once

@pytest.mark.parametrize("lang, page, stutter", [
    ("fr", "sequences/kick-off-bb2025", "Les deux équipes se placent Les deux équipes se placent"),
    ("fr", "sequences/kick-off-bb2025", "Le ballon retombe Le ballon retombe"),
    ("fr", "sequences/knocked-down-bb2020", "Si le joueur tenait le ballon Si le joueur tenait le ballon"),
    ("ja", "sequences/block-action-bb2020", "選んだ面を適用 選んだ面を適用"),
])
def test_review5_f7_a_step_states_its_title_once(site, lang, page, stutter):
    text = re.sub(r"\s+", " ", page_text(site, lang, page))
    assert stutter.split(" ")[0] in text
    assert stutter not in text and stutter.replace(" ", "") not in text.replace(" ", "")


# ------------------------------------------------------------------------------ review 4 F11, review 5 F8

@pytest.mark.parametrize("page, written, not_written", [
    ("comparisons/pass-action", "−1 s'il fait Très Ensoleillé", "par Très Ensoleillé"),
    ("rolls/bb2020", "−1 sous une Averse", "par Averse"),
    ("rulings/kick-team-mate-spp-bb2020", "une action Botter un coéquipier réussie", "un Botter un coéquipier"),
    ("rulings/who-plays-it-how", "que les sources ne tranchent pas", "instances"),
    ("tables/kick-off-bb2025", "ajoute son nombre de pom-pom girls", "ajoute ses pom-pom girls"),
])
def test_review5_f8_smaller_french_points(site, page, written, not_written):
    text = page_text(site, "fr", page).replace("\n", " ")
    assert written in text
    assert not_written not in text
