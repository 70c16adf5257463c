"""Review 6 J2 and J6 (/work/notes/review6/findings.md; issue 22) in the data: the checks that keep a page number
glued to ページ (one form, 「132ページ」) and a step numbered in Latin letters spaced from the Japanese after it
(「手順 5aa を参照」), and the texts that no longer close a bracket twice."""
from __future__ import annotations

import re

from plugins.data.checks import _JA_GLUED_STEP_REF, _ja_label
from plugins.data.terminology import _texts
from plugins.data.text import REF, find_refs, japanese_typography_problems


def test_j2_a_page_number_spaced_from_peeji_is_refused():
    assert japanese_typography_problems("ルールブックの 132 ページにあります。")
    assert not japanese_typography_problems("ルールブックの132ページにあります（77・80ページも）。")


def test_j6_a_step_reference_ending_in_letters_is_refused_glued_to_kana(repo):
    glued = "[[sequence:pass-action-classic#step-5aa]]を参照してください。"
    match = _JA_GLUED_STEP_REF.search(glued)
    assert match and _ja_label(repo, find_refs(match["ref"])[0]).endswith("の手順 5aa")
    # a step numbered with digits only is glued, as any number is (「手順 3を参照」 is the policy's 3マス)
    assert not re.search(r"[A-Za-z]$", _ja_label(repo, find_refs("[[sequence:pass-action-classic#step-3]]")[0]))


def test_j6_no_japanese_text_closes_a_bracket_twice_once_its_links_are_read(repo):
    """「（[[sequence:blitz-action-classic]]）」 shows 「（ブリッツアクション（クラシック））」: 113 in the data."""
    def shown(text: str) -> str:
        return REF.sub(lambda m: m["text"] or repo[f"{m['kind']}:{m['slug']}"].title("ja"), text)

    doubled = [f"{entity.id} {path}" for entity in repo.entities.values() for path, lang, text in _texts(entity.data, ())
               if lang == "ja" and "））" in shown(text)]
    assert not doubled, doubled
