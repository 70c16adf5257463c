"""The Japanese search index gets each star player's katakana (review 3, D8): on the star player rules page,
where his rule is, and on every section whose text names him in English, as the Japanese pages write him
(plugins/site/search.py: alias_locations, mention_names). The browser test types them in the search box:
tests/browser/test_search_katakana_ja.py."""
from plugins.site.search import alias_locations, mention_names


def test_a_star_players_katakana_finds_the_page_of_his_rule(repo):
    aliases = alias_locations(repo, "ja")
    assert "グリフ・オーバーワルド" in aliases["skills/star-rules/#star-rule-consummate-professional"]
    assert not any("グリフ・オーバーワルド" in words for words in alias_locations(repo, "fr").values())


def test_a_section_naming_the_star_in_english_gets_his_katakana(repo):
    mentions = dict(mention_names(repo, "ja"))
    assert mentions["Griff Oberwald"] == {"グリフ・オーバーワルド"}
    assert "Griff Oberwald" not in dict(mention_names(repo, "en"))
