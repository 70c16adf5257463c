// Page-local behaviour of the rule pages (templates rulings-list.html and star-rule.html), with Material's
// instant navigation (document$) or without it:
// - the rulings index's filter box narrows the list as the reader types, matching the text shown and the
//   names of what each ruling is about in every language (without script the whole list shows, and the
//   box stays hidden);
// - on the star rules page, a link to a rule (`#star-rule-<slug>`) opens the rule it points to;
// - the matrix's scroll box can take the keyboard focus (the page sanitiser keeps no tabindex).

/** Text folded for matching: compatibility forms (full-width letters, half-width kana), case, Latin accents,
 *  and hiragana as katakana (だいびんぐ finds ダイビングタックル; review 8, m5). */
const fold = (text) => text.normalize("NFKC").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
  .normalize("NFC").replace(/[\u3041-\u3096\u309d\u309e]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60));

/** The names of what a ruling is about and of the skills its question names, in every language, with their
 *  aliases (`data-names` on its link, from the termbase): ダイビングタックル finds the rulings on Diving Tackle,
 *  « Dodge » those on Esquive, "Dodge" a Japanese question that writes ドッジ. */
const names = (li) => [...li.querySelectorAll("[data-names]")].map((e) => e.dataset.names).join(" ");

/** The count of rulings shown, in words: "9 rulings", « 1 décision », 「9 件の裁定」. The forms come from the
 *  catalogs by CLDR plural category (`data-nc-counts`, rulings-list.html); Intl.PluralRules picks the one for
 *  `n` in the page's language (review 7, finding 4: the live count said a bare « 9 »). */
function countText(count, n) {
  let forms = {};
  try {
    forms = JSON.parse(count.dataset.ncCounts || "{}");
  } catch {
    // a broken attribute: the number alone, as before
  }
  const lang = document.documentElement.lang || "en";
  const form = forms[new Intl.PluralRules(lang).select(n)] ?? forms.other;
  const number = new Intl.NumberFormat(lang).format(n);
  return typeof form === "string" ? form.replace("{n}", number) : number;
}

function mountFilter(root) {
  const form = root.querySelector("[data-nc-filter-form]");
  const input = root.querySelector("[data-nc-filter]");
  const count = root.querySelector("[data-nc-filter-count]");
  if (!form || !input || form.dataset.mounted) return;
  form.dataset.mounted = "";
  const groups = [...root.querySelectorAll("[data-nc-filter-group]")].map((group) => {
    const heading = group.querySelector("h3");
    return { group, title: fold(heading ? heading.textContent : ""),
             items: [...group.querySelectorAll("li")].map((li) => ({ li, text: fold(`${li.textContent} ${names(li)}`) })) };
  });
  const apply = () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    for (const { group, title, items } of groups) {
      let any = false;
      for (const { li, text } of items) {
        const match = words.every((w) => text.includes(w) || title.includes(w));
        li.hidden = !match;
        any ||= match;
      }
      group.hidden = !any;
    }
    // Counted once every group is shown or hidden for this query: a group the previous query hid would
    // hide its matches from checkVisibility (which also leaves out what the edition picker hides).
    const shown = groups.reduce((n, { items }) => n + items.filter(({ li }) => li.checkVisibility()).length, 0);
    count.textContent = words.length ? (shown ? countText(count, shown) : count.dataset.ncNone) : "";
  };
  input.addEventListener("input", apply);
  form.hidden = false;
  if (input.value) apply();
}

/** Open the collapsed rule (a <details>) the address points into, and bring its heading into view. */
function openTarget() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  const details = target && target.closest("details");
  if (!details) return;
  if (!details.open) details.open = true;
  target.scrollIntoView();
}

function mount() {
  for (const root of document.querySelectorAll("[data-nc-filter-list]")) mountFilter(root);
  for (const box of document.querySelectorAll("[data-nc-scroll-box]")) box.tabIndex = 0;
  openTarget();
}

window.addEventListener("hashchange", openTarget);
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mount());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mount);
} else {
  mount();
}
