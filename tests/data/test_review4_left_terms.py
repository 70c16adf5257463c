"""Review 4's wording findings left after the first pass (/work/notes/review4/findings.md; issue 22): each form
the texts stopped using is refused by the termbase (data/termbase.yml) through the terminology check, and the
form that replaced it passes. Each test writes the sentence the reviewer read, in the reviewer's language.
"""
from __future__ import annotations

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
