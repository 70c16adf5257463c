"""Defect 7 of issue 11: WCAG 2.2 AA.

axe-core (npm, package.json; `make install` installs it) runs in headless Chromium on a sample of every page
kind in English, French and Japanese at 360 px and 1280 px (and in the dark scheme at 1280 px on three of
them): no serious or critical violation. Then what axe cannot judge by itself: the skip link to the
calculator (today 78 Tab presses to the first field), a visible focus ring on a checkbox, an error tied to
its field and visibly marked, only a short summary announced, and the search dialog's name.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from calc_driver import live_says

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def inject_axe(page) -> None:
    """Load axe-core into the page. Through the browser's own evaluation, not a <script> tag: the site sends
    a Content-Security-Policy without 'unsafe-inline' (plugins/security_headers.py), which rightly blocks
    an inline script, while a test must check the page as readers get it, policy included."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
# One page of each kind (paths are the same in every language).
PAGES = {
    "home": "",
    "skill entry": "skills/general/",
    "sequence": "sequences/pass-action-bb2020/",
    "table": "tables/kick-off-bb2020/",
    "targets": "targets/agility-classic/",
    "rulings": "rulings/",
    "ruling": "rulings/monstrous-mouth-chomped-movement/",
    "rulings matrix": "rulings/who-plays-it-how/",
    "star rules": "skills/star-rules/",
    "glossary": "glossary/",
    "calculator": "calculators/block/",
    "verification": "verification/",
    "translation status": "translation-status/",
}
DARK = ("home", "skill entry", "calculator")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN_AXE = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
    return result.violations.filter((v) => ["serious", "critical"].includes(v.impact)).map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary.split("\\n").slice(1, 2)}`),
    }));
}"""


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


# Two frames (nuffle.js's own changes are drawn), then the end of any running transition (Material fades the
# colours when the scheme changes: axe must judge the final ones).
SETTLED = """async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => null)));
}"""


def axe_violations(page) -> list[dict]:
    """The serious and critical violations axe finds on the page as it is now drawn (axe injected already)."""
    page.evaluate(SETTLED)
    return page.evaluate(RUN_AXE, TAGS)


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_axe_finds_no_serious_or_critical_violation(open_page, web, lang, width):
    """Before: color-contrast (links and the header at 2.8:1, dark-mode links lower) on every page.
    The dark scheme is checked on the same load, after the light one (a reload would only load it again)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci installs axe-core)")
    page = open_page(viewport={"width": width, "height": 800})
    found = {}
    for kind, path in PAGES.items():
        page.goto(web.url + prefix(lang) + path)
        inject_axe(page)
        found[kind] = axe_violations(page)
        if width == 1280 and kind in DARK:
            page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")  # Material's toggle
            assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
            found[f"{kind} (dark)"] = axe_violations(page)
    bad = {kind: violations for kind, violations in found.items() if violations}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def test_the_first_field_is_a_few_key_presses_away(open_page, web):
    """At 360 px on the French block calculator: Tab to the skip link, Enter, Tab lands in the form's first
    field, in at most 5 key presses (before: 78 Tab presses, through the header, menu and text)."""
    page = open_page(viewport={"width": 360, "height": 740})
    page.goto(web.url + "fr/calculators/block/")
    page.wait_for_load_state("load")
    presses = 0
    for _ in range(3):
        page.keyboard.press("Tab")
        presses += 1
        if page.evaluate("document.activeElement.matches('a.nc-skip')"):
            break
    assert page.evaluate("document.activeElement.textContent.trim()") == "Aller au calculateur"
    page.wait_for_function("getComputedStyle(document.activeElement).opacity === '1'")  # shown when focused
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.id === 'nc-calculator'")
    page.keyboard.press("Tab")
    presses += 2
    assert page.evaluate("!!document.activeElement.closest('form[data-calculator]')"), \
        page.evaluate("document.activeElement.outerHTML")
    assert presses <= 5


def test_a_checkbox_shows_a_focus_ring(page, web):
    page.goto(web.url + "ja/calculators/block/")
    box = page.locator('form[data-calculator] input[type="checkbox"]').first
    box.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible
    ring = box.evaluate("""el => { const s = getComputedStyle(el);
        return {focused: el.matches(':focus-visible'), style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")
    assert ring["focused"] and ring["style"] != "none" and ring["width"] >= 2, ring


def test_an_error_is_tied_to_its_field_and_only_a_summary_is_announced(page, web):
    """A refused value: the input is aria-invalid, described by the message next to it, and visibly marked
    (its border changes); the result block is not a live region, its one-line status is."""
    page.goto(web.url + "fr/calculators/block/")
    page.wait_for_selector('[data-result][data-state="done"]', state="attached")
    st = page.locator('form[data-calculator] [data-name="attacker_st"] input')
    border = st.evaluate("el => getComputedStyle(el).borderTopColor")
    assert page.locator("[data-result]").get_attribute("aria-live") is None
    assert page.locator("[aria-live], [role=status], [role=alert]").evaluate_all(
        "els => els.filter(el => el.closest('[data-result]')).map(el => el.outerHTML.length)") == [
        len(page.locator("[data-result] [data-live]").evaluate("el => el.outerHTML"))]
    st.fill("99")
    page.wait_for_selector('[data-result][data-state="error"]', state="attached")
    assert st.get_attribute("aria-invalid") == "true"
    described = st.get_attribute("aria-describedby")
    message = page.locator(f"#{described}")
    assert message.inner_text().strip().startswith("⚠") or "99" not in message.inner_text()
    assert "Saisissez un nombre entier" in message.inner_text()
    assert st.evaluate("el => getComputedStyle(el).borderTopColor") != border
    assert live_says(page) == "Vérifiez le champ signalé."
    st.fill("4")
    page.wait_for_selector('[data-result][data-state="done"]', state="attached")
    assert st.get_attribute("aria-invalid") is None and st.get_attribute("aria-describedby") is None
    live = live_says(page)
    # the headline chance, one short line (issue 26 item 7), e.g. "Défenseur plaqué 3/4 (75,0 %)"
    assert live.count("\n") == 0 and len(live) < 200 and "%" in live, live


@pytest.mark.parametrize("lang, name", [("en", "Search"), ("fr", "Rechercher"), ("ja", "検索")])
def test_the_search_dialog_has_a_name(page, web, lang, name):
    page.goto(web.url + prefix(lang))
    assert page.locator('.md-search[role="dialog"]').get_attribute("aria-label") == name
