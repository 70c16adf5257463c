"""Review 4's wording findings left after the first pass (/work/notes/review4/findings.md) and review 5's
(/work/notes/review5/findings.md; issue 22), read on the built pages where the reviewers read them, in the
reviewer's language (the text is the same at any width): each page writes the new form and no longer the old one.
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


# ------------------------------------------------------------------------------ one form per thing, on the page

# (finding, language, page, the form the page writes now, the form it wrote before): J = review 4's Japanese findings,
# F = its French ones, R5 = review 5 (/work/notes/review5/findings.md)
CASES = [
    ('R5 F7', 'fr', 'sequences/kick-off-bb2025', 'Les deux équipes se placent', 'Les deux équipes se placent Les deux équipes se placent'),
    ('R5 F7', 'fr', 'sequences/kick-off-bb2025', 'Le ballon retombe', 'Le ballon retombe Le ballon retombe'),
    ('R5 F7', 'fr', 'sequences/knocked-down-bb2020', 'Si le joueur tenait le ballon', 'Si le joueur tenait le ballon Si le joueur tenait le ballon'),
    ('R5 F7', 'ja', 'sequences/block-action-bb2020', '選んだ面を適用', '選んだ面を適用選んだ面を適用'),
    ('R5 J1', 'ja', 'rolls/bb2025', 'ファンブルですか。PA 1+', 'ファンブルですか。 PA'),
    ('R5 J1', 'ja', 'calculators/chain', 'やり直せますか。クラシック', 'やり直せますか。 '),
    ('J3', 'ja', 'skills/mutation', 'その相手は Chomped 状態になり', '噛みつかれた（Chomped）'),
    ('J3', 'ja', 'skills/mutation', 'この選手は Chomp の特殊アクション', '噛みつき（Chomp）'),
    ('J3', 'ja', 'skills/general', 'Monstrous Mouth で Chomped 状態になった選手', '噛みつかれた（Chomped）'),
    ('J3', 'ja', 'rolls/bb2025', '立っているチームメイトが隣にいる', 'スタンディング'),
    ('J3', 'ja', 'rolls/bb2020', '立っているチームメイトが隣にいる', 'スタンディング'),
    ('J3', 'ja', 'skills/trait', '隣接する Thrall のチームメイト', 'スロール'),
    ('J3', 'ja', 'rolls/bb2025', '最後に隣にいる味方の Thrall Lineman に噛みつかなければ', 'スロール・ラインマン'),
    ('J6', 'ja', 'sequences/post-game-bb2025', '賞金。観客動員数', '賞金。 観客'),
    ('J6', 'ja', 'rolls/bb2025', 'ブリザード。ブリザードは', 'ブリザード。 '),
    ('J6', 'ja', 'targets/agility-classic', '+1 Accurate\n', 'Accurate（+1）'),
    ('J6', 'ja', 'rolls/bb2020', '+1 Extra Arms\n', 'Extra Arms（+1）'),
    ('J6', 'fr', 'targets/agility-classic', '+1 Précision\n', 'Précision (+1)'),
    ('J6', 'ja', 'rulings/twin-stars-loner-returning-to-4', 'Loner（2+）になったら', 'Loner (2+)'),
    ('J6', 'ja', 'comparisons/hand-off', 'Animosity（X）、Catch', 'Animosity (X)'),
    ('J7', 'ja', 'tables/prayers-to-nuffle-bb2025', 'スローアロック', 'スロー・ア・ロック'),
    ('J7', 'ja', 'tables/spp-bb2025', 'スーパーブスロー', 'スーパーブ・スロー'),
    ('J7', 'ja', 'tables/spp-bb2020', 'パッシングコンプリーション', 'パッシング・コンプリーション'),
    ('J7', 'ja', 'rolls/bb2020', 'デザイナーズ・コメンタリーによる例外', 'デザイナーズコメンタリー'),
    ('J7', 'ja', 'sequences/post-game-classic', 'ロスターを更新', 'ロースター'),
    ('J8', 'ja', 'skills/strength', 'この選手のブロックで相手がノックダウンされたとき', '相手がノックダウンしたとき'),
    ('J8', 'ja', 'sequences/knocked-down-classic', 'で選手がノックダウンされたときに', '選手がノックダウンしたとき'),
    ('J8', 'ja', 'rulings/agents-fees-per-season-when-re-hiring', '20,000 ゴールドのエージェント料', '000GP'),
    ('J8', 'ja', 'tables/prayers-to-nuffle-bb2020', '出場可能で Loner を持たない', 'でLonerを'),
    ('J8', 'ja', 'rulings/who-plays-it-how', '出典によって裁定が分かれる論点', '各団体'),
    ('J8', 'ja', 'sequences/pass-action-classic', 'CRP の文面では、爆弾には使えません。', '爆弾には使えず、'),
    ('F4 F5 F10', 'fr', 'rolls/bb2020', "Jet fait après un jet d'Élimination contre un joueur doté de Régénération", 'jet de Sortie'),
    ('F4 F5 F10', 'fr', 'comparisons/knocked-down', "jet d'Élimination", "jet d'élimination"),
    ('F4 F5 F10', 'fr', 'skills/trait', 'valdingue de trois cases depuis la cible', 'part au hasard'),
    ('F4 F5 F10', 'fr', 'skills/trait', "n'est pas obligé de valdinguer", 'dispersion'),
    ('F4 F5 F10', 'fr', 'rulings/dump-off-timing', 'Passe Rapide', 'Passe rapide'),
    ('F4 F5 F10', 'fr', 'skills/devious', 'esquive pour sortir', 'adversaire Esquive'),
    ('F4 F5 F10', 'fr', 'comparisons/block-action', 'Turnover', ' turnover'),
    ('F4 F5 F10', 'fr', 'calculators/casualty', 'Box des Réserves', 'box des Réserves'),
    ('F4 F5 F10', 'fr', 'skills/general', 'Turnover', ' turnover'),
    ('R5 F7 J2', 'ja', 'skills/strength', 'Ball & Chain（BB2020）の手順 ', 'の手順（BB2020）の手順'),
    ('R5 F7 J2', 'ja', 'skills/passing', 'Bombardier（BB2020）の手順 ', '（Bombardier）の手順'),
    ('R5 F7 J2', 'fr', 'skills/strength', 'Chaîne & boulet (BB2020), étape ', 'étape par étape (BB2020), étape'),
    ('R5 F7 J2', 'fr', 'skills/passing', 'Lancer une bombe avec Bombardier (BB2020), étape ', '(Bombardier), étape par étape'),
    ('R5 F6', 'fr', 'rulings/twin-stars-loner-returning-to-4', '130 et 133', '130 & 133'),
    ('R5 F6', 'ja', 'rulings/twin-stars-loner-returning-to-4', '130・133ページ', '130 & 133'),  # review 6 J2: no space
    ('R5 F5', 'fr', 'rulings/a-random-skill-the-player-cannot-use', 'pour un joueur Sans les mains', 'No Hands'),
    ('R5 F5', 'fr', 'skills/general', 'quatre fois en jeu organisé (Matched Play)', 'en Matched Play'),
    ('R5 F5', 'fr', 'rulings/halfling-hot-pot-mishap-whose-dugout', 'bancs de touche', 'dugouts'),
    ('R5 F5', 'fr', 'skills/star-rules', 'un résultat K.O. ou Élimination', 'résultat KO'),
    ('R5 J5', 'ja', 'targets/agility-classic', 'プローンやスタンの選手はキャッチできず', '気絶'),
    ('R5 J5', 'ja', 'targets/agility-classic', 'ハンドオフには別のロール「ハンドオフのキャッチ（クラシック）」があります', '別のロールハンドオフ'),
    ('R5 J5', 'ja', 'targets/agility-classic', '着地にボーナスあり', '着地に +1（+1）'),
    ('R5 J5', 'ja', 'rulings/a-random-skill-the-player-cannot-use', '振り直してください', 'ロールし直'),
    ('R5 J5', 'ja', 'rulings/fumblerooski-stalling', 'この点に触れているのは公式のコメンタリーだけです。', '唯一の情報源'),
    ('R5 J5', 'ja', 'skills/trait', '推定しました。前後の項目がこのページにあります）／', 'このページにあります）。）'),
    ('R6 J6', 'ja', 'skills/trait', '推定しました。前後の項目がこのページにあります）／', 'このページにあります））'),
    ('R4 F11, R5 F8', 'fr', 'comparisons/pass-action', "−1 s'il fait Très Ensoleillé", 'par Très Ensoleillé'),
    ('R4 F11, R5 F8', 'fr', 'rolls/bb2020', '−1 sous une Averse', 'par Averse'),
    ('R4 F11, R5 F8', 'fr', 'rulings/kick-team-mate-spp-bb2020', 'une action Botter un coéquipier réussie', 'un Botter un coéquipier'),
    ('R4 F11, R5 F8', 'fr', 'rulings/who-plays-it-how', 'que les sources ne tranchent pas', 'instances'),
    ('R4 F11, R5 F8', 'fr', 'tables/kick-off-bb2025', 'ajoute son nombre de pom-pom girls', 'ajoute ses pom-pom girls'),
]


@pytest.mark.parametrize("finding, lang, page, written, not_written", CASES)
def test_the_page_writes_the_new_form_and_not_the_old(site, finding, lang, page, written, not_written):
    text = page_text(site, lang, page)
    readings = (text, text.replace("\n", " "), text.replace("\n", ""))  # a line break between two words, or none
    assert any(written in reading for reading in readings), (finding, written)
    boundary = "(?<![ァ-ヿ])" if re.match("[ァ-ヿ]", not_written) else ""  # パスロール is no スロール
    assert not any(re.search(boundary + re.escape(not_written), reading) for reading in readings), (finding, not_written)


def test_f4_the_chain_notation_names_casualty_for_every_edition(site):
    html = (site.dir / "fr" / "calculators" / "chain" / "index.html").read_text(encoding="utf-8")
    assert "<code>JC</code> une Élimination (Sortie en classique)" in html
    assert "une sortie" not in html


def test_review5_j3_the_roll_forms_injury_row_names_the_target_not_a_knocked_down_player(site):
    html = (site.dir / "ja" / "calculators" / "chain" / "index.html").read_text(encoding="utf-8")
    assert "対象の選手が Stunty を持つ" in html
    assert "倒された選手が" not in html
