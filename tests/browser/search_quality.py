"""The search-quality set (tests/browser/search_queries.yml) run through the site's own search box.

Shared by tests/browser/test_search_quality.py (every query must find its entry in the first 3 results) and
benchmarks/bench_search.py (hit@1 and hit@3 per language). A query is typed into Material's search box of
the language's home page, in headless Chromium, as a reader would; the ranked list is read from the results:
each result group (a page) gives its section links in order, or the page link when no section is listed.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

QUERIES = Path(__file__).with_name("search_queries.yml")
DATA = Path(__file__).resolve().parents[2] / "data"
PREFIX = {"en": "", "fr": "fr/", "ja": "ja/"}


def location(target: str) -> str:
    """'g:re-roll' -> 'glossary/#term-re-roll'; 's:agility/leap' -> 'skills/agility/#skill-leap'; else as is."""
    kind, _, rest = target.partition(":")
    if kind == "g" and rest:
        return f"glossary/#term-{rest}"
    if kind == "s" and rest:
        category, _, slug = rest.partition("/")
        return f"skills/{category}/#skill-{slug}"
    return target


def load_queries(coverage: bool = True) -> dict[str, list[tuple[str, list[str]]]]:
    """lang -> [(query, acceptable locations)]: the typed set in the file's order, then (unless `coverage`
    is false) the name of every entry of the coverage manifests (`coverage_queries`), each with its own
    entry's location, even where the typed set has the same words with other targets."""
    raw = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    out = {lang: [(str(query), [location(t) for t in (targets if isinstance(targets, list) else [targets])])
                  for query, targets in items.items()] for lang, items in raw.items()}
    if coverage:
        for lang, names in coverage_queries().items():
            out[lang] += list(names.items())
    return out


NAME_FIELD = {"skill": "name", "star-rule": "name", "sequence": "title", "table": "title", "ruling": "question"}


@lru_cache(maxsize=None)  # read once per process: test collection, the sample and its checks all ask for it
def coverage_queries(data_dir: Path = DATA) -> dict[str, dict[str, list[str]]]:
    """lang -> {name: [locations]}: each entry that a coverage manifest (data/coverage/) counts as covered, by
    its name in en, fr and ja as its page heads it (a ruling by its question), with the location of its
    section (a skill: `skills/agility/#skill-leap`) or of its page (sequences, tables, rulings; a star
    player rule: the star rules page, where it is a collapsed block, not a section). Read from the data, so a new entry is queried at once;
    two entries of the same name are both accepted for it (issue 19: search finds each item by its name)."""
    from plugins.data.coverage import manifests, statuses
    from plugins.site.locate import anchor_of, page_of
    from plugins.site.search import url_of

    repo = _repository(data_dir)
    entries = dict.fromkeys(status.item["entry"] for manifest in manifests(repo)
                            for status in statuses(repo, manifest) if status.state == "covered")
    out: dict[str, dict[str, list[str]]] = {lang: {} for lang in PREFIX}
    for entry in entries:
        entity = repo[entry]
        # a star player rule is a collapsed block of the star rules page, not a heading: no section of its own
        anchor = anchor_of(entity) if entity.kind != "star-rule" else None
        where = url_of(page_of(entity)) + (f"#{anchor}" if anchor else "")
        for lang in PREFIX:
            name = plain_name(repo, entity[NAME_FIELD[entity.kind]], lang)
            targets = out[lang].setdefault(name, [])
            if where not in targets:
                targets.append(where)
    return out


def _repository(data_dir: Path):
    """The Repository of `data_dir`: under pytest, the test process's shared one (tests/real_data.py, also the
    `repo` fixture's), so collecting this set does not load data/ a second time."""
    try:
        from real_data import real_repository
    except ImportError:  # benchmarks/bench_search.py: tests/ is not on the path
        from plugins.data import load_repository
        return load_repository(data_dir)
    return real_repository(data_dir)


def plain_name(repo, text: dict, lang: str) -> str:
    """The text of `text` in `lang` as a heading shows it: a [[kind:slug|label]] reference by its label, or by
    the name of what it refers to; no emphasis marks; on one line."""
    from plugins.data.text import REF, squeeze

    def label(ref) -> str:
        if ref["text"]:
            return ref["text"]
        target = repo.get(f"{ref['kind']}:{ref['slug']}")
        names = (target.get("name") or target.get("title")) if target is not None else None
        return (names or {}).get(lang) or (names or {}).get("en") or ref["slug"]

    return squeeze(REF.sub(label, text.get(lang) or text["en"]).replace("**", "").replace("`", ""))


def open_search(page, base_url: str, lang: str) -> None:
    """Open the language's home page and its search box."""
    page.goto(base_url + PREFIX[lang])
    page.locator("input.md-search__input").click()


def ranked(page, base_url: str, lang: str, query: str) -> list[str]:
    """Type `query` into the open search box; return the ranked locations (relative to the language root,
    without ?h= highlight parameters)."""
    box = page.locator("input.md-search__input")
    box.fill("")
    page.wait_for_function("() => !/\\d/.test(document.querySelector('.md-search-result__meta').textContent)")
    box.focus()
    page.keyboard.insert_text(query)
    page.keyboard.press("End")  # insert_text alone (as an IME does) does not start Material's search
    page.wait_for_function("""query => {
        const box = document.querySelector('input.md-search__input');
        const meta = document.querySelector('.md-search-result__meta');
        const none = JSON.parse(document.getElementById('__config').textContent).translations['search.result.none'];
        return box.value === query && meta && (/\\d/.test(meta.textContent) || meta.textContent === none);
    }""", arg=query)
    groups = page.eval_on_selector_all("li.md-search-result__item", """items => items.map(li =>
        Array.from(li.querySelectorAll(':scope > a.md-search-result__link')).map(a => a.href))""")
    return _locations(groups, base_url + PREFIX[lang])


# The steps of `ranked`, in the page, for a list of queries at once (one round trip instead of seven per query):
# the box is emptied until the result count is gone, then the query goes in as insert_text and the End key put
# it (input, then End's keydown and keyup, the keyup being what Material's search listens to), then the results
# are read once the count (or "no result") shows for that query.
RANK_IN_PAGE = """async queries => {
    const box = document.querySelector('input.md-search__input');
    const meta = () => document.querySelector('.md-search-result__meta');
    const none = JSON.parse(document.getElementById('__config').textContent).translations['search.result.none'];
    const until = (ready, what) => new Promise((done, fail) => {
        if (ready()) return done();
        const watch = new MutationObserver(() => { if (ready()) { stop(); done(); } });
        const late = setTimeout(() => { stop(); fail(new Error(`no ${what} in 60 s`)); }, 60000);
        const stop = () => { watch.disconnect(); clearTimeout(late); };
        watch.observe(document.body, {subtree: true, childList: true, characterData: true});
    });
    const put = (value) => {
        box.value = value;
        box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: value}));
        for (const type of ['keydown', 'keyup'])
            box.dispatchEvent(new KeyboardEvent(type, {key: 'End', code: 'End', bubbles: true}));
    };
    box.focus();
    const out = [];
    for (const query of queries) {
        put('');
        await until(() => !/\\d/.test(meta().textContent), 'empty result count');
        put(query);
        await until(() => box.value === query && meta()
            && (/\\d/.test(meta().textContent) || meta().textContent === none), `results for ${query}`);
        out.push(Array.from(document.querySelectorAll('li.md-search-result__item'), (li) =>
            Array.from(li.querySelectorAll(':scope > a.md-search-result__link'), (a) => a.href)));
    }
    return out;
}"""


def ranked_many(page, base_url: str, lang: str, queries: list[str]) -> dict[str, list[str]]:
    """query -> its ranked locations, as `ranked` gives them, for each of `queries` put into the open search
    box of `page` one after the other: the same box, events and results, read in one evaluation."""
    root = base_url + PREFIX[lang]
    found = page.evaluate(RANK_IN_PAGE, queries)
    return {query: _locations(groups, root) for query, groups in zip(queries, found)}


def _locations(groups: list[list[str]], root: str) -> list[str]:
    """The ranked locations of the result groups' links (each group: its page link, then its sections')."""
    out: list[str] = []
    for links in groups:
        links = [re.sub(r"\?[^#]*", "", href).removeprefix(root) for href in links]
        out += links[1:] if len(links) > 1 else links
    return out


def rank(results: list[str], targets: list[str]) -> int | None:
    """1-based rank of the first result that is one of `targets` (a target without # accepts any section
    of its page), or None."""
    for i, result in enumerate(results, 1):
        for target in targets:
            if result == target or ("#" not in target and result.split("#")[0] == target):
                return i
    return None
