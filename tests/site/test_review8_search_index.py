"""The index's marks for search-adapter.js's ranking (review 8, m2; plugins/site/search.py): a calculator page's
explanations weigh less and are marked `explains`; a title that names skills carries their search words
(`title_names`), so a Japanese question that writes "Mighty Blow" holds マイティブロー. The browser tests type
the queries: tests/browser/test_review8_search.py and the search-quality set."""
from plugins.site.search import EXPLANATION_BOOST, add_title_names, mark_explanations, mention_names


def test_only_a_calculators_explanatory_sections_weigh_less():
    locations = ["calculators/chain/#assumes", "calculators/chain/#notation", "calculators/chain/#calculator",
                 "rulings/claws-mighty-blow-stacking/"]
    index = {"docs": [{"location": at} for at in locations] + [{"location": "glossary/#term-x", "explains": 1}]}
    mark_explanations(index)
    marked = {doc["location"]: (doc.get("boost"), doc.get("explains")) for doc in index["docs"]}
    assert marked == {"calculators/chain/#assumes": (EXPLANATION_BOOST, 1),
                      "calculators/chain/#notation": (EXPLANATION_BOOST, 1),
                      "calculators/chain/#calculator": (None, None),
                      "rulings/claws-mighty-blow-stacking/": (None, None),
                      "glossary/#term-x": (None, None)}
    assert EXPLANATION_BOOST < 1


def test_a_japanese_question_naming_skills_in_english_carries_their_katakana(repo):
    index = {"docs": [
        {"location": "rulings/claws-mighty-blow-stacking/", "text": "",
         "title": "クラシック：Mighty Blow の +1 は、Claws がアーマーを破るのに必要な8に数えられますか。"},
        {"location": "glossary/", "title": "用語集", "text": "Mighty Blow", "title_names": "stale"}]}
    add_title_names(index, mention_names(repo, "ja"))
    words = set(index["docs"][0]["title_names"].split())
    assert {"マイティブロー", "クロー"} <= words
    assert "title_names" not in index["docs"][1]  # a skill named in the text only is not the title's
