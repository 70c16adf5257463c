"""The French elision check returns what it found (the words, the vowel word, where) rather than a sentence, so
that the data check and the built pages' test (tests/site/test_french_typography.py) each word their own
message and neither depends on the other's wording (issue 22, item 4 of the names task)."""
from plugins.data.text import MissingElision, french_elision_problems


def test_a_missing_elision_comes_back_as_its_words_and_place():
    text = "Un joueur doté de Arme secrète, si il le veut, va jusque à la ligne."
    found = french_elision_problems(text)
    assert found == [MissingElision("de Arme", "Arme", text.index("de Arme")),
                     MissingElision("si il", "il", text.index("si il")),
                     MissingElision("jusque à", "à", text.index("jusque à"))]


def test_the_words_are_read_through_a_reference_label_and_squeezed():
    found = french_elision_problems("la relance [[skill:dodge|de\n    Esquive]]")
    assert [(e.written, e.word) for e in found] == [("de Esquive", "Esquive")]


def test_the_data_check_words_the_message_itself():
    from plugins.data.schema import Context, Text

    problems = []
    Text().check({"en": "x", "fr": "doté de Arme secrète", "ja": "x"}, ("summary",),
                 lambda path, message: problems.append((path, message)), Context())
    assert problems == [(("summary", "fr"), "« de Arme » without its elision: French writes the short word with an "
                                            "apostrophe before a vowel (« d'un », « l'Esquive », « jusqu'à », « s'il »)")]


def test_a_word_in_emphasis_is_read_as_the_word():
    """« puisque *officieux* » was missed by the data check (the built page's test found it)."""
    found = french_elision_problems("un faux ami, puisque *officieux* signifie « non officiel »")
    assert [(e.written, e.word) for e in found] == [("puisque officieux", "officieux")]
    assert french_elision_problems("puisqu'*officieux* signifie") == []
