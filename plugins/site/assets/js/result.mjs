// A calculator's result panel ([data-result], plugins/site/render/calculator.py): its value elements
// ([data-field] with data-format, named by their dotted path into the response), its status and error lines,
// the edition it names, and its live region ([data-live], the only one: a one-line summary after a change).
import { LONG_EXACT, formatValue, probability, probabilityParts } from "./format.mjs";
import { paintPitch } from "./pitch-paint.mjs";
import { isZero, valueAt } from "./util.mjs";

// How long the form stays quiet before the live region speaks (announce): longer than the gap between two keys.
const ANNOUNCE_QUIET_MS = 500;

const STATUS_FIELDS = new Set(["status", "error"]);

/** Whether the value at dotted `path` of `result` is true; a "*" step holds when any list item's does
 *  (render/calculator.py `holds`). */
function holds(result, path) {
  const [head, ...rest] = String(path).split(".");
  if (head === "*") return Array.isArray(result) && result.some((item) => (rest.length ? holds(item, rest.join(".")) : Boolean(item)));
  const value = valueAt(result, head);
  return rest.length ? value !== undefined && holds(value, rest.join(".")) : Boolean(value);
}

/** The visible text of `el`, its white space collapsed. */
function shownText(el) {
  return el.textContent.replace(/\s+/g, " ").trim();
}

/** What the live region says of a value element: its text, or only the percentage of a chance whose long
 *  fraction is folded away ([data-chance], see showLong): the same rule for every calculator. */
function spokenText(el) {
  const chance = el.querySelector("[data-chance]");
  return shownText(chance || el);
}

export class ResultView {
  /** `box`: the calculator's wrapper (.nc-calculator); `messages`: the form's Messages. */
  constructor(box, messages) {
    this.box = box;
    this.el = box.querySelector("[data-result]");
    this.messages = messages;
  }

  /** Set the panel's state ("prerendered", "loading", "computing", "done", "error") and its status line.
   *  `settled`: whether Python's start is over (an answer from the build leaves it downloading). */
  setState(state, status, settled = true) {
    if (!this.el) return;
    this.el.dataset.state = state;
    // offline.js waits for this before the service worker starts precaching (it would slow Python's start).
    if (settled && (state === "done" || state === "error")) document.dispatchEvent(new CustomEvent("nuffle:calculator-settled"));
    const line = this.el.querySelector('[data-field="status"]');
    if (line && status !== undefined) line.textContent = status;
  }

  /** Say where the shown answer comes from: "python" (computed now) or "build" (computed when built). */
  setSource(source) {
    if (this.el) this.el.dataset.source = source;
  }

  valueElements() {
    return this.el ? [...this.el.querySelectorAll("[data-field]")].filter((el) => !STATUS_FIELDS.has(el.dataset.field)) : [];
  }

  /** Dash every value: the panel no longer answers the form. */
  clear() {
    for (const el of this.valueElements()) {
      el.textContent = "—";
      if (el.dataset.href) el.removeAttribute("href"); // no link left to the last answer's values
    }
  }

  /** Show `message` in the error line (hidden when empty); `lang` when it is not in the page's language. */
  showError(message, lang) {
    const el = this.el && this.el.querySelector('[data-field="error"]');
    if (!el) return;
    el.textContent = message || "";
    if (lang) el.setAttribute("lang", lang);
    else el.removeAttribute("lang");
    el.hidden = !message;
  }

  /** Name the edition the result is for (`label`, the edition select's option text). */
  showEdition(label) {
    const name = this.el ? this.el.querySelector("[data-nc-edition-used]") : null;
    if (name) name.textContent = label || "—";
  }

  /** The headline that follows a choice of the form ([data-headline-by]: {field, paths: {choice: path}}, the
   *  block's goal): the row of the path `request` chooses trades places with the headline's row, its value
   *  element's data and its label, so each chance stays shown once. */
  chooseHeadline(request) {
    const headline = this.el ? this.el.querySelector("[data-headline][data-headline-by]") : null;
    if (!headline || !request) return;
    const { field, paths } = JSON.parse(headline.dataset.headlineBy);
    const wanted = paths[request[field]];
    const top = headline.querySelector("[data-field]");
    if (!wanted || !top || top.dataset.field === wanted) return;
    const other = [...this.el.querySelectorAll("[data-field]")].find((el) => el.dataset.field === wanted && !headline.contains(el));
    if (!other) return;
    for (const name of ["field", "format", "zero", "absent", "labels", "href"]) {
      const [a, b] = [top.dataset[name], other.dataset[name]];
      if (b === undefined) delete top.dataset[name]; else top.dataset[name] = b;
      if (a === undefined) delete other.dataset[name]; else other.dataset[name] = a;
    }
    const [topLabel, otherLabel] = [top.closest("[data-row]"), other.closest("[data-row]")].map((row) => row && row.querySelector("dt, th"));
    if (topLabel && otherLabel) [topLabel.textContent, otherLabel.textContent] = [otherLabel.textContent, topLabel.textContent];
  }

  /** Fill every value element from the resolver's `result` to `request`, and repaint the pitch pictures. */
  fill(result, request) {
    this.chooseHeadline(request);
    for (const el of this.valueElements()) {
      const value = valueAt(result, el.dataset.field);
      const row = el.closest("[data-row]");
      if (value === undefined) {
        const absent = el.dataset.absent || "dash";
        if (row) row.hidden = absent === "hide" || !this.rowApplies(row, result);
        el.textContent = absent === "zero" ? probability(this.messages, null) : "—";
        continue;
      }
      if (row) row.hidden = (el.dataset.zero === "hide" && isZero(value)) || !this.rowApplies(row, result);
      const parts = el.dataset.format === "probability" && el.tagName !== "A" ? probabilityParts(this.messages, value) : null;
      if (parts && parts.exact.length > LONG_EXACT) this.showLong(el, parts);
      else if (parts) this.showParts(el, parts);
      else el.textContent = formatValue(this.messages, el, value);
      if (el.dataset.href) { // a link whose address carries result values (calculator.py href_from)
        el.setAttribute("href", el.dataset.href.replace(/\{([\w.]+)\}/g, (whole, path) => {
          const v = valueAt(result, path);
          return v === undefined || v === null ? "" : encodeURIComponent(String(v));
        }));
      }
    }
    for (const figure of this.box.querySelectorAll("figure[data-pitch]")) paintPitch(figure, result, request);
  }

  /** Show a chance "n/d (p%)" in parts that read the same (its text is unchanged) but can be laid out apart
   *  (templates/calc/macros.html writes the same markup at build time): the fraction may break only after its
   *  slash (review 8, m1: « 11003125/181 » over « 398528 » read as another number), and the pinned headline,
   *  while the reader edits the form, shows the percentage alone (nuffle.css; review 8, M1: the percentage,
   *  on the fraction's second line, fell below the screen). */
  showParts(el, { exact, percent }) {
    const fraction = document.createElement("span");
    fraction.className = "nc-fraction";
    const slash = exact.indexOf("/") + 1;
    fraction.append(exact.slice(0, slash), document.createElement("wbr"), exact.slice(slash));
    const chance = document.createElement("span");
    chance.className = "nc-percent";
    const open = document.createElement("span");
    open.className = "nc-paren";
    open.textContent = " (";
    const close = document.createElement("span");
    close.className = "nc-paren";
    close.textContent = ")";
    chance.append(open, percent, close);
    el.replaceChildren(fraction, chance);
  }

  /** Show a chance whose exact fraction is long (format.mjs LONG_EXACT) as its percentage, in the value's own
   *  type, and the fraction folded away under it in a disclosure ("Exact fraction"), whole and selectable: the
   *  pinned headline stays two lines tall at 360 px (review 7, findings 1 and 2). */
  showLong(el, { exact, percent }) {
    const chance = document.createElement("span");
    chance.dataset.chance = "";
    chance.textContent = percent;
    const details = document.createElement("details");
    details.className = "nc-exact";
    const summary = document.createElement("summary");
    summary.textContent = this.messages.text("exact");
    const fraction = document.createElement("span");
    fraction.dataset.exact = "";
    fraction.textContent = exact;
    details.append(summary, fraction);
    el.replaceChildren(chance, " ", details);
  }

  /** Whether a row with [data-when] (result paths that must each hold a true value, render/calculator.py
   *  Row.conditions: a reading row's changed_by.<field>, which the resolver sets only when another choice of that
   *  reading gives other chances) applies to `result`; a row without it always does. */
  rowApplies(row, result) {
    return !row.dataset.when || row.dataset.when.split(" ").every((path) => holds(result, path));
  }

  /** Say `text` once through the live region (a short summary, never the whole result), once the form has been
   *  quiet for ANNOUNCE_QUIET_MS: a coach typing a chain heard every keystroke's answer or refusal of the
   *  half-typed text, 17 announcements for 16 keys (review 8, m6); now the last one alone. While one waits, the
   *  live region carries data-pending (the browser tests wait for it to go). */
  announce(text) {
    const live = this.el && this.el.querySelector("[data-live]");
    if (!live) return;
    clearTimeout(this.announcing);
    live.setAttribute("data-pending", "");
    this.announcing = setTimeout(() => {
      live.removeAttribute("data-pending");
      if (live.textContent !== text) live.textContent = text;
    }, ANNOUNCE_QUIET_MS);
  }

  /** What the live region says after a change: the headline chance, the answer to what the reader asked. The
   *  panel's [data-headline] when it has one ("<label> <value>" as shown), else the first probability it shows,
   *  as "<label>: <value>"; the "done" message when it shows none. A chance with a long fraction is said as its
   *  percentage alone (spokenText), so the label and the percentage always come first. */
  headline() {
    const marked = this.el ? this.el.querySelector("[data-headline]") : null;
    if (marked && !marked.closest("[hidden]") && shownText(marked)) {
      const parts = [...marked.querySelectorAll("dt, dd")].map(spokenText).filter(Boolean);
      return parts.length ? parts.join(" ") : shownText(marked);
    }
    for (const row of this.el ? this.el.querySelectorAll("[data-row]") : []) {
      if (row.hidden) continue;
      const value = row.querySelector('[data-field][data-format="probability"]');
      const label = row.querySelector("dt, th");
      if (value && label) return this.messages.text("summary", { label: shownText(label), value: spokenText(value) });
    }
    return this.messages.text("done");
  }
}
