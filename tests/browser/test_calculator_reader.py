"""What a new reader meets in the calculators, in French and Japanese: a shared link with a value the form
refuses, a notation it cannot read, the edition chosen in the site's picker, and a 360-px screen.

Every value shown is still checked against `calculators.api.handle` in CPython (`Calc.check` of
test_browser_calculators.py); the messages are compared with the catalogs' words.
"""
from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction
from urllib.parse import quote

import pytest

from calculators.notation import LETTERS  # the letters the page lists come from the resolver

from calc_driver import Calc, calc, norm, shown, url_of  # noqa: F401  (calc: a fixture)

pytestmark = pytest.mark.browser
PICKER = "select[data-nc-edition-picker]"
NB = "\u00a0"


def note_of(c: Calc, name: str) -> dict | None:
    """The message next to field `name`: its text, and how many elements it holds (always none)."""
    return c.page.eval_on_selector(f'{c.form} [data-name="{name}"]', """w => {
        const m = w.querySelector(':scope > [data-nc-message]');
        return m ? {text: m.textContent, children: m.children.length} : null; }""")


# ---------------------------------------------------------------------------- values of the address


def test_a_refused_address_value_is_explained_in_french_and_the_good_one_applies(calc):
    # AV 99 does not exist (classic AV 3..12); Stunty is fine (the link names classic: with no edition, the
    # calculator would compute the newest, BB2025)
    c = calc("fr", "calculators/armour/", "armour", "av=99&stunty=true&edition=classic")
    assert note_of(c, "av") == {
        "text": f"L'adresse de la page donnait «{NB}99{NB}», une valeur que ce champ n'accepte pas. "
                "Saisissez un nombre entier de 3 à 12.", "children": 0}
    values = {f["name"]: f["values"] for f in c.fields()}
    assert values["av"] == ["8"] and values["stunty"] == [True]  # the form's own AV, the link's Stunty
    result = c.check()  # computed for what the form shows
    # classic AV 8 breaks on 9+: 10/36 = 5/18 (Stunty changes the injury roll, not the armour)
    assert Fraction(result["armour_broken"]["exact"]) == Fraction(5, 18)
    # a link one field away from the form as built may be answered from the build's answers before Python is
    # ready (tests/browser/test_build_answers.py); the status says which
    status = c.page.locator(f'{c.box} [data-field="status"]').inner_text()
    source = c.page.eval_on_selector(f"{c.box} [data-result]", "el => el.dataset.source")
    assert (source, status) in {("build", "Calculé lors de la construction de la page."),
                                ("python", "Calculé dans votre navigateur.")}
    # the note stays until the reader sets the field
    c.set("mighty_blow", True)
    assert note_of(c, "av") is not None
    c.set("av", "9")
    assert note_of(c, "av") is None
    c.check()


def test_a_script_in_the_address_is_quoted_as_text_in_japanese(calc):
    payload = "<img src=x onerror=alert(1)>"  # an alert would fail the test (the `page` fixture)
    c = calc("ja", "calculators/block/", "block", f"attacker_st={quote(payload)}&edition=bb2020&defender_st=5")
    assert c.page.locator(f"{c.box} img").count() == 0
    assert note_of(c, "attacker_st") == {
        "text": f"ページのアドレス（URL）にある値「{payload}」は、この欄では使えません。1〜10 の整数を入力してください。",
        "children": 0}
    request = c.request()
    assert (request["edition"], request["attacker_st"], request["defender_st"]) == ("bb2020", 3, 5)
    c.check()
    # ST 3 against 5: stronger but not twice as strong, so two dice and the defender chooses
    assert shown(c)["dice"] == "2" and shown(c)["chooser"] == "防御側"


def test_a_refused_edition_in_the_address_keeps_the_select_usable(calc):
    c = calc("fr", "calculators/foul/", "foul", "edition=bb2099&assists=2")
    assert note_of(c, "edition")["text"] == (
        f"L'adresse de la page donnait «{NB}bb2099{NB}», une valeur que ce champ n'accepte pas. "
        "Choisissez une des valeurs proposées.")
    # the select keeps its edition: with none chosen by the reader, the newest (issue 26, item 6)
    assert c.request()["edition"] == "bb2025" and c.request()["assists"] == 2
    c.check()
    c.set("edition", "classic")
    assert note_of(c, "edition") is None
    c.check()


# ------------------------------------------------------------------------------ notation errors


def test_a_notation_error_is_explained_in_japanese(calc):
    c = calc("ja", "calculators/chain/", "chain")
    c.set("chain", "D3,X9")
    assert c.state() == "error"
    assert note_of(c, "chain") == {
        "text": f"ロールの2番目の項目（4文字目、「X9」）：不明なロールの文字です。{', '.join(LETTERS)} のいずれかを使ってください。",
        "children": 0}
    assert c.error_line() is None  # no English below the result any more
    assert c.page.locator(f'{c.box} [data-field="status"]').inner_text() == "この入力では計算できません。"
    for text, message in [
        ("D7", "ロールの1番目の項目（1文字目、「D7」）：ダイスで必要な出目は2〜6です（Break Tackle を持つ選手のドッジなら、"
               "6にそのボーナスを足した値まで。例：D7b3）。"),
        ("D3;tr=99", "ロールの2番目の項目（4文字目、「tr=99」）：チームリロール（tr=N）は0〜8です。"),
        ("D3,R2d", "ロールの2番目の項目（4文字目、「R2d」）：このスキル記号はこのロールには付けられません。"
                   "各記号は対応する文字の後に付けます：d (D), f (R), h (P), p (T/M), c (C/H/I), r (Q)。"
                   "Break Tackle は b とボーナスで、ドッジにだけ付けます（D4b1）。"),
        ("D3,<b>x", "ロールの2番目の項目（4文字目、「<b>x」）：ロールとして読めません。D3 や D3d のように、"
                        "文字、ダイスで必要な出目、スキルがあればその記号の順に書いてください。"),
        (";tr=2", "オプションの前にロールがありません。先にロールを書いてください（例：D3,R2;tr=1）。"),
    ]:
        c.set("chain", text)
        assert c.state() == "error" and note_of(c, "chain") == {"text": message, "children": 0}, text
    assert c.page.locator(f"{c.box} b").count() == 0
    c.set("chain", "D3,R2")
    assert note_of(c, "chain") is None
    c.check()


# ---------------------------------------------------------------------- the site's chosen edition


def pick(page, edition: str) -> None:
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")
    page.select_option(PICKER, edition)
    page.wait_for_function("e => document.documentElement.dataset.ncEdition === e", arg=edition)


def test_calculators_start_on_the_edition_chosen_in_the_picker(page, context, web, repo, rules):
    page.goto(url_of(web, "fr", ""))
    pick(page, "bb2020")
    # Hold the calculators package (MicroPython's, the runtime that starts first), so Python cannot start
    # yet: what does the page claim meanwhile?
    held = []
    context.route("**/micropython/*/mp-calculators-*", lambda route: held.append(route))
    page.goto(url_of(web, "fr", "calculators/block/"))
    c = Calc(page, "block", "fr", repo, rules)
    page.wait_for_function("() => document.querySelector('form[data-calculator] select[name=edition]').value === 'bb2020'")
    # The pre-rendered numbers are the newest edition's (BB2025): they are not shown as the BB2020 answer. BB2020
    # is one change away from the form as built, so the build's answer for it shows at once
    # (tests/browser/test_build_answers.py)
    c.wait()
    assert c.request()["edition"] == "bb2020"
    assert page.eval_on_selector(f"{c.box} [data-result]", "el => el.dataset.source") == "build"
    assert page.locator(f'{c.box} [data-field="status"]').inner_text() == "Calculé lors de la construction de la page."
    c.check()
    for _ in range(900):  # the worker asks for the package while the runtime loads
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the worker never asked for the calculators package"
    for route in held:
        route.continue_()
    context.unroute("**/micropython/*/mp-calculators-*")
    # ST 3 against ST 3, one die (hand count): Pow, Stumble (no Dodge) and Both Down (no Block) knock the
    # defender down: 3/6
    assert shown(c)["totals.defender_knocked_down"] == "1/2 (50,0 %)"  # shown() turns no-break spaces into spaces
    # the calculator's own select chooses for the page too: one answer to "which edition?" (issue 11, defect 4)
    c.set("edition", "classic")
    c.check()
    assert page.evaluate("() => [document.documentElement.dataset.ncEdition, localStorage.getItem('nuffle.edition')]") \
        == ["classic", "classic"]
    assert page.eval_on_selector(PICKER, "s => s.value") == "classic"

    # Armour, where the editions differ on the default AV 8: BB2025 breaks on 8+ (15/36 = 5/12), classic
    # only beyond 8 (10/36 = 5/18)
    page.goto(url_of(web, "fr", "calculators/armour/"))
    c = Calc(page, "armour", "fr", repo, rules)
    c.wait()
    assert c.request()["edition"] == "classic"
    assert Fraction(c.check()["armour_broken"]["exact"]) == Fraction(5, 18)
    # a new choice in the picker moves the calculator too, while the address names no edition
    pick(page, "bb2025")  # the calculator follows at once: computing, then done
    c.wait()
    assert c.check()["edition"] == "bb2025"
    assert Fraction(c.check()["armour_broken"]["exact"]) == Fraction(5, 12)
    assert "edition" not in c.query()
    # once the reader has set the calculator (the address then holds its edition), the picker still moves
    # it, and the address follows
    c.set("edition", "bb2020")
    assert c.query()["edition"] == "bb2020" and page.eval_on_selector(PICKER, "s => s.value") == "bb2020"
    pick(page, "classic")
    c.wait()
    assert c.request()["edition"] == "classic" and c.query()["edition"] == "classic"
    assert Fraction(c.check()["armour_broken"]["exact"]) == Fraction(5, 18)
    # and a link's edition wins over the stored choice, in the picker too
    page.goto(url_of(web, "fr", "calculators/armour/", "edition=bb2020"))
    c.wait()
    assert c.request()["edition"] == "bb2020"
    assert page.eval_on_selector(PICKER, "s => s.value") == "bb2020"
    c.check()


# ------------------------------------------------------------------------------------- 360 px


BOXES = """box => {
  const card = box.getBoundingClientRect();
  const out = [];
  for (const el of box.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;  // not rendered (a hidden row)
    if (r.left < card.left - 0.5 || r.right > card.right + 0.5) {
      out.push(`${el.tagName.toLowerCase()}.${el.className || ''}[${el.dataset.field || ''}]: ${r.left}..${r.right}`);
    }
  }
  const caption = box.querySelector('caption');
  return {card: [card.left, card.right], outside: out, captionCut: caption.scrollWidth > caption.clientWidth + 1,
          pageWide: document.documentElement.scrollWidth > window.innerWidth};
}"""


def test_the_chain_result_fits_its_card_at_360_px_in_japanese(open_page, web, repo, rules):
    page = open_page(viewport={"width": 360, "height": 800})
    page.goto(url_of(web, "ja", "calculators/chain/"))
    c = Calc(page, "chain", "ja", repo, rules)
    box = page.locator(c.box)
    box.scroll_into_view_if_needed()  # on a phone the form is below the notation guide: Python starts near it
    c.wait()
    first = box.evaluate(BOXES)
    assert first["outside"] == [] and not first["captionCut"] and not first["pageWide"], first
    # a long chain: fractions of dozens of digits in the table and in the result rows
    c.set("chain", "D4d,R3f,P4h,T5p/C4c,D5,D6,R3,N6,N5,D6,P6,N4,D5;tr=8")
    c.set("max_team_rerolls", "8")
    c.check()
    long = box.evaluate(BOXES)
    assert long["outside"] == [] and not long["captionCut"] and not long["pageWide"], long


@contextmanager
def phone_calculator(open_page, web, repo, rules, lang: str, name: str, **options):
    """A 360 × 740 px page of calculator `name` in `lang` (a warm profile, service workers blocked; `options` for
    the profile, e.g. a touch screen), once its first result is in: yields (page, Calc)."""
    page = open_page(viewport={"width": 360, "height": 740}, **options)
    page.goto(url_of(web, lang, f"calculators/{name}/"))
    c = Calc(page, name, lang, repo, rules)
    c.wait()
    yield page, c


# The focused element, the pinned result and Material's header, as viewport rectangles.
FOCUS_AND_PIN = """box => {
  const rect = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const result = box.querySelector('.nc-result');
  return {inForm: box.querySelector('.nc-calc').contains(document.activeElement),
          name: document.activeElement.name || document.activeElement.id || document.activeElement.tagName,
          field: rect(document.activeElement), result: rect(result),
          pinned: getComputedStyle(result).position === 'sticky',
          header: document.querySelector('.md-header').getBoundingClientRect().bottom,
          screen: window.innerHeight,
          backToTop: [...document.querySelectorAll('.md-top')].filter(
            (t) => !t.hidden && getComputedStyle(t).display !== 'none').map(rect)[0] || null};
}"""


@pytest.mark.parametrize("lang, name", [("ja", "chain"), ("fr", "armour")])
def test_the_pinned_result_never_hides_the_field_in_focus_at_360_px(open_page, web, repo, rules, lang, name):
    """On a phone the result is pinned to the bottom of the screen while a field has the focus; a reader who
    moves through the form with Tab (or taps the first field low on the screen) sees every field whole,
    above the pinned result and below the header (WCAG 2.4.11)."""
    with phone_calculator(open_page, web, repo, rules, lang, name) as (page, c):
        box = page.locator(c.box)
        # the reader comes back up from further down the page (so Material shows its back-to-top button), the
        # calculator low on the screen: its first field just above the bottom edge
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(200)
        for _ in range(3):  # scrolling up in steps, as a finger does
            box.evaluate("b => window.scrollBy(0, (b.querySelector('.nc-calc').getBoundingClientRect().top"
                         " - window.innerHeight + 120) / 3)")
            page.wait_for_timeout(100)
        page.locator(f"{c.form} :is(input, select, textarea):visible").first.focus()
        seen = []
        for _ in range(40):
            page.wait_for_timeout(100)  # the scroll waits for the pin's frame
            state = box.evaluate(FOCUS_AND_PIN)
            if not state["inForm"]:
                break
            seen.append(state["name"])
            assert state["pinned"], state
            assert state["field"]["bottom"] <= state["result"]["top"] + 0.5, state
            assert state["field"]["top"] >= state["header"] - 0.5, state
            assert state["result"]["bottom"] <= state["screen"] + 0.5, state
            top = state["backToTop"]  # Material's back-to-top button, shown after scrolling up: never over it
            assert top is None or top["bottom"] <= state["field"]["top"] or top["top"] >= state["field"]["bottom"], state
            page.keyboard.press("Tab")
        assert len(seen) >= 3, seen
        # the keyboard opens: the page asks the browser to shrink the layout, so the screen is 400 px high now
        page.locator(f"{c.form} :is(input, select, textarea):visible").last.focus()
        page.set_viewport_size({"width": 360, "height": 400})
        page.wait_for_timeout(300)
        state = box.evaluate(FOCUS_AND_PIN)
        assert state["inForm"] and state["pinned"] and state["screen"] == 400, state
        assert state["field"]["bottom"] <= state["result"]["top"] + 0.5, state
        assert state["field"]["top"] >= state["header"] - 0.5, state


@pytest.mark.parametrize("lang, name, box", [("ja", "foul", "dirty_player"), ("fr", "armour", "claws")])
def test_one_tap_ticks_a_box_low_on_a_phone_screen(open_page, web, repo, rules, lang, name, box):
    """A tap focuses the box when the finger goes down: the result must not pin (covering the box) nor the page
    scroll before the finger lifts, or the tap lands elsewhere and the box stays unticked (seen at 360 px)."""
    with phone_calculator(open_page, web, repo, rules, lang, name, has_touch=True, is_mobile=True) as (page, c):
        target = page.locator(f'{c.form} [data-name="{box}"] input')
        # the box 90 px above the bottom edge, where the pinned result would come
        target.evaluate("b => window.scrollBy(0, b.getBoundingClientRect().top - window.innerHeight + 90)")
        page.wait_for_timeout(200)
        rect = target.bounding_box()
        page.touchscreen.tap(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
        page.wait_for_timeout(300)
        assert target.is_checked(), "one tap ticks it"
        assert c.query().get(box) == "true"
        # and once the tap is over the result pins, with the box above it
        state = page.locator(c.box).evaluate(FOCUS_AND_PIN)
        assert state["pinned"] and state["field"]["bottom"] <= state["result"]["top"] + 0.5, state


def test_a_refused_sequence_says_why_above_the_pinned_result_at_360_px(open_page, web, repo, rules):
    """The message under the notation field says why a sequence is refused: it shows whole above the pinned
    result, which says only that the values were not accepted."""
    with phone_calculator(open_page, web, repo, rules, "fr", "chain") as (page, c):
        c.set("edition", "bb2025")
        c.set("chain", "[consummate,ballista]D3")
        assert c.state() == "error"
        page.locator(f'{c.form} [name="chain"]').focus()
        page.wait_for_timeout(300)
        rects = page.locator(c.box).evaluate("""b => {
          const m = b.querySelector('[data-name="chain"] [data-nc-message]').getBoundingClientRect();
          const r = b.querySelector('.nc-result').getBoundingClientRect();
          return {message: m.bottom, result: r.top, pinned: getComputedStyle(b.querySelector('.nc-result')).position};
        }""")
        assert rects["pinned"] == "sticky" and rects["message"] <= rects["result"] + 0.5, rects
        assert "une règle spéciale" in c.message("chain")
