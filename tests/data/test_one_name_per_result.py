"""One name per thing in French and Japanese (issue 22; review 3, D6): a kick-off result has one French and one
Japanese name in every edition's table, the French characteristics are M and CP (as F and AR), and the termbase
check refuses the names the texts used before, so that they cannot come back."""
from __future__ import annotations

from plugins.data.terminology import rules, scan

KICK_OFF_TABLES = ("table:kick-off-classic", "table:kick-off-bb2020", "table:kick-off-bb2025")


def found(repo, lang: str, text: str) -> list[tuple[str, str]]:
    return [(f, u) for _, f, u in scan(text, lang, rules(repo.termbase, lang))]


def test_a_kick_off_result_has_one_name_per_language_in_every_edition(repo):
    names: dict[str, dict[str, set[str]]] = {}
    for table_id in KICK_OFF_TABLES:
        for row in repo[table_id]["rows"]:
            english = row["name"]["en"].rstrip("!")
            for lang in ("fr", "ja"):
                names.setdefault(english, {}).setdefault(lang, set()).add(row["name"][lang])
    several = {english: by_lang for english, by_lang in names.items() if any(len(v) > 1 for v in by_lang.values())}
    assert several == {}
    assert len([n for n in names if len(names[n]["fr"]) == 1]) == 16  # the 16 English names of the three tables, each seen


def test_the_french_names_chosen_for_the_results_the_review_named(repo):
    bb2020 = {row["key"]: row["name"]["fr"] for row in repo["table:kick-off-bb2020"]["rows"]}
    assert bb2020["get-the-ref"] == "À mort l'Arbitre"
    assert bb2020["high-kick"] == "Chandelle"
    assert bb2020["officious-ref"] == "Arbitre Zélé"  # « officieux » means unofficial


def test_the_termbase_refuses_the_other_kick_off_names(repo):
    assert found(repo, "fr", "Sur un Coup de pied haut ou un Appelez l'arbitre, puis un Arbitre officieux.") == [
        ("Coup de pied haut", "Chandelle"), ("Appelez l'arbitre", "À mort l'Arbitre"),
        ("Arbitre officieux", "Arbitre Zélé")]
    assert found(repo, "fr", "Défense solide, Invasion de terrain, High Kick et Quick Snap!") == [
        ("Défense solide", "Solide Défense"), ("Invasion de terrain", "Invasion du Terrain"),
        ("High Kick", "Chandelle"), ("Quick Snap", "Surprise")]
    # one name with its capitals: the BB2020 table's « Coaching brillant » and « Temps mort » are refused
    assert found(repo, "fr", "Coaching brillant, puis Temps mort.") == [
        ("Coaching brillant", "Coaching Brillant"), ("Temps mort", "Temps Mort")]
    assert found(repo, "fr", "Coaching Brillant, Temps Mort, Solide Défense, Chandelle, Arbitre Zélé.") == []
    assert found(repo, "ja", "ゲット・ザ・レフとハイ・キック、Get the Ref。") == [
        ("ゲット・ザ・レフ", "ゲットザレフ"), ("ハイ・キック", "ハイキック"), ("Get the Ref", "ゲットザレフ")]
    assert found(repo, "ja", "ゲットザレフとハイキック。") == []


def test_the_termbase_refuses_ma_and_pa_in_french(repo):
    assert found(repo, "fr", "Sa MA baisse de 1, et sa PA aussi ; un test de PA.") == [
        ("MA", "M"), ("PA", "CP"), ("PA", "CP")]
    assert found(repo, "fr", "Son M baisse de 1, et sa CP aussi ; F, AG et AR ne bougent pas.") == []
    # Japanese keeps the English abbreviations
    assert found(repo, "ja", "MA と PA が1下がります。") == []


def test_every_star_player_has_a_katakana_that_japanese_prose_does_not_use(repo):
    named = {star for rule in repo.of_kind("star-rule") for star in rule.get("stars") or []}
    assert named == set(repo.termbase.stars)
    assert repo.termbase.stars["Griff Oberwald"] == "グリフ・オーバーワルド"
    assert found(repo, "ja", "グリフ・オーバーワルドの Consummate Professional。") == [
        ("グリフ・オーバーワルド", "Griff Oberwald")]
    assert found(repo, "ja", "Griff Oberwald の Consummate Professional。") == []
