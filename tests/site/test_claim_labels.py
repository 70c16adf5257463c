"""A statement whose records cover only some of its claims names the claims left open by their labels, in
the page's language (issue 21): a French and a Japanese build of the fixture site, where step 1a of the
Pick-up sequence makes two claims and its one record covers the first; and the real data's labels.

The real site has no partly unconfirmed statement today (every statement with claims has them all
covered), so the built pages read here are the fixture site's, built in French and in Japanese through the
real configuration and plugins.
"""
from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PROJECT = FIXTURES.parent.parent
RECORD = 'at: {page: 4, section: "Fixture"}}'
# step 1a makes two claims: "roll" (covered by its record) and "re-roll" (covered by none)
CLAIMS = """claims:
  - of: steps.1a
    keys:
      - {key: roll, label: {en: the pick-up roll, fr: le jet de ramassage, ja: ピックアップのロール}}
      - {key: re-roll, label: {en: a second try, fr: un nouvel essai, ja: もう一度の挑戦}}
"""
CONFIG = """INHERIT: {project}/mkdocs.yml
docs_dir: {docs}
theme:
  language: {lang}
plugins:
  - search
  - nuffle:
      data_dir: {data}
  - nuffle-calc:
      ship_runtime: false
"""
BADGE_TITLE = re.compile(r'<span class="nc-unconfirmed"[^>]*><a href="[^"]*#v-sequence-pick-up--steps-1a--classic"'
                         r' title="([^"]*)">([^<]*)</a>')


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{lang: the built site folder} for fr and ja, from the fixture data with step 1a partly confirmed."""
    tmp = tmp_path_factory.mktemp("claim-labels")
    data = tmp / "data"
    shutil.copytree(FIXTURES / "data", data)
    sequence = data / "sequences" / "pick-up.yml"
    text = sequence.read_text(encoding="utf-8")
    assert RECORD in text
    sequence.write_text(text.replace(RECORD, RECORD[:-1] + ", claims: [roll]}") + CLAIMS, encoding="utf-8")
    out = {}
    for lang in ("fr", "ja"):
        config = tmp / f"mkdocs-{lang}.yml"
        config.write_text(CONFIG.format(project=PROJECT, docs=FIXTURES / "site" / "docs", lang=lang, data=data),
                          encoding="utf-8")
        out[lang] = tmp / f"site-{lang}"
        build(load_config(config_file=str(config), site_dir=str(out[lang]), strict=True))
    return out


def _page(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang, word, label, title_start, status_words", [
    ("fr", "En partie non confirmé", "un nouvel essai", "Pour ", "pas encore\u00a0: un nouvel essai"),
    ("ja", "一部未確認", "もう一度の挑戦", "", "未確認の点：もう一度の挑戦")])
def test_a_partly_unconfirmed_step_names_its_open_claim_by_its_label_in_the_page_language(
        built, lang, word, label, title_start, status_words):
    page = _page(built[lang], "sequences/pick-up")
    badges = BADGE_TITLE.findall(page)
    assert [text for _, text in badges] == [word]
    title = html.unescape(badges[0][0])
    assert title.startswith(title_start) and label in title
    assert "re-roll" not in title and "roll" not in title.replace(label, "")  # no English key, no covered claim
    status = _page(built[lang], "verification")
    item = next(li for li in status.split("<li>") if 'id="v-sequence-pick-up--steps-1a--classic"' in li)
    item_text = html.unescape(re.sub(r"<[^>]+>", "", item))
    assert status_words in item_text and "re-roll" not in item_text
