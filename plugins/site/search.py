"""Search that works in French and Japanese: extra terms in Material's search index, in fields not shown.

Material for MkDocs (9.8) builds its lunr index in the browser, in a worker, from search/search_index.json.
The worker splits each title and text with the `separator` regex and, with `lang: ja`, cuts the pieces
again with TinySegmenter. A query is split with the separator only, and each of its words must start an
index term (Material appends `*`). Measured on our pages with Material's own worker (run in Node on the
built indexes, section by section):

* ja: TinySegmenter cuts the text but not the query, so a word that it cuts is never found. または (18
  sections), できます, ください, たとえば, したがって found nothing; 12 of 27 common hiragana words missed
  sections. Words inside compounds were missed too: アクション was found in 15 of 60 sections (パスアクション),
  シーズン in 3 of 97 (サードシーズン); 29 of 219 katakana words and 19 of 506 kanji words missed sections.
* fr: nothing in lunr or Material folds accents, so `regle` or `equipe` found nothing (6 of 518 accented
  words were found without their accents). The separator `[\\s\\-]+` also glued words to punctuation:
  « d'interprétation » and « (série » were single terms, so 48 accented words missed sections. And a
  plural query missed the pages that have the word in the singular: `passes` found 18 pages against 41
  for `passe`, `probabilités` none against 20 for `probabilité` (the site never writes that plural).

Configuration does part of the fix. config/fr.yml and config/ja.yml set a `separator` that also splits
at punctuation, apostrophes and (ja) script changes, and the worker applies it to text and queries alike.
config/ja.yml turns TinySegmenter off (`lang: en`, no pipeline), since it can never cut a query the same
way. Material's own French support does not help either: its `lang: fr` loads lunr-languages' French
stemmer, but Material appends `*` to every query word and lunr never runs its pipeline on a word with a
wildcard, so the query is never stemmed while the index is. With `pipeline: [stemmer]` in config/fr.yml,
`règle`, `equipe` and `probabilite` found nothing and `passe` 2 pages (measured as above). No setting folds
accents, matches a plural to its singular or finds a word inside a longer one, so after each fr or ja
build this module rewrites the index. Each document gets `title_terms` and `text_terms`, registered in
`fields` with the boosts of `title` and `text`:

* the folded form (lower case, no accents, œ → oe) of every Latin word that has an accent: `regle`;
* fr: the other number of every word, plural of a singular and singular in -al of a plural in -aux
  (`number_forms`: probabilité → probabilités, total → totaux, spéciaux → spécial), and its folded form:
  `probabilites` and `passes` then find every page with probabilité or passe. A singular query already
  finds the plurals that only add a letter, since Material matches the start of an index term;
* ja: every ending of two characters or more of each hiragana, katakana or kanji run: アクション from
  パスアクション, 確率 from 成功確率, または from しまたは. With the query's trailing `*` this is substring
  search inside a run. Single-kanji endings are left out: Material replaces a kanji query by the index
  terms it starts with, and a one-kanji term would stand for the whole query. Left out too (issue 26, item
  11: the Japanese index was 5.1 MB), as no query needs them: an ending inside a run that starts with a small
  kana, ー or ン (ッション), and a whole katakana run, a term of the shown field already. The index went from
  5.08 to 4.33 MB (gzip 834 to 738 kB), every query of the search-quality set still in the top 3 and three
  more first (カジュアルティ, スキャッター, デビエート: their glossary entry, second after the calculator before).

Afterwards every one of those words finds every section that has it, in either number for French; only
French stop words (été, même, à…) are still not indexed, as before. The worker indexes the hidden fields
but results show only `title` and `text`: a folded or plural query shows the site's own text, with no
highlight where only a hidden term matched.
A query that mixes scripts (振り直し) becomes 振り OR 直し, like two English words, sections with both first.
The index is written as UTF-8 instead of \\u escapes, so the Japanese one grows only 15 % (gzip: 59 to
103 kB) and its worker starts faster without TinySegmenter. The French number forms take the French index
from 179 to 250 kB gzip (900 kB to 1.2 MB raw), fetched only when the reader starts a search
(search-adapter.js). English gets no extra word forms (only the token of a folded word, below).

**Table rows.** Material indexes a page's headings only, so a row of a weather, kick-off or injury table was
found only through its page's whole text, below any ruling page that names it once (a page's own entry gets
Material's bigger boost than a section): "pouring rain" found the Secure the Ball ruling first. Every build
gives each row a section of its own (`tables/weather-bb2020/#row-pouring-rain`, its anchor in the table),
with the row's name as title and its other cells as text (`add_row_sections`).

**Aliases.** Every build, English included, then gives each entry of the termbase (data/termbase.yml,
plugins/data/termbase.py) the words players type for it: abbreviations (RR, GFI, TZ), English names in French
and Japanese, katakana of the skills Japanese prose keeps in English (ダイビングタックル), misspellings. They
go into one more hidden field, `alias_terms`, of the section that shows the entry (`glossary/#term-re-roll`,
`skills/agility/#skill-diving-tackle`; a table row's section; a word's `see` entity), with a boost ten
times the title's, so that an alias finds its entry first, above pages that only mention the word. Each word
of an alias gets the same extra forms as the language's texts (folded, other number, katakana and kanji
endings), except a form that is another entry's own one-word alias. A query word counts once for each index
term of a field it starts, so an entry whose alias field had relance and relances outscored, for « relance
d'équipe », Team re-roll, whose multi-word alias got no other forms (relance, équipe); now it has équipes
too, and not relances, which the termbase gives to Re-roll. A player's roll (data/rolls/) gets its own name
as an alias at its section, so « esquive » finds the dodge test and its calculator as well as the Dodge
skill.

**Mentions.** Japanese rulings and sequences write a skill's English name ("Diving Tackle"), so its katakana
(ダイビングタックル) found the skill's entry only: 1 page against 56 for the English name (issue 26). Every
section that names a skill, in the prose of its language or in English, gets the words of that skill's entry
(aliases, katakana, names in other languages) in `mention_terms`, at the text's weight
(`mention_locations`): the katakana finds every page that names the skill, its entry first, and a French
section naming Tacle plongeant is found by "diving tackle".

**One word for one thing.** A coach types a re-roll as reroll, re-roll, RR, « relance », « relances »,
リロール or 振り直し, and the texts write one or two of these: "dodge reroll" found the Re-roll entry and the
Dodge skill, never the ruling whose question writes "re-roll" (issue 26, item 9). The entries of FOLDED (the
termbase's `term:re-roll`) are folded: each of their one-word names, aliases and forms, in every language
(`fold_table`), stands for one token, the entry's English name without its hyphen (`reroll`). Every section
whose title or text has one of them gets the token in its hidden title or text field (`add_folds`, in every
language), and the table goes into the index's `config.folds` (variant -> token, with `pattern`, the regular
expression that finds them in a folded text), which search-adapter.js applies to each query word and to the
texts it ranks: the only folding of words there is, beside accents and case.

**For search-adapter.js.** Each document also carries, not indexed, the editions of what it shows
(`editions`, from the entity shown there or its page: `add_editions`), so that the results of the edition
chosen in the picker come first, and the whole names of its entry (`names`, with a term's abbreviation for
its name: "KO recovery" for Knocked-out recovery), so that a section named by the whole query comes before
one named by a word of it. A document whose title names skills carries their search words (`title_names`), so
that a Japanese question writing "Mighty Blow" and "Claws" holds the query マイティブロー クロー in its title. A
calculator page's explanatory sections ("How it is computed", the notation: `EXPLANATIONS`), which list every
rule the calculator uses, get a quarter of the weight and the mark `explains`: « châtaigne griffes » found
them first, and the ruling on the two skills 9th (review 8, m2). A ruling's page carries the names, in every
language, of what it is about (`about`, `about_names`): of two questions that both write Dodge and re-roll,
the one about the Dodge skill and re-rolls answers "dodge reroll", not the one about moves outside an
activation that asks whether Dodge may re-roll there.
"""
from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path
from typing import Callable

HIDDEN = {"title": "title_terms", "text": "text_terms"}  # shown field -> hidden field with its extra terms
ALIASES = "alias_terms"  # hidden field with the termbase's aliases of the entry a section shows
ALIAS_BOOST = 10  # times the title's boost
NAMES = "name_terms"  # hidden field with the name of the sequence, table or star rule a page or section shows
NAME_BOOST = 2  # times the title's: above a page that uses the words, below an entry whose alias they are
PHRASES = "names"  # carried, not indexed: the aliases and names of a section's entry, whole
TITLE_NAMES = "title_names"  # carried, not indexed: the search words of the skills a section's title names
MENTIONS = "mention_terms"  # hidden field with the aliases of the skills a section names (ダイビングタックル)
MENTION_BOOST = 0.001  # times the title's: the text's own weight, as if the section wrote the alias
# Anchors of a calculator page's explanatory sections: "How it is computed" (render/calclayout.py) and the chain's
# "The notation" and "Paste a BloodBowlDave sequence" (render/chainhelp.py). They list every rule the calculator
# uses, so they hold most queries' words; they weigh less than the entries that answer (review 8, m2).
EXPLANATIONS = {"assumes", "notation", "dave"}
EXPLANATION_BOOST = 0.25  # the section's lunr score is multiplied by it (Material passes a doc's `boost` to lunr)
SPLIT = re.compile(r"[\s\-'’.,:;!?()（）、。]+")
# Words of a multi-word alias that are left out of the field: a query word matches every index term it
# starts, so "d'équipe" would otherwise make every alias with a word in d… ("défenseur") a hit. The
# separators of mkdocs.yml and config/fr.yml leave the same words out of queries (the one-letter ones as
# elisions: d', l', s'), so that « zone de tacle » searches zone* and tacle* (tests/site/test_search_index.py).
STOP_WORDS = {"en": {"a", "an", "the", "of", "for", "it", "to", "and", "in", "on", "or"},
              "fr": {"d", "de", "des", "du", "l", "la", "le", "les", "un", "une", "et", "ou", "à", "au", "aux",
                     "en", "s"},
              "ja": set()}

TAG = re.compile(r"<[^>]*>")
LATIN_WORD = re.compile(r"[0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+")
LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss"})
# Runs of one script (the same classes as the separator of config/ja.yml).
SCRIPT_RUN = re.compile(
    r"[\u3041-\u3096\u309d\u309e]+"                              # hiragana
    r"|[\u30a1-\u30fa\u30fc-\u30fe]+"                            # katakana, with ー
    r"|[\u3005-\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"  # kanji, with 々 〆 〇
)
MIN_ENDING = 2  # characters
# Characters no word starts with: small kana, the long-vowel mark, ん/ン. An ending inside a run that starts
# with one is a term no query can reach (a query word must start an index term), so it is not indexed.
NO_WORD_START = set("ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶーンん")
# A whole katakana run is a term of the shown field already (config/ja.yml's separator cuts the text at both
# ends of a katakana run), so it is not repeated in the hidden one.
KATAKANA = {chr(code) for code in range(0x30a1, 0x30fb)} | set("ーヽヾ")


def fold(word: str) -> str:
    """Lower case, without accents or ligatures: 'Règle' -> 'regle', 'Œuvre' -> 'oeuvre'."""
    decomposed = unicodedata.normalize("NFKD", word.lower().translate(LIGATURES))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def folded_terms(text: str) -> set[str]:
    """The folded form of every Latin word of `text` that has an accent or a ligature."""
    return {folded for word in LATIN_WORD.findall(text) if (folded := fold(word)) != word.lower()}


def number_forms(word: str) -> set[str]:
    """The forms of a lower-case French noun or adjective in the other number that a query may be typed in.

    Material finds the index terms that start with the query, so a singular query already finds the
    plurals that add a letter (règle → règles, niveau → niveaux). What it cannot find is added here: the
    plurals of a singular (règle → règles; niveau, jeu, genou → -x as well; total → totaux, travail →
    travaux) and the singulars in -al and -ail of a plural in -aux (spéciaux → spécial, spéciail). Both
    regular forms are given where French hesitates (finals, finaux), since a form that no one types costs
    only a little index. Verbs are not conjugated.
    """
    if word.endswith("aux"):
        return {word[:-3] + "al", word[:-3] + "ail"}
    if word.endswith(("s", "x", "z")):
        return set()
    forms = {word + "s"}
    if word.endswith(("au", "eu", "ou")):
        forms.add(word + "x")
    if word.endswith("al"):
        forms.add(word[:-2] + "aux")
    elif word.endswith("ail"):
        forms.add(word[:-3] + "aux")
    return forms


def french_terms(text: str) -> set[str]:
    """Every form of the French words of `text` that a query may be typed in and the text lacks: the other
    number of each word of three letters or more (`number_forms`), and the folded form of each word and of
    those forms (`folded_terms`)."""
    words = {w.lower() for w in LATIN_WORD.findall(text)}
    terms: set[str] = set()
    for word in words:
        forms = {word} | (number_forms(word) if len(word) >= 3 and word.isalpha() else set())
        terms |= forms | {fold(form) for form in forms}
    # What the text has is left out once all are made: taken out word by word, a word stayed when a word
    # made after it had it as a form (jet: jets), so the index changed with Python's set order, per build.
    return terms - words


def run_endings(text: str) -> set[str]:
    """Every ending of two characters or more of each hiragana, katakana or kanji run of `text`, but an
    ending inside a run that starts with a character no word starts with (NO_WORD_START: ッション, ーブロック)
    and a whole katakana run (the shown field has it: パスアクション gives アクション, ション, …)."""
    return {run[start:] for run in SCRIPT_RUN.findall(text) for start in range(len(run) - MIN_ENDING + 1)
            if (start == 0 and run[0] not in KATAKANA) or (start > 0 and run[start] not in NO_WORD_START)}


TERMS: dict[str, tuple[Callable[[str], set[str]], ...]] = {
    "fr": (french_terms,),
    "ja": (folded_terms, run_endings),
}


def plain(markup: str) -> str:
    """The text of an index field: Material keeps a few tags (<p>, <li>, <code>) and entities."""
    return html.unescape(TAG.sub(" ", markup))


def extend_index(index: dict, lang: str) -> dict:
    """Add the hidden fields of `lang` to a parsed search_index.json (in place; returns it).

    Running it again gives the same index. Titles and texts are left as they are.
    """
    makers = TERMS.get(lang)
    if not makers:
        return index
    fields = index["config"]["fields"]
    for shown, hidden in HIDDEN.items():
        fields[hidden] = dict(fields.get(shown, {"boost": 1.0}))
    for doc in index["docs"]:
        for shown, hidden in HIDDEN.items():
            text = plain(doc.get(shown) or "")
            terms = set().union(*(make(text) for make in makers))
            if terms:
                doc[hidden] = " ".join(sorted(terms))
            else:
                doc.pop(hidden, None)
    return index


# Entries whose names search takes as one word, in every language (see "One word for one thing" above).
FOLDED = ("term:re-roll",)
FOLDS = "folds"  # key of the index's `config` that carries the table to search-adapter.js
LATIN_LETTERS = "0-9a-z\u00df-\u00f6\u00f8-\u024f"  # what a folded Latin word is made of (lower case)
KATAKANA_LETTERS = "\u30a1-\u30fa\u30fc-\u30fe"


def fold_text(text: str) -> str:
    """The text as search-adapter.js's `fold` makes it: compatibility forms (NFKC), lower case, no Latin
    accents, œ and æ as oe and ae; kana keep their voicing marks (ドッジ stays ドッジ, unlike `fold`)."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).lower())
    text = unicodedata.normalize("NFC", re.sub("[\u0300-\u036f]", "", text))
    return text.replace("œ", "oe").replace("æ", "ae")


def fold_table(repo) -> dict[str, str]:
    """Folded variant -> its token, for every one-word name, alias, form and katakana, in every language, of
    the termbase entries of FOLDED: {"re-roll": "reroll", "rr": "reroll", "relances": "reroll",
    "リロール": "reroll", "振り直し": "reroll", ...}. The token is the entry's English name, folded, without
    hyphens. A name of several words (« relance d'équipe ») is left to its words."""
    out: dict[str, str] = {}
    for entry_id in FOLDED:
        entry = repo.termbase.get(entry_id) if repo.termbase is not None else None
        if entry is None:
            continue
        token = fold_text(entry.names["en"].preferred).replace("-", "")
        for names in entry.names.values():
            for name in (names.preferred, names.katakana, *names.aliases, *names.forms):
                if name and not re.search(r"\s", name):
                    out.setdefault(fold_text(name), token)
    return out


def fold_pattern(table: dict[str, str]) -> str:
    """The regular expression (Python's and JavaScript's syntax alike) that finds the variants of `table` in a
    folded text, longest first: a Latin variant as a whole word (rr, not the rr of "error"), a katakana one as
    a whole katakana run (リロール, not the end of チームリロール, a name of its own), any other as written."""
    def edge(char: str) -> str:
        if re.match(f"[{LATIN_LETTERS}]", char):
            return LATIN_LETTERS
        return KATAKANA_LETTERS if re.match(f"[{KATAKANA_LETTERS}]", char) else ""

    def one(variant: str) -> str:
        escaped = re.sub(r"([.*+?^${}()|\[\]\\/-])", r"\\\1", variant)
        before, after = edge(variant[0]), edge(variant[-1])
        return (f"(?<![{before}])" if before else "") + escaped + (f"(?![{after}])" if after else "")

    return "|".join(one(v) for v in sorted(table, key=lambda v: (-len(v), v)))


def add_folds(index: dict, table: dict[str, str]) -> dict:
    """Give each document whose title or text has a variant of `table` its token in the hidden title or text
    field (registered with the shown field's boost where the language had none: English), and put the table
    and its pattern in the index's `config` for search-adapter.js (in place; returns the index)."""
    fields = index["config"]["fields"]
    index["config"].pop(FOLDS, None)
    if not table:
        return index
    pattern = fold_pattern(table)
    found_in = re.compile(pattern)
    for shown, hidden in HIDDEN.items():
        fields.setdefault(hidden, dict(fields.get(shown, {"boost": 1.0})))
    for doc in index["docs"]:
        for shown, hidden in HIDDEN.items():
            tokens = {table[v] for v in found_in.findall(fold_text(plain(doc.get(shown) or "")))}
            if tokens:
                doc[hidden] = " ".join(sorted(set((doc.get(hidden) or "").split()) | tokens))
    index["config"][FOLDS] = {"pattern": pattern, "terms": dict(sorted(table.items()))}
    return index


ABOUT = "about"  # carried, not indexed: the names, in every language, of what a ruling is about


def about_names(repo) -> dict[str, list[str]]:
    """A ruling page's location -> the names of what the ruling is `about`, in every language: each entity's
    termbase names (preferred, katakana, aliases, forms), or its own name or title."""
    from .locate import page_of

    out: dict[str, list[str]] = {}
    for ruling in repo.of_kind("ruling"):
        names: set[str] = set()
        for ref in ruling.get("about") or []:
            entry = repo.termbase.get(ref) if repo.termbase is not None else None
            if entry is not None:
                for given in entry.names.values():
                    names.update(n for n in (given.preferred, given.katakana, *given.aliases, *given.forms) if n)
            else:
                entity = repo.get(ref)
                own = (entity.get("name") or entity.get("title") or {}) if entity is not None else {}
                names.update(text for text in own.values() if isinstance(text, str))
        out[url_of(page_of(ruling))] = sorted(names)
    return out


def add_about(index: dict, about: dict[str, list[str]]) -> dict:
    """Give each ruling's page document the names of what it is about (`about`, carried, not indexed), for
    search-adapter.js to put the ruling about every word of a query before one that only writes them (in
    place; returns the index)."""
    for doc in index["docs"]:
        if doc["location"] in about:
            doc[ABOUT] = about[doc["location"]]
        else:
            doc.pop(ABOUT, None)
    return index


def url_of(md_path: str) -> str:
    """The location Material gives a page (directory URLs): 'glossary.md' -> 'glossary/', 'index.md' -> ''."""
    stem = md_path.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        stem = stem.removesuffix("index")
        return stem
    return stem + "/"


def alias_locations(repo, lang: str) -> dict[str, set[str]]:
    """Index location (`glossary/#term-re-roll`) -> the aliases, forms and refused variants of the termbase entries
    shown there, in `lang`.

    A skill's or a block-die face's English name counts as an alias in French and Japanese too (a French
    reader may type "Diving Tackle"), and a Japanese entry's katakana and preferred name as well.
    """
    from ..data.termbase import split_name
    from .locate import anchor_of, page_of  # the page map needs the site package

    out: dict[str, set[str]] = {}
    for entry in repo.termbase.entries:
        target = repo.get(entry.target)
        if target is None:
            continue
        names = entry.names[lang]
        # a variant is refused in our prose but is still what some readers type (偏差, réglette, MA, High Kick);
        # not a phrasing of the entry's own name (« par Averse », 「チョンプの特殊アクション」): a reader types the
        # name, and the phrasing's other words would make its page a hit for them (アクション, or « averse » ranking
        # one edition's row above the chosen edition's)
        own = {n for n in (names.preferred, names.katakana, entry.names["en"].preferred, *names.aliases) if n}
        words = set(names.aliases) | set(names.forms) | {
            v for v in names.variants
            if not any(n != v and n in v for n in own) and not (lang == "ja" and re.search(r"[の（(]", v))}
        # A table row's name is its section's title (row_sections); as an alias it would outrank the words'
        # own entries (the kick-off tables' Blitz! row against the Blitz action).
        if entry.kind != "row":
            words.add(names.preferred)
        if lang != "en" and (entry.kind == "skill" or entry.group == "block-die"):
            words.add(entry.names["en"].preferred)
        if lang == "ja" and names.katakana:
            words.add(names.katakana)
        if not words:
            continue
        anchor = anchor_of(target) if entry.kind != "row" else entry.anchor
        location = url_of(page_of(target)) + (f"#{anchor}" if anchor else "")
        out.setdefault(location, set()).update(words)
    # A star player is looked for by his name in katakana (グリフ for Griff Oberwald, review 3, D8): the
    # termbase's `stars:` gives it to the star player rules he has (their page: a rule is no section).
    for rule, katakana in star_katakana(repo, lang):
        out.setdefault(url_of(page_of(rule)) + f"#{anchor_of(rule)}", set()).update(katakana.values())
    # A player's roll is looked for by what it is ("esquive", ドッジ): its name finds its section, where its
    # calculator is, as strongly as the skill of the same name finds the skill.
    for roll in repo.of_kind("roll"):
        name = split_name(roll["name"].get(lang) or roll["name"]["en"])[0]
        out.setdefault(url_of(page_of(roll)) + f"#{anchor_of(roll)}", set()).add(name)
    return out


def star_katakana(repo, lang: str) -> list[tuple[object, dict[str, str]]]:
    """[(star player rule, {star's English name: his katakana})] in Japanese, for every rule whose stars have a
    katakana in the termbase (`stars:`); empty in other languages (their prose and search use the English name)."""
    stars = repo.termbase.stars if lang == "ja" and repo.termbase is not None else {}
    found = [(rule, {s: stars[s] for s in rule.get("stars") or [] if s in stars}) for rule in repo.of_kind("star-rule")]
    return [(rule, katakana) for rule, katakana in found if katakana]


def mention_names(repo, lang: str) -> list[tuple[str, set[str]]]:
    """Each skill's names as a `lang` text writes them (its name in `lang` and its prose forms, and its
    English name, which Japanese and some French prose keep), with the words a reader searches it by: the
    same words that find its own entry (alias_locations: aliases, katakana, names in other languages).

    Returns [(name in prose, search words)], longest names first, so that "Pass Block" is found before
    "Pass". Japanese rulings write "Diving Tackle", never ダイビングタックル: without these words a search
    for the katakana found the skill's entry only (issue 26). In Japanese, a star player's English name
    ("Griff Oberwald") comes with his katakana too (グリフ・オーバーワルド, `star_katakana`).
    """
    from .locate import anchor_of, page_of

    words_at = alias_locations(repo, lang)
    out: dict[str, set[str]] = {}
    for entry in repo.termbase.entries:
        target = repo.get(entry.target)
        if entry.kind != "skill" or target is None:
            continue
        names = entry.names[lang]
        words = words_at.get(url_of(page_of(target)) + f"#{anchor_of(target)}", set())
        for name in {names.preferred, entry.names["en"].preferred, *names.forms}:
            if len(name) >= 3:
                out.setdefault(name, set()).update(words)
    # a star player, named in English by Japanese prose, by his katakana (review 3, D8)
    for _, katakana in star_katakana(repo, lang):
        for english, written in katakana.items():
            out.setdefault(english, set()).add(written)
    return sorted(out.items(), key=lambda item: (-len(item[0]), item[0]))


def mention_locations(index: dict, mentions: list[tuple[str, set[str]]]) -> dict[str, set[str]]:
    """Index location -> the search words of every skill its section names (`mention_names`), matched as
    whole words, with the case of the name (the English "Block" is the skill; "block" is not)."""
    if not mentions:
        return {}
    words_of = dict(mentions)
    pattern = re.compile(r"(?<![\w\-])(?:" + "|".join(re.escape(name) for name, _ in mentions) + r")(?![\w\-])")
    out: dict[str, set[str]] = {}
    for doc in index["docs"]:
        found = set(pattern.findall(plain(f"{doc.get('title') or ''} {doc.get('text') or ''}")))
        if found:
            out[doc["location"]] = set().union(*(words_of[name] for name in found))
    return out


def add_title_names(index: dict, mentions: list[tuple[str, set[str]]]) -> dict:
    """Give each document whose title names a skill (`mention_names`) the search words of those skills in the
    carried field `title_names` (not indexed), for search-adapter.js to tell a title that holds the query:
    the Japanese question 「Mighty Blow の +1 は、Claws が…」 holds マイティブロー クロー (review 8, m2). In
    place; returns the index."""
    words_of = dict(mentions)
    pattern = re.compile(r"(?<![\w\-])(?:" + "|".join(re.escape(name) for name, _ in mentions) + r")(?![\w\-])")
    for doc in index["docs"]:
        found = set(pattern.findall(plain(doc.get("title") or ""))) if mentions else set()
        if found:
            doc[TITLE_NAMES] = " ".join(sorted(set().union(*(words_of[name] for name in found))))
        else:
            doc.pop(TITLE_NAMES, None)
    return index


def edition_marks(repo) -> dict[str, str]:
    """Index location (a page, or a section that shows an entity) -> the choosable editions of the entity
    shown there, space-separated ("bb2020 bb2025"), for every entity that has editions."""
    from .editions import Editions
    from .locate import anchor_of, page_of

    editions = Editions.of(repo)
    out: dict[str, str] = {}
    for entity in sorted(repo.entities.values(), key=lambda e: e.id):
        if entity.kind in ("source", "edition", "coverage") or not entity.editions:
            continue
        anchor = anchor_of(entity)
        marks = editions.marks(entity.editions)
        if marks:
            out[url_of(page_of(entity)) + (f"#{anchor}" if anchor else "")] = " ".join(marks)
    return out


def add_editions(index: dict, marks: dict[str, str]) -> dict:
    """Give each document the editions of what it shows, in a field that is carried but not indexed:
    `editions` ("bb2020"), its own entity's or its page's (a sequence's steps, a table's rows). A document
    of every edition (the home page, the skills of all editions) gets none. search-adapter.js ranks lower
    the results of other editions than the one chosen in the edition picker (in place; returns the index)."""
    for doc in index["docs"]:
        found = marks.get(doc["location"]) or marks.get(doc["location"].split("#")[0])
        if found:
            doc["editions"] = found
        else:
            doc.pop("editions", None)
    return index


def name_locations(repo, lang: str) -> dict[str, set[str]]:
    """Index location -> the name of the sequence, table or star player rule shown there, in `lang`: its title
    without the edition in brackets ("Block action", « Retour des K.O. », Savage Blow); and the star player
    rules' page by its title."""
    from ..data.termbase import split_name
    from .locate import SHARED_PAGE, anchor_of, page_of
    from .messages import Messages

    # the page of the star player rules is found by its own title too (« règles spéciales des Star Players »)
    out: dict[str, set[str]] = {url_of(SHARED_PAGE["star-rule"]): {Messages(lang)("Star players' special rules")}}
    for kind, field in (("sequence", "title"), ("table", "title"), ("star-rule", "name")):
        for entity in repo.of_kind(kind):
            name = split_name(entity[field].get(lang) or entity[field]["en"])[0]
            anchor = anchor_of(entity)
            out.setdefault(url_of(page_of(entity)) + (f"#{anchor}" if anchor else ""), set()).add(name)
    return out


def row_titles(repo, lang: str) -> dict[str, str]:
    """Index location of each table row (`tables/weather-bb2020/#row-pouring-rain`) -> its name in `lang`."""
    from .locate import page_of  # the page map needs the site package

    return {url_of(page_of(repo.get(entry.target))) + f"#{entry.anchor}": entry.names[lang].preferred
            for entry in repo.termbase.entries if entry.kind == "row" and repo.get(entry.target) is not None}


ROW = re.compile(r"<tr\b[^>]*>(?P<cells>(?:(?!</tr>).)*?\bid=\"(?P<id>row-[^\"]+)\"(?:(?!</tr>).)*)</tr>", re.S)
CELL = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)
BREAK = re.compile(r"<br\s*/?>|</?(?:p|div|li|ul|ol)\b[^>]*>")  # tags between words; other tags are inline


def add_row_sections(index: dict, site_dir: Path, titles: dict[str, str]) -> dict:
    """Give each table row of `titles` a section of its own in the index (in place; returns it): its
    location (the row's anchor), its name as title and its other cells as text, read from the built page,
    right after the page's own entry. Material indexes a page's headings only, so a row was found only
    through its page's whole text, below a ruling page that names it once (\"pouring rain\"): now its name
    is a title, and the row's termbase aliases go to its section (alias_locations). Running it again gives
    the same index."""
    by_page: dict[str, dict[str, str]] = {}
    for location, title in titles.items():
        page, _, anchor = location.partition("#")
        by_page.setdefault(page, {})[anchor] = title
    docs = [doc for doc in index["docs"] if doc["location"] not in titles]
    for page, rows in by_page.items():
        at = next((i for i, doc in enumerate(docs) if doc["location"] == page), None)
        built = Path(site_dir) / page / "index.html"
        if at is None or not built.is_file():
            continue
        sections = []
        for match in ROW.finditer(built.read_text(encoding="utf-8")):
            title = rows.get(match["id"])
            if title is None:
                continue
            cells = [" ".join(html.unescape(TAG.sub("", BREAK.sub(" ", cell))).split())
                     for cell in CELL.findall(match["cells"])]
            text = " ".join(cell for cell in cells if cell and cell != title)
            sections.append({"location": f"{page}#{match['id']}", "title": html.escape(title, quote=False),
                             "text": html.escape(text, quote=False)})
        docs[at + 1:at + 1] = sections
    index["docs"] = docs
    return index


def add_aliases(index: dict, lang: str, aliases: dict[str, set[str]], field: str = ALIASES,
                boost: float = ALIAS_BOOST) -> dict:
    """Put each location's aliases (and their extra forms in `lang`) in its section's hidden `field` (by
    default `alias_terms`), weighted `boost` times the title (in place; returns the index). A location
    missing from the index gives its aliases to its page."""
    fields = index["config"]["fields"]
    fields[field] = {"boost": fields.get("title", {"boost": 1.0})["boost"] * boost}
    docs = {doc["location"]: doc for doc in index["docs"]}
    makers = TERMS.get(lang, ())
    for doc in index["docs"]:
        doc.pop(field, None)
        if field == ALIASES:
            doc.pop(PHRASES, None)

    def tokens_of(word: str) -> list[str]:
        return [t for t in SPLIT.split(word.lower()) if t and t not in STOP_WORDS.get(lang, ())]

    # A one-word alias belongs to its entry: another entry's word does not get it as an extra form
    # (« relances » is Re-roll's alias, not a form of Team re-roll's « relance d'équipe »).
    owner: dict[str, str] = {}
    for location, words in sorted(aliases.items()):
        for word in words:
            if len(tokens := tokens_of(word)) == 1:
                owner.setdefault(tokens[0], location)
    for location, words in sorted(aliases.items()):
        doc = docs.get(location) or docs.get(location.split("#")[0])
        if doc is None:
            continue
        terms: set[str] = set()
        for word in words:
            tokens = tokens_of(word)
            terms |= set(tokens) | ({fold(t) for t in tokens} if makers else set())
            forms = set().union(set(), *(make(t) for t in tokens for make in makers))
            terms |= {form for form in forms if owner.get(form, location) == location}
        doc[field] = " ".join(sorted(set(doc.get(field, "").split()) | terms))
        if field != MENTIONS:  # the whole names, for search-adapter.js to tell a name typed in full
            doc[PHRASES] = sorted(set(doc.get(PHRASES, [])) | {" ".join(word.split()) for word in words})
    return index


def abbreviations(repo, lang: str) -> dict[str, set[str]]:
    """A glossary term's name in `lang` -> its abbreviations among its aliases (Knocked-out -> KO): all
    capitals, two to four letters."""
    out: dict[str, set[str]] = {}
    for entry in repo.termbase.entries:
        names = entry.names[lang]
        short = {a for a in names.aliases if a.isascii() and a.isalpha() and a.isupper() and 2 <= len(a) <= 4}
        if entry.kind == "term" and short and len(names.preferred) > 4:
            out.setdefault(names.preferred, set()).update(short)
    return out


def add_abbreviated_names(index: dict, short: dict[str, set[str]]) -> dict:
    """Add to each document's whole names (`names`, not indexed) their forms with a term's abbreviation
    for its name: the site writes "the KO recovery table", so "KO recovery" is typed for "Knocked-out
    recovery" (in place; returns the index)."""
    if not short:
        return index
    pattern = re.compile(r"(?<![\w\-])(?:" + "|".join(re.escape(n) for n in sorted(short, key=len, reverse=True))
                         + r")(?![\w\-])", re.IGNORECASE)
    by_lower = {name.lower(): forms for name, forms in short.items()}
    for doc in index["docs"]:
        phrases = set(doc.get(PHRASES, []))
        for phrase in list(phrases):
            for match in pattern.finditer(phrase):
                for form in by_lower[match[0].lower()]:
                    phrases.add(phrase[:match.start()] + form + phrase[match.end():])
        if phrases:
            doc[PHRASES] = sorted(phrases)
    return index


def mark_explanations(index: dict) -> dict:
    """Give each calculator page's explanatory section (its anchor in EXPLANATIONS) the document boost
    EXPLANATION_BOOST and the carried mark `explains`, which search-adapter.js reads to rank it after the
    sections whose title holds the query (in place; returns the index). « châtaigne griffes » found
    « Comment le calcul est fait » first, whose list of rules has Châtaigne ; Griffes, before the ruling
    asking how the two stack (review 8, m2)."""
    for doc in index["docs"]:
        if doc["location"].partition("#")[2] in EXPLANATIONS:
            doc["boost"], doc["explains"] = EXPLANATION_BOOST, 1
        else:
            doc.pop("explains", None)
    return index


def extend_search_index(config, repo=None) -> None:
    """on_post_build hook: rewrite <site_dir>/search/search_index.json for the build's language: a section
    for each table row and the termbase's aliases (every language, when `repo` is given), and the extra word
    forms (fr, ja)."""
    lang = config.theme["language"]
    path = Path(config.site_dir) / "search" / "search_index.json"
    if not path.is_file() or (lang not in TERMS and repo is None):
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    if repo is not None and repo.termbase is not None:
        add_row_sections(index, Path(config.site_dir), row_titles(repo, lang))
    extend_index(index, lang)
    mark_explanations(index)
    if repo is not None and repo.termbase is not None:
        add_aliases(index, lang, alias_locations(repo, lang))
        add_aliases(index, lang, name_locations(repo, lang), NAMES, NAME_BOOST)
        mentions = mention_names(repo, lang)
        add_aliases(index, lang, mention_locations(index, mentions), MENTIONS, MENTION_BOOST)
        add_title_names(index, mentions)
        add_abbreviated_names(index, abbreviations(repo, lang))
        add_editions(index, edition_marks(repo))
        add_folds(index, fold_table(repo))
        add_about(index, about_names(repo))
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
