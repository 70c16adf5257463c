"""Issue 26, items 2, 3 and 4, and the star rules page, on a 360 × 780 phone, in the language each defect was
found in, on the real site:

* a ruling page (French) opens with its question and the answer; the positions follow as cards, not as a
  three-column table squeezed to about 100 px a column;
* the rulings index (Japanese) starts with the list of rulings, which a filter box narrows; the "who plays it
  how" matrix has a page of its own whose header row and question column stay in view while it scrolls;
* a sequence page (Japanese, French) starts with its numbered steps, after a "jump to step" bar; a bulleted
  list inside a ruling position stays a list (Monstrous Mouth, Jervis);
* the star rules page is a short list of rule names on a phone, and a link to a rule opens it;
* review 2: the rulings filter finds a skill by its names in every language (ja katakana, fr English), and a
  ruling whose question is three sentences long still shows its answer on the first screen.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from calc_driver import url_of
from test_review8_rulings_count import WORDS
from yaml_files import read_folder

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
SCREEN = PHONE["height"]
DATA = Path(__file__).resolve().parents[2] / "data"
RULINGS = read_folder("rulings")  # libyaml, read once per process (tests/yaml_files.py)
STAR_RULES = sorted(p.stem for p in (DATA / "star-rules").glob("*.yml"))


def top(page, selector: str) -> float:
    """The top of the first element matching `selector`, in CSS pixels from the top of the page."""
    return page.locator(selector).first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")


def longest_ruling(lang: str) -> str:
    """The ruling whose positions say the most in `lang`: its answer was the furthest down."""
    return max(RULINGS, key=lambda slug: sum(len(p["says"][lang]) for p in RULINGS[slug]["positions"]))


# ------------------------------------------------------------------------------ item 2: ruling pages

@pytest.mark.parametrize("slug", [longest_ruling("fr"), "loner-team-re-roll", "monstrous-mouth-chomped-movement"])
def test_a_ruling_page_opens_with_the_answer_and_shows_each_position_as_a_card(open_page, web, slug):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", f"rulings/{slug}/"))
    # the answer: the site's recommendation, under its label, on the first screen, before any position
    label = page.get_by_text("Ce que recommande ce site", exact=True).first
    answer_top = label.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
    assert answer_top < SCREEN, f"the answer starts {answer_top:.0f} px down"
    assert top(page, "article h1") < answer_top
    # the positions: one card per body, each a readable width; no table squeezes them into columns
    cards = page.locator("article .nc-position")
    assert cards.count() == len(RULINGS[slug]["positions"])
    widths = page.locator("article .nc-position, article td, article th").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    assert min(widths) >= 250, widths
    assert answer_top < top(page, "article .nc-position")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_list_in_a_ruling_position_stays_a_list(open_page, web):
    """The Jervis position on Chomped lists six cases; in a table cell they ran together as one paragraph."""
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", "rulings/monstrous-mouth-chomped-movement/"))
    items = page.locator(".nc-position:has(#position-jervis) ul > li")
    expected = len(re.findall(r"^- ", RULINGS["monstrous-mouth-chomped-movement"]["positions"][-1]["says"]["fr"], re.M))
    assert expected == 6 and items.count() == expected
    assert items.first.is_visible()


# ------------------------------------------------------------------------------ item 3: the rulings index

def test_the_rulings_index_starts_with_the_list_and_its_filter_narrows_it(open_page, web):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "ja", "rulings/"))
    first = top(page, "article a.nc-moved")
    assert first < SCREEN, f"the first ruling is {first:.0f} px down"
    assert page.locator("article table").count() == 0  # the matrix has a page of its own
    links = page.locator("article a.nc-moved")
    assert links.count() == len(RULINGS)
    box = page.get_by_role("searchbox", name="裁定を絞り込む")  # its filter region has that name too (review 6)
    page.wait_for_selector("[data-nc-filter-form][data-mounted]", state="attached")
    assert box.is_visible() and top(page, "[data-nc-filter]") < SCREEN
    box.fill("chomped")
    shown = page.locator("article li:has(a.nc-moved)").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => e.closest('.nc-ruling-group').querySelector('h3').innerText"
        " + ' ' + e.innerText)")
    chomped = [s for s, r in RULINGS.items() if "chomped" in r["question"]["ja"].lower()]
    assert len(chomped) <= len(shown) < len(RULINGS)
    assert all("chomped" in text.lower() for text in shown), shown
    box.fill("")
    assert page.locator("article li:has(a.nc-moved)").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).length") == len(RULINGS)


def test_without_script_the_rulings_index_lists_every_ruling(open_page, web):
    page = open_page(viewport=PHONE, java_script_enabled=False)
    page.goto(url_of(web, "ja", "rulings/"))
    assert not page.locator("[data-nc-filter]").is_visible()  # a box that could not filter is not offered
    visible = page.locator("article a.nc-moved").evaluate_all("els => els.filter(e => e.checkVisibility()).length")
    assert visible == len(RULINGS)


STICKY = """() => {
  const box = document.querySelector('.nc-matrix');
  // the reader scrolls the page until the box is just under Material's header, then scrolls inside it
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  window.scrollBy(0, box.getBoundingClientRect().top - header);
  box.scrollTop = box.scrollHeight / 2;
  box.scrollLeft = box.scrollWidth;
  const r = box.getBoundingClientRect();
  const head = box.querySelector('thead th:nth-child(3)').getBoundingClientRect();
  const corner = box.querySelector('thead th:first-child').getBoundingClientRect();
  const headHeight = corner.height;
  // what the reader sees at the box's top edge, and at its left edge below the header
  const atTop = document.elementFromPoint(r.right - 40, r.top + 5);
  const atLeft = document.elementFromPoint(r.left + 10, r.top + headHeight + 10);
  return {scrolled: [box.scrollTop, box.scrollLeft], box: [r.top, r.left, r.bottom],
          corner: [corner.top, corner.left], head: head.top,
          topIsHeader: !!(atTop && atTop.closest('thead')),
          leftIsQuestion: !!(atLeft && atLeft.closest('tbody th[scope=row]')),
          rows: box.querySelectorAll('tbody tr').length};
}"""


def test_the_matrix_keeps_its_header_and_question_column_in_view(open_page, web):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "ja", "rulings/who-plays-it-how/"))
    seen = page.evaluate(STICKY)
    assert seen["rows"] == sum(1 for r in RULINGS.values() if r["status"] != "settled")
    assert min(seen["scrolled"]) > 100, seen  # it did scroll down and right, inside its box
    assert 0 < seen["box"][0] < SCREEN and seen["box"][2] <= SCREEN + 1, seen  # the whole box fits the screen
    assert abs(seen["corner"][0] - seen["box"][0]) <= 2 and abs(seen["corner"][1] - seen["box"][1]) <= 2, seen
    assert abs(seen["head"] - seen["box"][0]) <= 2, seen
    assert seen["topIsHeader"] and seen["leftIsQuestion"], seen


def test_the_matrix_page_is_in_the_menu_and_the_old_anchor_leads_to_it(open_page, web):
    page = open_page(viewport={"width": 1280, "height": 900})
    page.goto(url_of(web, "fr", "rulings/", fragment="who-plays-it-how"))
    link = page.locator("#who-plays-it-how")
    assert link.is_visible() and link.evaluate("a => a.href").endswith("/fr/rulings/who-plays-it-how/")
    menu = page.locator('.md-sidebar--primary a.md-nav__link[href$="who-plays-it-how/"]')
    assert menu.count() >= 1


# ------------------------------------------------------------------------------ item 4: sequence pages

SEQUENCES = ["pass-action-bb2025", "kick-off-bb2025", "multiple-block-bb2025", "block-action-bb2020"]


@pytest.mark.parametrize("lang", ["ja", "fr"])
@pytest.mark.parametrize("slug", SEQUENCES)
def test_a_sequence_page_starts_with_its_numbered_steps(open_page, web, lang, slug):
    data = yaml.safe_load((DATA / "sequences" / f"{slug}.yml").read_text(encoding="utf-8"))
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, f"sequences/{slug}/"))
    first = top(page, 'article a.nc-key[id^="step-"]')
    assert first < SCREEN, f"the first step is {first:.0f} px down"
    labels = page.locator('article a.nc-key[id^="step-"]').all_inner_texts()
    assert labels and all(re.fullmatch(r"[0-9]+[a-z]*(\.[0-9]+)*", label) for label in labels), labels
    # a bar to jump to each top-level step, and to each calculator of the page, before the steps
    jumps = page.locator(".nc-step-nav[role=navigation] a")
    targets = jumps.evaluate_all("els => els.map(a => a.hash.slice(1))")
    expected = [f"step-{s['key']}" for s in data["steps"]]
    assert targets[:len(expected)] == expected
    calculators = targets[len(expected):]
    assert len(calculators) == len(data.get("calculators") or [])
    for anchor in targets:
        assert page.locator(f"#{anchor}").count() == 1, anchor
    assert top(page, ".nc-step-nav") < first
    # the context comes after the steps: the summary and the calculators
    for anchor in ["about", *calculators]:
        assert top(page, f"#{anchor}") > first, anchor


# ------------------------------------------------------------------------------ the star rules page

STAR_RULES_BOUND = 8 * SCREEN  # 52.7 screens (41,098 px) at 360 px before; 6.8 after


def test_the_star_rules_page_is_short_on_a_phone_and_a_link_opens_its_rule(open_page, web):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", "skills/star-rules/"))
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < STAR_RULES_BOUND, f"{height} px, {height / SCREEN:.1f} screens"
    for slug in STAR_RULES:  # every rule keeps its anchor, and its name shows
        assert page.locator(f"#star-rule-{slug}").is_visible(), slug
    slug = STAR_RULES[len(STAR_RULES) // 2]
    page.goto(url_of(web, "fr", "skills/", fragment=""))
    page.goto(url_of(web, "fr", "skills/star-rules/", fragment=f"star-rule-{slug}"))
    rule = page.locator(f"details:has(#star-rule-{slug})")
    page.wait_for_function(f"() => document.querySelector('details:has(#star-rule-{slug})').open")
    body = rule.locator(".nc-entry-body")
    assert body.is_visible()
    box = page.locator(f"#star-rule-{slug}").bounding_box()
    assert 0 <= box["y"] < SCREEN
    assert page.locator("details.nc-star-rule[open]").count() == 1  # only the rule asked for


# ------------------------------------------------------------------------------ review 2, items 1 and 2

def shown_rulings(page) -> list[str]:
    """The slugs of the rulings the index shows now (the ids of their visible links, `ruling-<slug>`)."""
    return page.locator("article li:has(a.nc-moved)").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => e.querySelector('a.nc-moved').id.slice(7))")


@pytest.mark.parametrize("lang, typed, skill", [("ja", "ダイビングタックル", "skill:diving-tackle"),
                                                ("ja", "パスブロック", "skill:pass-block"),
                                                ("fr", "Dodge", "skill:dodge")])
def test_the_rulings_filter_finds_a_skill_by_its_names_in_every_language(open_page, web, lang, typed, skill):
    """Review 2, item 1: the filter matched the text shown only, so the katakana a Japanese coach types, or
    the English name a French coach knows, found nothing."""
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, "rulings/"))
    page.wait_for_selector("[data-nc-filter-form][data-mounted]", state="attached")
    page.locator("[data-nc-filter]").fill(typed)
    about = {s for s, r in RULINGS.items() if r["about"][0] == skill}
    shown = set(shown_rulings(page))
    assert about and about <= shown, sorted(about - shown)
    assert len(shown) < len(RULINGS)
    assert page.locator("[data-nc-filter-count]").inner_text() == WORDS[lang](len(shown))  # with its noun


def longest_question(lang: str) -> str:
    """The ruling whose question is the longest in `lang`: its h1 pushed the answer furthest down."""
    return max(RULINGS, key=lambda slug: len(RULINGS[slug]["question"][lang]))


@pytest.mark.parametrize("lang, slug", [("fr", "bomb-and-ball-skills-bb2020"), ("fr", longest_question("fr")),
                                        ("ja", "distracted-activation-and-skills"), ("ja", longest_question("ja"))])
def test_a_long_question_leaves_the_answer_on_the_first_screen(open_page, web, lang, slug):
    """Review 2, item 2: a three-sentence question set as a 32 px h1, then a 70 px gap, put the answer box
    at y≈920 on a 780 px phone."""
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, f"rulings/{slug}/"))
    answer = top(page, "article .nc-answer")
    assert top(page, "article h1") < answer < SCREEN, f"the answer box starts {answer:.0f} px down"
