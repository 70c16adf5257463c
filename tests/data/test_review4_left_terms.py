"""Review 4's wording findings left after the first pass (/work/notes/review4/findings.md; issue 22): each form
the texts stopped using is refused by the termbase (data/termbase.yml) through the terminology check, and the
form that replaced it passes. Each test writes the sentence the reviewer read, in the reviewer's language.
"""
from __future__ import annotations

import re

from plugins.data.terminology import rules, scan


def found(repo, lang: str, text: str) -> list[tuple[str, str]]:
    return [(f, u) for _, f, u in scan(text, lang, rules(repo.termbase, lang))]


# ------------------------------------------------------------------------------ J4: skill names in Japanese

def test_j4_the_four_skills_without_katakana_now_have_it(repo):
    katakana = {slug: repo.termbase.get(f"skill:{slug}").names["ja"].katakana
                for slug in ("kick", "tackle", "defensive", "piling-on")}
    assert katakana == {"kick": "キック", "tackle": "タックル", "defensive": "ディフェンシブ",
                        "piling-on": "パイリングオン"}


def test_j4_a_skill_named_by_its_katakana_is_refused_but_the_everyday_word_is_not(repo):
    assert found(repo, "ja", "キックを持っていれば D6 の目を半分にできます。") == [("キックを持", "Kick")]
    assert found(repo, "ja", "この選手は ディフェンシブ を持ちます。") == [("ディフェンシブ", "Defensive")]
    assert found(repo, "ja", "パイリングオン を使う") == [("パイリングオン", "Piling On")]
    # a kick and a tackle are ordinary words: the sentences that use them so stay allowed
    assert found(repo, "ja", "キックがデビエートします。タックルした選手はプローンになります。") == []
    assert found(repo, "ja", "オフェンシブアシストもディフェンシブアシストもしません。") == []


# ------------------------------------------------------------------------------ J3: one Japanese word per thing

def test_j3_chomped_and_chomp_are_written_in_english_without_a_japanese_gloss(repo):
    assert found(repo, "ja", "3+ならその相手は噛みつかれた（Chomped）状態になり") == [("噛みつかれた（Chomped）", "Chomped")]
    assert found(repo, "ja", "この選手は噛みつき（Chomp）の特殊アクションを宣言でき") == [("噛みつき（Chomp）", "Chomp")]
    assert found(repo, "ja", "その相手は Chomped 状態になり、この選手は Chomp の特殊アクションを宣言できます。") == []


def test_j3_a_positional_is_named_as_the_roster_prints_it(repo):
    assert found(repo, "ja", "隣のスロール・ラインマン（味方）に噛みつかなければ") == [("スロール・ラインマン", "Thrall")]
    assert found(repo, "ja", "噛まれたスロールはインジャリーロールを行い") == [("スロール", "Thrall")]
    # パスロール is a pass roll, not a Thrall
    assert found(repo, "ja", "噛まれた Thrall は、パスロールを行いません。") == []


def test_j3_standing_and_placed_prone_in_their_japanese_words(repo):
    assert found(repo, "ja", "隣のスタンディングのチームメイト1人に襲いかかり") == [("スタンディング", "立っている")]
    assert found(repo, "ja", "ノックダウンされるかプレースト・プローンになるまで") == [("プレースト・プローン", "プローンにされる")]
    assert found(repo, "ja", "隣の立っているチームメイト1人に襲いかかり") == []


# ------------------------------------------------------------------------------ J6: Japanese typography

def test_j6_a_value_in_ascii_brackets_and_a_bold_title_spaced_after_its_full_stop_are_refused():
    from plugins.data.text import japanese_typography_problems

    assert len(japanese_typography_problems("いったん Loner (2+) になったら")) == 1
    assert len(japanese_typography_problems("選手が [[skill:loner]] (2+) を得る")) == 1
    assert len(japanese_typography_problems("Mighty Blow (+1) と Animosity (X)")) == 2
    assert len(japanese_typography_problems("**賞金。** 観客動員数は")) == 1
    assert japanese_typography_problems("いったん Loner（2+）になったら。**賞金**。観客動員数は") == []
    assert japanese_typography_problems("`D3,(1/2:R2|1/3:R3)` のように書きます") == []  # code is no prose


def test_j6_a_modifier_label_does_not_repeat_its_value(repo):
    """The pages put the value before the label (「+1 Extra Arms」) and the forms after it (「Extra Arms（+1）」):
    a label that carries it too reads 「+1 Extra Arms（+1）」."""
    repeated = []
    for roll in (e for e in repo.entities.values() if e.kind == "roll"):
        for modifier in roll.get("modifiers") or []:
            value = modifier["value"]
            shown = f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"
            for lang, label in modifier["label"].items():
                if label.rstrip().endswith((f"({shown})", f"（{shown}）")):
                    repeated.append(f"{roll.id} {modifier['key']} {lang}: {label}")
    assert not repeated, repeated


# ------------------------------------------------------------------------------ J7: the middle dot

def test_j7_a_game_name_with_a_middle_dot_is_refused_but_a_list_and_a_title_keep_theirs(repo):
    assert found(repo, "ja", "D3 ごとにスロー・ア・ロックを得ます。") == [("スロー・ア・ロック", "スローアロック")]
    assert found(repo, "ja", "ブリッツァーズ・ベスト・ケグ1つにつき +1") == [("ブリッツァーズ・ベスト・ケグ", "ブリッツァーズベストケグ")]
    assert found(repo, "ja", "ダイビング・タックルを使う") == [("ダイビング・タックル", "Diving Tackle")]
    assert found(repo, "ja", "デザイナーズコメンタリーとロースター") == [
        ("デザイナーズコメンタリー", "デザイナーズ・コメンタリー"), ("ロースター", "ロスター")]
    assert found(repo, "ja", "スローアロック・ゲットザレフ・ドッジ・ラッシュ、デザイナーズ・コメンタリー") == []


def test_j7_prayers_inducement_and_spp_names_have_no_middle_dot(repo):
    dotted = [f"{table.id} {row['key']}: {row['name']['ja']}" for table in repo.entities.values()
              if table.kind == "table" for row in table.get("rows") or []
              if "・" in (row.get("name") or {}).get("ja", "")]
    assert not dotted, dotted


# ------------------------------------------------------------------------------ J8: smaller Japanese points

def test_j8_money_and_glued_latin_words_are_refused():
    from plugins.data.text import japanese_typography_problems

    assert len(japanese_typography_problems("シーズンごとに +20,000GP）は")) == 1
    assert len(japanese_typography_problems("出場可能で[[skill:loner]]を持たない、±0 Bloodweiser Babeなし")) == 2
    assert len(japanese_typography_problems("関係するのはKickだけです。BB2020とBB2025")) == 3
    assert japanese_typography_problems("20,000 ゴールド、出場可能で [[skill:loner]] を持たない ST4以下の選手の AGテスト") == []


def test_j8_a_knocked_down_player_is_nokkudaun_sareta(repo):
    assert found(repo, "ja", "Zug のブロックアクションで相手選手がノックダウンしたとき") == [
        ("がノックダウンしたとき", "ノックダウンされた")]
    assert found(repo, "ja", "相手選手がノックダウンされたとき、ブロックアクション中に相手をノックダウンしたとき") == []


# ------------------------------------------------------------------------------ F4, F5, F10: French, one spelling

def test_f4_elimination_takes_its_capital_as_the_glossary_writes_it(repo):
    assert found(repo, "fr", "puis le jet d'élimination, puis la table des éliminations.") == [
        ("élimination", "Élimination"), ("éliminations", "Éliminations")]  # the allowed form of what was written
    assert found(repo, "fr", "Élimination. Puis le jet d'Élimination et la table des Éliminations.") == []


def test_f10_capitals_of_glossary_terms_change_only_at_the_start_of_a_sentence(repo):
    assert found(repo, "fr", "Cela provoque un turnover, et le joueur reste à terre dans le box des Réserves.") == [
        ("turnover", "Turnover"), ("à terre", "À Terre"), ("box des Réserves", "Box des Réserves")]
    assert found(repo, "fr", "Un adversaire qui le marque ; un joueur déconcentré ; une table de Coup d'Envoi.") == [
        ("le marque", "le Marque"), ("déconcentré", "Déconcentré"), ("Coup d'Envoi", "Coup d'envoi")]
    # the glossary's spellings, a form of another entry (« Mis à Terre » is Placed Prone: review 6 F1 gave its
    # participle the glossary's capital), a sentence's first word
    assert found(repo, "fr", "Un Turnover ; un joueur À Terre est Mis à Terre ; le Box des Réserves ; au coup "
                             "d'envoi. Turnover : oui. À Terre, il ne fait rien.") == []
    assert found(repo, "fr", "Le joueur est à Terre.") == [("à Terre", "À Terre")]


def test_f5_one_name_for_scatter_and_the_pass_ranges(repo):
    assert found(repo, "fr", "seule la dispersion peut emmener le joueur") == [("dispersion", "Valdinguer")]
    assert found(repo, "fr", "une passe rapide, puis une Passe rapide, puis une longue bombe") == [
        ("passe rapide", "Passe Rapide"), ("Passe rapide", "Passe Rapide"), ("longue bombe", "Longue Bombe")]
    assert found(repo, "fr", "hors d'une Zone de tacle") == [("Zone de tacle", "Zone de Tacle")]
    assert found(repo, "fr", "une Passe Rapide hors d'une zone de tacle ou d'une Zone de Tacle. Zone de tacle : oui") == []


# ------------------------------------------------------------------------------ review 5 F1, F2: French injury texts

def test_review5_f1_mojibake_is_refused():
    from plugins.data.text import text_problems

    assert text_problems("Minus : pas de jet de Sortie, le rÃ©sultat est une Commotion (Badly Hurt).")
    assert not text_problems("Minus : pas de jet de Sortie, le résultat est une Commotion (Badly Hurt).")


def test_review5_f2_classic_french_texts_say_sortie(repo):
    """docs/writing-policy.md: Sortie for the classic rules, Élimination for BB2020 and BB2025. A classic entity's
    French text (or a classic edition note) names Élimination only in a sentence that names BB2020 or BB2025."""
    from plugins.data.terminology import _texts

    slips = []
    for entity in repo.entities.values():
        for path, lang, text in _texts(entity.data, ()):
            classic = entity.id.endswith("-classic") or "classic" in path
            if lang != "fr" or not classic:
                continue
            for sentence in re.split(r"(?<=[.!?])\s+", text):
                if re.search(r"[Éé]limination", sentence) and not re.search(r"BB202[05]", sentence):
                    slips.append(f"{entity.id} {path}: {sentence[:80]}")
    assert not slips, slips


def test_review5_j4_no_star_katakana_has_a_word_starting_with_n(repo):
    """「フランク・ン・シュタイン」: a Japanese word never starts with ン; 'n' is アンド, as in ドリブル・アンド・ドルル."""
    odd = {star: kana for star, kana in repo.termbase.stars.items() if re.search(r"(^|・)ン", kana)}
    assert not odd, odd
    assert repo.termbase.stars["Mighty Zug"] == "マイティ・ザグ"


def test_review5_f6_french_page_lists_are_refused_with_an_ampersand_or_a_singular():
    from plugins.data.text import french_typography_problems

    assert french_typography_problems("Question 77, sur la p.\u00a075 et 86 du livre de règles.")
    assert french_typography_problems("Commentaire, p.\u00a0130 & 133.")
    assert not french_typography_problems("Question 77, sur les p.\u00a075 et 86 du livre de règles.")


def test_review5_f5_english_names_and_ko_are_refused_in_french(repo):
    assert found(repo, "fr", "un joueur No Hands, quatre fois en Matched Play, la règle Team Captain, les dugouts") == [
        ("No Hands", "Sans ballon"), ("Matched Play", "jeu organisé"), ("Team Captain", "Capitaine d'équipe"),
        ("dugouts", "banc de touche")]
    assert found(repo, "fr", "un résultat KO ou Élimination") == [("KO", "K.O.")]
    assert found(repo, "fr", "un résultat K.O., quatre fois en jeu organisé (Matched Play), la liste d'équipe "
                             "(Team Draft List)") == []


def test_review5_f4_a_weather_result_keeps_its_tables_capitals(repo):
    assert found(repo, "fr", "S'il donne Conditions idéales, le ballon") == [("Conditions idéales", "Conditions Idéales")]
    assert found(repo, "fr", "S'il donne Conditions Idéales, le ballon") == []


def test_review5_f7_no_step_text_starts_with_its_own_title(repo):
    """« **1 Les deux équipes se placent** Les deux équipes se placent, … »: the page shows the title, then the text."""
    from plugins.data.model import iter_steps

    stutters = []
    for sequence in repo.of_kind("sequence"):
        for step in iter_steps(sequence["steps"]):
            for lang in ("fr", "ja"):
                title = re.sub(r"\s+", " ", ((step.get("title") or {}).get(lang) or "")).strip().lower()
                text = re.sub(r"\s+", " ", ((step.get("text") or {}).get(lang) or "")).strip().lower()
                if title and text.startswith(title):
                    stutters.append(f"{sequence.id} {step['key']} {lang}: {title}")
    assert not stutters, stutters


def test_review4_f11_a_weather_modifier_is_not_per_weather(repo):
    assert found(repo, "fr", "−1 par adversaire qui le Marque, et −1 par Très Ensoleillé, −1 par Averse") == [
        ("par Très Ensoleillé", "Très Ensoleillé"), ("par Averse", "Averse")]
    assert found(repo, "fr", "−1 par adversaire qui le Marque, −1 s'il fait Très Ensoleillé, −1 sous une Averse") == []
