"""The Agility-table calculator in a real browser: Pyodide in a worker, the page, the URL, the switcher.

Every number the browser shows is checked against `calculators.api.handle` run here in CPython on the
same request, with the same rules.
"""
from __future__ import annotations

import html
import re
import urllib.request
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest

from calculators.api import handle

pytestmark = pytest.mark.browser

PAGE = "targets/agility-classic/"
EDITION = "classic"
TARGET = "agility-classic"
PROB_FIELDS = ("probabilities.success", "probabilities.failure", "probabilities.fumble")
# How nuffle.js shows the two needed labels that are words (the resolver gives English).
NATURAL_SIX = {"en": "{n}+ (natural 6 only)", "fr": "{n}+ (6 naturel uniquement)", "ja": "{n}+（出目6のみ）"}
IMPOSSIBLE = {"en": "impossible", "fr": "impossible", "ja": "不可能"}
DONE = '[data-result][data-state="done"]'


# ----------------------------------------------------------------------------------------- helpers

def url_of(web, lang: str, path: str = PAGE, query: str = "", fragment: str = "") -> str:
    prefix = "" if lang == "en" else f"{lang}/"
    return web.url + prefix + path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


def norm(text: str) -> str:
    """Collapse the no-break spaces Babel and Intl put before '%' in French."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def wait_done(page) -> None:
    page.wait_for_selector(DONE, state="attached")


def read_result(page) -> dict[str, str]:
    return page.eval_on_selector("[data-result]", """el => {
        const out = {state: el.dataset.state};
        for (const f of el.querySelectorAll('[data-field]')) out[f.dataset.field] = f.hidden ? null : f.textContent;
        return out;
    }""")


def form_state(page) -> list[list]:
    """[name, value or checked, disabled, hidden label] for every named control, in document order."""
    return page.eval_on_selector("form[data-calculator]", """form => [...form.elements].filter(e => e.name).map(e =>
        [e.name, e.type === 'checkbox' ? e.checked : e.value, e.disabled, !!(e.closest('label') && e.closest('label').hidden)])""")


def prerendered(web, lang: str) -> dict[str, str]:
    """The result fields as the build wrote them into the HTML file."""
    with urllib.request.urlopen(url_of(web, lang)) as response:
        text = response.read().decode("utf-8")
    # a chance is written in parts (templates/calc/macros.html: fraction, percentage); its text is what it shows
    return {m[1]: html.unescape(re.sub(r"<[^>]+>", "", m[2]))
            for m in re.finditer(r'<dd data-field="([\w.]+)"[^>]*>(.*?)</dd>', text)}


def roll(rules: dict, action: str) -> dict:
    return rules["rolls"][f"{action}-{EDITION}"]


def groups_of(rules: dict, action: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for mod in roll(rules, action).get("modifiers", []):
        if mod.get("group"):
            out.setdefault(mod["group"], []).append(mod["key"])
    return out


def actions(rules: dict) -> list[str]:
    return sorted(slug.rsplit("-", 1)[0] for slug, spec in rules["rolls"].items()
                  if spec.get("target") == TARGET and EDITION in spec.get("editions", [EDITION]))


def request_for(rules: dict, state: dict) -> dict:
    """The request the page must send for the form state `state` (only the action's own fields)."""
    action = state["action"]
    spec = roll(rules, action)
    counts = {m["per"] for m in spec.get("modifiers", []) if m.get("per")}
    request = {"kind": "agility", "edition": EDITION, "action": action, "ag": int(state["ag"]), "reroll": state["reroll"]}
    for group in groups_of(rules, action):
        request[group] = state[group]
    for count in counts:
        request[count] = int(state[count])
    for skill in {m["skill"] for m in spec.get("modifiers", []) if m.get("skill")}:  # a box per skill (issue 9)
        request[skill.replace("-", "_")] = state[skill.replace("-", "_")]
    return request


def check_against_python(shown: dict[str, str], request: dict, rules: dict, lang: str) -> dict:
    """The browser's fields equal what the resolver answers in CPython (exact fractions)."""
    response = handle(request, rules)
    assert response["ok"], response
    result = response["result"]
    text = " ".join(v for v in shown.values() if v)
    assert "NaN" not in text and "undefined" not in text and "null" not in text, shown
    if result["impossible"]:
        assert shown["needed_label"] == IMPOSSIBLE[lang]
    elif result["natural_six_only"]:
        assert shown["needed_label"] == NATURAL_SIX[lang].format(n=result["needed"])
    else:
        assert shown["needed_label"] == result["needed_label"], (request, shown)
    for field in PROB_FIELDS:
        exact = Fraction(result["probabilities"].get(field.split(".")[1], {"exact": "0"})["exact"])
        fraction, _, percent = norm(shown[field]).partition(" (")
        assert Fraction(fraction) == exact, (field, request, shown)
        number = float(re.sub(r"[^\d.,]", "", percent).replace(",", "."))
        assert abs(number - float(exact) * 100) < 0.051, (field, shown[field])
    return result


def select(page, name: str, value: str) -> None:
    """Choose an option like a person would (the control must be visible and enabled)."""
    control = page.locator(f'form[data-calculator] select[name="{name}"]')
    assert control.is_visible() and control.is_enabled(), name
    control.select_option(value)
    wait_done(page)


# ------------------------------------------------------------------------------------------- tests

@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_first_result_equals_prerendered_and_python(page, web, rules, lang):
    built = prerendered(web, lang)
    page.goto(url_of(web, lang))
    wait_done(page)
    shown = read_result(page)
    for field in ("needed_label", *PROB_FIELDS):
        assert norm(shown[field]) == norm(built[field]), (field, shown, built)
    assert shown["error"] is None
    assert page.eval_on_selector("[data-result]", "el => el.dataset.state") == "done"
    state = {name: value for name, value, disabled, _ in form_state(page) if not disabled}
    check_against_python(shown, request_for(rules, {**state, "reroll": state["reroll"]}), rules, lang)
    # the status line is in the page's language, not the English default
    if lang != "en":
        assert shown["status"] and shown["status"] != "Computed in your browser."


def _scenario(rules: dict) -> list[tuple[str, object]]:
    acts = actions(rules)
    with_range = next(a for a in acts if "range" in groups_of(rules, a))
    other = next((a for a in acts if a != with_range and groups_of(rules, a)), next(a for a in acts if a != with_range))
    ranges = groups_of(rules, with_range)["range"]
    steps: list[tuple[str, object]] = [
        ("ag", "5"),
        ("action", with_range),
        ("range", ranges[-1]),
        ("tackle_zones", "2"),
        ("reroll", True),
        ("ag", "1"),            # with a long range and 2 zones: natural 6 only
        ("range", ranges[0]),
        ("action", other),
    ]
    for group, keys in groups_of(rules, other).items():
        steps.append((group, keys[-1]))
    steps += [("reroll", False), ("tackle_zones", "0"), ("ag", "6")]
    for action in acts:
        if action not in (with_range, other):
            steps.append(("action", action))
    return steps


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_inputs_give_the_python_result_and_round_trip_in_the_url(page, web, rules, lang):
    page.goto(url_of(web, lang, fragment="calculator"))
    wait_done(page)
    form = "form[data-calculator]"
    for name, value in _scenario(rules):
        if name == "reroll":
            box = page.locator(f'{form} input[name="reroll"]')
            box.check() if value else box.uncheck()
            wait_done(page)
        elif name == "tackle_zones":
            page.locator(f'{form} input[name="tackle_zones"]').fill(str(value))
            wait_done(page)
        else:
            select(page, name, str(value))
        controls = form_state(page)
        state = {n: v for n, v, disabled, _ in controls if not disabled}
        action = state["action"]
        own = groups_of(rules, action)
        # the action's modifier groups are shown with its own options only; the other groups are hidden
        for n, v, disabled, hidden in controls:
            if n in {g for a in actions(rules) for g in groups_of(rules, a)}:
                if n in own:
                    assert not disabled and not hidden and v in own[n], (n, v, action)
                    visible = page.eval_on_selector(f'{form} select[name="{n}"]',
                                                    "s => [...s.options].filter(o => !o.disabled).map(o => o.value)")
                    assert visible == own[n]
                else:
                    assert disabled and hidden, (n, action)
        expected = request_for(rules, state)
        # the query string carries exactly the fields of the request (kind and edition aside)
        query = {k: v[0] for k, v in parse_qs(urlsplit(page.url).query).items()}
        assert query == {k: (str(v).lower() if isinstance(v, bool) else str(v))
                         for k, v in expected.items() if k not in ("kind", "edition")}
        assert urlsplit(page.url).fragment == "calculator"
        check_against_python(read_result(page), expected, rules, lang)

    # reload the URL in a new tab: same inputs, same result
    def used(controls):  # a control the action does not use may keep any value: it is not sent
        return [c if not c[2] else [c[0], None, True, c[3]] for c in controls]

    before_form, before_result, link = used(form_state(page)), read_result(page), page.url
    again = page.context.new_page()
    again.goto(link)
    wait_done(again)
    assert used(form_state(again)) == before_form
    assert read_result(again) == before_result
    again.close()


def test_bad_input_is_flagged_next_to_the_field(page, web, rules):
    page.goto(url_of(web, "fr"))
    wait_done(page)
    zones = page.locator('form[data-calculator] input[name="tackle_zones"]')
    zones.fill("12")
    page.wait_for_selector('[data-result][data-state="error"]', state="attached")
    message = page.locator("label:has(input[name=tackle_zones]) [data-nc-message]")
    assert message.is_visible() and "0" in message.inner_text() and "8" in message.inner_text()
    shown = read_result(page)
    assert "NaN" not in " ".join(v for v in shown.values() if v)
    assert shown["probabilities.success"] == "—"
    zones.fill("1")
    wait_done(page)
    assert page.locator("[data-nc-message]").count() == 0
    state = {n: v for n, v, disabled, _ in form_state(page) if not disabled}
    check_against_python(read_result(page), request_for(rules, state), rules, "fr")


BAD_QUERIES = [
    "ag=0",
    "ag=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&tackle_zones=99",
    "action=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D2%22%3E&range=%3Cb%3Ebold%3C%2Fb%3E&reroll=maybe",
    "ag=3.5&tackle_zones=NaN&delivery=__proto__&action=constructor",
    "tackle_zones=-1&ag=7&ag=%00&reroll=",
    "tackle_zones=1e3&ag=Infinity&unknown=%3Csvg%20onload%3Dalert(1)%3E",
]


@pytest.mark.parametrize("query", BAD_QUERIES)
def test_bad_url_values_are_explained_safely(page, web, rules, query):
    page.goto(url_of(web, "ja", query=query))
    wait_done(page)
    shown = read_result(page)
    text = " ".join(v for v in shown.values() if v)
    assert "NaN" not in text and "undefined" not in text
    assert page.evaluate("window.__pwned") is None
    box = ".nc-calculator"
    assert page.locator(f"{box} script, {box} img, {box} b, {box} svg").count() == 0
    # every query here has a value the form refuses: it is quoted next to its field, as text only
    notes = page.eval_on_selector_all(f"{box} [data-nc-message]",
                                      "ms => ms.map(m => ({text: m.textContent, children: m.children.length}))")
    assert notes and all(n["children"] == 0 and n["text"].startswith("ページのアドレス（URL）にある値「")
                         for n in notes), notes
    rest = page.inner_text(box)
    for note in notes:
        rest = rest.replace(note["text"], "")
    assert "<" not in rest
    # the form fell back to valid values, and the result is the resolver's for them
    state = {n: v for n, v, disabled, _ in form_state(page) if not disabled}
    assert state["ag"] in {str(r["value"]) for r in rules["targets"][TARGET]["rows"]}
    assert state["action"] in actions(rules)
    assert 0 <= int(state["tackle_zones"]) <= 8
    check_against_python(shown, request_for(rules, state), rules, "ja")


LINK_REWRITTEN = """lang => {
  const a = document.querySelector(`.md-header a.md-select__link[hreflang="${lang}"]`);
  const tail = location.pathname.replace(/^\\/(fr|ja)\\//, "/").replace(/^\\//, "");
  return !!a && a.href.includes(tail) && a.href.endsWith(location.hash);
}"""


def _open_language_menu_and_pick(page, lang: str) -> None:
    # nuffle.js is a deferred module: wait until it has pointed the link at this page and anchor
    page.wait_for_function(LINK_REWRITTEN, arg=lang)
    page.hover(".md-header .md-select")
    with page.expect_navigation():
        page.click(f'.md-header a.md-select__link[hreflang="{lang}"]')


def test_language_switch_keeps_page_and_anchor(page, web):
    page.goto(url_of(web, "fr", fragment="calculator"))
    page.wait_for_selector("[data-result]", state="attached")
    _open_language_menu_and_pick(page, "ja")
    assert page.url == url_of(web, "ja", fragment="calculator")
    assert page.evaluate("document.documentElement.lang") == "ja"
    _open_language_menu_and_pick(page, "en")
    assert page.url == url_of(web, "en", fragment="calculator")


def test_language_switch_after_instant_navigation(page, web):
    page.goto(url_of(web, "fr", path=""))
    page.evaluate("window.__sameDocument = true")
    page.locator(f'.md-sidebar--primary a[href$="/{PAGE}"]').first.click()
    page.wait_for_url(url_of(web, "fr"))
    wait_done(page)  # the calculator mounted on the swapped-in content
    assert page.evaluate("window.__sameDocument") is True, "instant navigation is off (check site_url)"
    assert page.get_attribute('.md-header a[hreflang="ja"]', "href") == url_of(web, "ja")
    page.hover('h2#calculator')
    page.click('h2#calculator a.headerlink')
    page.wait_for_url(url_of(web, "fr", fragment="calculator"))
    _open_language_menu_and_pick(page, "ja")
    assert page.url == url_of(web, "ja", fragment="calculator")


def test_worker_survives_instant_navigation(page, web, rules):
    wasm: list[str] = []
    # the worker's own requests: the page's <link rel=prefetch> of the same file (plugins/calc/hints.py) is a
    # request of the page's, which the worker then reads from the HTTP cache
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") and r.resource_type != "other"
            else None)
    page.goto(url_of(web, "ja"))
    wait_done(page)
    page.evaluate("window.__sameDocument = true")
    page.locator('.md-sidebar--primary a[href$="/sources/"]').first.click()
    page.wait_for_url(url_of(web, "ja", path="sources/"))
    page.locator(f'.md-sidebar--primary a[href$="/{PAGE}"]').first.click()
    page.wait_for_url(url_of(web, "ja"))
    page.wait_for_function("() => !!document.querySelector('form[data-calculator][data-mounted]')")
    wait_done(page)
    assert page.evaluate("window.__sameDocument") is True
    assert len(wasm) == 1, wasm
    select(page, "ag", "2")
    state = {n: v for n, v, disabled, _ in form_state(page) if not disabled}
    check_against_python(read_result(page), request_for(rules, state), rules, "ja")


def test_no_request_leaves_the_site(context, web):
    origin = urlsplit(web.url)
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    page.goto(url_of(web, "ja", fragment="calculator"))
    wait_done(page)
    select(page, "ag", "4")
    page.locator(f'.md-sidebar--primary a[href$="/sources/"]').first.click()
    page.wait_for_url(url_of(web, "ja", path="sources/"))
    _open_language_menu_and_pick(page, "fr")
    page.goto(url_of(web, "fr"))
    wait_done(page)
    page.wait_for_load_state("networkidle")
    foreign = [u for u in seen if not u.startswith(("data:", "blob:"))
               and (urlsplit(u).scheme, urlsplit(u).netloc) != (origin.scheme, origin.netloc)]
    assert seen and not foreign, foreign


def test_runtime_and_rules_load_without_404(context, web):
    """The runtime and rules URLs of runtime.json must resolve from the site root in every language (no fallback)."""
    failed: list[str] = []
    context.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page = context.new_page()
    for lang in ("en", "fr"):
        page.goto(url_of(web, lang))
        wait_done(page)
    assert not failed, failed


def calculator_pages(web) -> list[str]:
    """Every English page (path from the root) whose HTML has an Agility calculator form, from sitemap.xml."""
    with urllib.request.urlopen(web.url + "sitemap.xml") as response:
        locs = re.findall(r"<loc>(.*?)</loc>", response.read().decode("utf-8"))
    pages = []
    for loc in locs:
        path = urlsplit(html.unescape(loc)).path.lstrip("/")
        if _page_html(web, path).find(b'data-calculator="agility"') >= 0:
            pages.append(path)
    return pages


def _page_html(web, path: str) -> bytes:
    """The HTML of the page at `path`: the built file when the site's folder is known (a few hundred pages:
    reading them is quicker than serving them), else as served."""
    if web.dir is not None:
        return (web.dir / (path + "index.html" if path == "" or path.endswith("/") else path)).read_bytes()
    with urllib.request.urlopen(web.url + path) as response:
        return response.read()


def test_every_calculator_and_action_matches_python(page, web, rules):
    """Each calculator page, each action: the enabled fields are the resolver's own list for that action,
    and the browser's answer is the resolver's."""
    pages = calculator_pages(web)
    assert PAGE in pages, pages
    for path in pages:
        page.goto(web.url + path)
        wait_done(page)
        edition = page.input_value('form[data-calculator] input[name="edition"]')
        for action in page.eval_on_selector('form[data-calculator] select[name="action"]',
                                            "s => [...s.options].map(o => o.value)"):
            if page.input_value('form[data-calculator] select[name="action"]') != action:
                select(page, "action", action)
            fields = handle({"kind": "fields", "edition": edition, "action": action}, rules)["result"]["fields"]
            state = {n: v for n, v, disabled, hidden in form_state(page) if not disabled and not hidden}
            assert set(state) - {"edition", "action"} == {f["name"] for f in fields}, (path, action, state)
            request = {"kind": "agility", "edition": edition, "action": action}
            for f in fields:
                value = state[f["name"]]
                request[f["name"]] = int(value) if f["type"] == "int" else value
            check_against_python(read_result(page), request, rules, "en")


def test_served_rules_are_the_data_export(web, rules):
    if web.dir is None:
        pytest.skip("NUFFLE_BROWSER_SITE: the served rules are the rulebook")
    with urllib.request.urlopen(web.url + "api/v1/rules.json") as response:
        import json

        assert json.load(response) == rules


def test_the_address_values_of_the_review_get_a_message_in_french(page, web, rules):
    # ?ag=0 and ?tackle_zones=99 used to show the defaults silently; ?reroll=true is fine and applies
    page.goto(url_of(web, "fr", query="ag=0&tackle_zones=99&reroll=true"))
    wait_done(page)
    nb = "\u00a0"
    ag = page.locator("label:has(select[name=ag]) [data-nc-message]")
    assert ag.inner_text() == (f"L'adresse de la page donnait «{nb}0{nb}», une valeur que ce champ n'accepte pas. "
                               "Choisissez une des valeurs proposées.")
    zones = page.locator("label:has(input[name=tackle_zones]) [data-nc-message]")
    assert zones.inner_text() == (f"L'adresse de la page donnait «{nb}99{nb}», une valeur que ce champ n'accepte "
                                  "pas. Saisissez un nombre entier de 0 à 8.")
    state = {n: v for n, v, disabled, _ in form_state(page) if not disabled}
    assert state["reroll"] is True and state["tackle_zones"] == "0"
    check_against_python(read_result(page), request_for(rules, state), rules, "fr")
