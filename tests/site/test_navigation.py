"""The Sequences menu: groups in game order, the same in every language, every sequence in one group."""
from __future__ import annotations

import pytest

from plugins.data.model import EDITIONS_ORDER
from plugins.site.messages import Messages
from plugins.site.navigation import SEQUENCE_ORDER, build_nav, group_titles, index_title, sequence_family
from plugins.site.pagemap import generated_pages

LANGS = ("en", "fr", "ja")
GROUPS = ["Before the game", "Kick-off", "The team turn", "Special actions and skills", "Injuries",
          "End of drive and game"]


def sequences_menu(repo, lang: str) -> tuple[list, Messages]:
    t = Messages(lang)
    nav = build_nav(repo, generated_pages(repo), t)
    menu = next(entry[t("Sequences")] for entry in nav if isinstance(entry, dict) and t("Sequences") in entry)
    assert menu[0] == {index_title(t, "sequences"): "sequences/index.md"}  # the folder's list, the title's link
    return menu[1:], t


def grouped_paths(menu: list) -> list[tuple[str, list[str]]]:
    """[(group title, [page paths])] from the menu's entries."""
    out = []
    for group in menu:
        assert isinstance(group, dict) and len(group) == 1, f"a flat entry in the Sequences menu: {group}"
        (title, items), = group.items()
        out.append((title, [next(iter(item.values())) for item in items]))
    return out


def slug(path: str) -> str:
    return path.removeprefix("sequences/").removesuffix(".md")


def test_every_sequence_has_its_place_in_the_game_order(repo):
    """A new sequence must be given its place in navigation.SEQUENCE_ORDER (else it lands in "Other")."""
    placed = {family for _, families in SEQUENCE_ORDER for family in families}
    unplaced = sorted(s.slug for s in repo.of_kind("sequence") if sequence_family(s) not in placed)
    assert not unplaced, f"sequences with no group in SEQUENCE_ORDER: {unplaced}"
    listed = [family for _, families in SEQUENCE_ORDER for family in families]
    assert len(listed) == len(set(listed)), "a family is in two places of SEQUENCE_ORDER"


@pytest.mark.parametrize("lang", LANGS)
def test_sequences_are_grouped_in_game_order(repo, lang):
    menu, t = sequences_menu(repo, lang)
    groups = grouped_paths(menu)
    assert not t.missing, f"untranslated UI strings: {sorted(t.missing)}"
    assert [title for title, _ in groups] == [t(g) for g in GROUPS]
    every = [slug(p) for _, paths in groups for p in paths]
    assert sorted(every) == sorted(s.slug for s in repo.of_kind("sequence")), "each sequence exactly once"
    order = [family for _, families in SEQUENCE_ORDER for family in families]
    keys = []
    for s in every:
        entity = repo[f"sequence:{s}"]
        edition = min(EDITIONS_ORDER.index(e) for e in entity.editions)
        keys.append((order.index(sequence_family(entity)), edition))
    assert keys == sorted(keys), "families in game order, and within a family the editions oldest first"
    first = dict(groups)
    assert slug(first[t("Before the game")][0]) == "pre-game-classic"
    assert [slug(p) for p in first[t("The team turn")][:4]] == [
        "team-turn-classic", "team-turn-bb2020", "team-turn-bb2025", "move-action-classic"]
    assert slug(first[t("Injuries")][0]) == "knocked-down-classic"


def test_the_order_is_the_same_in_every_language(repo):
    orders = {lang: [[slug(p) for p in paths] for _, paths in grouped_paths(sequences_menu(repo, lang)[0])]
              for lang in LANGS}
    assert orders["fr"] == orders["en"] and orders["ja"] == orders["en"]


def test_group_titles_are_translated(repo):
    for lang in ("fr", "ja"):
        t = Messages(lang)
        titles = group_titles(t)
        assert not t.missing, f"{lang}: untranslated group titles: {sorted(t.missing)}"
        assert all(title != english for title, english in zip(titles.values(), group_titles(Messages("en")).values()))


def test_a_sequence_with_no_place_is_listed_last_not_dropped(repo, monkeypatch):
    import plugins.site.navigation as navigation
    monkeypatch.setattr(navigation, "SEQUENCE_ORDER",
                        tuple((g, tuple(f for f in fs if f != "stab")) for g, fs in SEQUENCE_ORDER))
    menu, t = sequences_menu(repo, "fr")
    groups = grouped_paths(menu)
    assert groups[-1][0] == t("Other sequences")
    assert [slug(p) for p in groups[-1][1]] == ["stab-classic", "stab-bb2020", "stab-bb2025"]
