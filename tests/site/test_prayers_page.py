"""The Prayers to Nuffle calculator (issue 19 item 5) on each edition's Prayers to Nuffle table page, in the three
languages (rendered Markdown of the real data, no build): before the table, its headline first, its results named
as the data names the rows in the page's language, and its statements reading the numbers from the table's
`draws`.
"""
from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import pytest

LANGS = ("en", "fr", "ja")
EDITIONS = ("bb2020", "bb2025")


def _form(md: str) -> str:
    start = md.index('data-calculator="prayers"')
    return md[start:md.index("</table>", start)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_calculator_comes_before_the_table_with_its_headline_first(render_page, repo, lang, edition):
    table = repo[f"table:prayers-to-nuffle-{edition}"]
    md = render_page(lang, f"tables/{table.slug}.md")
    assert md.index('data-calculator="prayers"') < md.index('id="row-' + table["rows"][0]["key"])
    form = _form(md)
    assert f'name="edition" value="{edition}"' in form
    result = form[form.index("data-result"):]
    # the headline is the first row of the result: the chance of the result hoped for, as the resolver computes
    # it for the default request (one prayer, the first row): one row of the table's
    headline = re.search(r'<dl class="nc-headline" data-headline>(.*?)</dl>', result, re.S).group(1)
    assert result.index("data-headline") < result.index('data-field="prayers"')
    shown = re.sub(r"<[^>]+>", "", headline)  # the chance is written in parts (fraction, percentage)
    assert 'data-field="chance"' in headline and str(Fraction(1, len(table["rows"]))) in shown


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_results_are_named_from_the_data_in_the_pages_language(render_page, repo, lang, edition):
    table = repo[f"table:prayers-to-nuffle-{edition}"]
    form = unescape(_form(render_page(lang, f"tables/{table.slug}.md")))
    wanted = re.search(r'<select name="wanted">(.*?)</select>', form, re.S).group(1)
    options = dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', wanted))
    names = {row["key"]: re.sub(r"[*_]", "", row["name"][lang]) for row in table["rows"]}
    assert {k: v for k, v in options.items() if k} == names
    for key, name in names.items():
        assert re.search(rf'<th scope="row">{re.escape(name)}</th>\s*<td data-field="results\.{key}"', form), key


@pytest.mark.parametrize("lang", LANGS)
def test_the_statements_read_the_numbers_of_the_draws(render_page, repo, lang):
    from plugins.site.messages import Messages

    t = Messages(lang)
    bb2020 = render_page(lang, "tables/prayers-to-nuffle-bb2020.md")
    bb2025 = render_page(lang, "tables/prayers-to-nuffle-bb2025.md")
    per = repo["table:prayers-to-nuffle-bb2020"]["draws"]["per_value_difference"]
    most = repo["table:prayers-to-nuffle-bb2025"]["draws"]["most"]
    assert t("The Underdog rolls once for every full {amount} gold pieces of difference in team value.",
             amount=t.number(per)) in bb2020
    assert t("A team may buy up to {most} prayers.", most=t.number(most)) in bb2025
    assert t("A team may buy up to {most} prayers.", most=t.number(most)) not in bb2020


def test_french_and_japanese_typography(render_page):
    fr = render_page("fr", "tables/prayers-to-nuffle-bb2025.md")
    assert "Avant le coup d'envoi\u00a0: la probabilité" in fr
    assert "est relancé\u00a0: les prières" in fr
    ja = render_page("ja", "tables/prayers-to-nuffle-bb2025.md")
    assert "ナッフルへの祈り計算機" in ja and "最大3つ" in ja
