// One calculator: it ties its form (form.mjs), its result panel (result.mjs) and the tab's Python worker
// (engine.mjs). Every calculator is driven by its markup alone (plugins/site/render/calculator.py): nothing
// here knows a request kind.
//
// Until Python is ready, a change the build foresaw is answered from the build's answers (data-answers: the
// same resolver's answers to the requests one change away from the form as built); any other change waits for
// Python. The page's query string sets the form. The edition is the reader's everywhere (edition.mjs): with
// none in the address, a calculator with an edition select starts on the reader's chosen edition, or the
// newest one while they have chosen none; an edition chosen in a calculator becomes the reader's choice. An edition
// in the address is the link's: it applies to its page only (edition.mjs followLinkEdition).
import { chooseEdition, chosenEdition, choosableEditions, followLinkEdition, readAs } from "./edition.mjs";
import { EngineStopped, engineRunning, getEngine } from "./engine.mjs";
import { explainError } from "./explain.mjs";
import { CalculatorForm } from "./form.mjs";
import { Messages } from "./messages.mjs";
import { isNear, stopWaiting, whenNear } from "./nearby.mjs";
import { watchPinnedResult } from "./pinned.mjs";
import { ResultView } from "./result.mjs";
import { DEFAULT_LANG, pageLang, readJSON, requestKey } from "./util.mjs";

export class Calculator {
  constructor(form) {
    this.lang = form.dataset.lang || pageLang();
    this.messages = new Messages(readJSON(form.dataset.strings, {}), this.lang);
    this.form = new CalculatorForm(form, this.messages);
    // the build's answers to the requests one change away from the form as built (answers.py), by requestKey
    this.answers = readJSON(form.dataset.answers, {});
    this.box = form.closest(".nc-calculator") || form.parentElement;
    this.result = new ResultView(this.box, this.messages);
    watchPinnedResult(this.box.querySelector(".nc-result"));
    this.engine = null;
    this.seq = 0;
    this.dirty = false; // inputs differ from what the page was built with
    this.changed = false; // the reader changed the form (here, or the edition elsewhere): answers are announced
    this.shownKey = null; // the request whose answer from the build the panel shows, if it shows one
  }

  get isConnected() {
    return this.form.el.isConnected;
  }

  text(key, values) {
    return this.messages.text(key, values);
  }

  start() {
    const form = this.form.el;
    form.addEventListener("submit", (event) => event.preventDefault());
    const typed = (t) => t.type === "number" || t.type === "text";
    // A typed field is computed on "input"; its "change" when the focus leaves it would ask the same request
    // again (a long chain: seconds more of "computing", the answer greyed, for nothing).
    form.addEventListener("change", (event) => {
      if (!typed(event.target)) this.onInput(event);
    });
    form.addEventListener("input", (event) => {
      if (typed(event.target)) this.onInput(event); // selects and boxes fire "change"
    });
    this.form.applySwitch();
    this.dirty = this.form.readQuery((given) => this.editionFromAddress(given));
    this.form.applyNeeds();
    this.nameDefaultEdition();
    // The pre-rendered result answers the form as built: once the address or the reader's edition has changed
    // the form, it is not shown as this form's answer; the build's answer to the new form is, when it has one.
    const early = this.dirty ? this.answerFromBuild(this.form.request()) : null;
    if (early) this.show(early.response, early.request, "build");
    else if (this.dirty) this.clearResult();
    this.showEditionUsed();
    // Python starts now when it costs nothing (already running in this tab), when the address carries this
    // calculator's fields (a shared result: the pre-rendered one is not it), when the build has no answer to
    // the form, or when the calculator is near the viewport; otherwise when it comes near or is touched.
    if (engineRunning() || this.form.linked() || (this.dirty && !early) || isNear(this.box)) this.run();
    else whenNear(this.box, () => this.run());
  }

  /** Start (or join) the Python worker and show this calculator's first in-browser result. */
  run() {
    if (!this.engine) this.compute(false);
  }

  // --- the edition: the reader's, everywhere

  /** The edition select once the address is read (`given`: it named a usable edition). Without one, the
   *  reader's chosen edition, or the newest the select offers while they have chosen none (or one it does
   *  not offer); with one, this page shows the link's edition, the picker too, without storing it: the
   *  reader's own choice stays for the other pages (review 8, m3). True when this changed the form. */
  editionFromAddress(given) {
    if (given) {
      const field = this.form.editionSelect();
      if (field) followLinkEdition(readAs(field.input.value));
      return false;
    }
    const chosen = chosenEdition();
    return this.form.chooseOffered(this.form.offeredEditions().includes(chosen) ? chosen : this.newestEdition());
  }

  /** The newest edition the edition select offers (the page's picker lists the editions oldest first). */
  newestEdition() {
    const offered = this.form.offeredEditions();
    const order = choosableEditions();
    const known = offered.filter((e) => order.includes(e)).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return known.length ? known[known.length - 1] : offered[offered.length - 1] || "";
  }

  /** The reader chose `edition` elsewhere (the site's picker, another calculator, another tab): compute it
   *  here too (an edition read as it, bb2016 under classic, stays). The address follows when it named the
   *  form's edition. */
  followEdition(edition) {
    const field = this.form.editionSelect();
    if (!field || readAs(field.input.value) === edition || !this.form.chooseOffered(edition)) return;
    this.dirty = true;
    this.changed = true;
    this.compute(new URLSearchParams(location.search).has("edition"));
  }

  /** The reader set the form's edition: it is their choice everywhere, stored, also on a page that followed a
   *  link's edition until then. */
  leadEdition() {
    const field = this.form.editionSelect();
    const edition = field ? readAs(field.input.value) : "";
    if (edition) chooseEdition(edition);
  }

  /** While the reader has chosen no edition, the edition select names the newest edition, which it computes,
   *  "BB2025 (newest, by default)": the site's picker then says "No edition chosen" on the same screen, and the
   *  two controls agree (review 7, finding 5). The newest comes from the picker's editions (the data). */
  nameDefaultEdition() {
    this.form.nameDefaultEdition(chosenEdition() ? "" : this.newestEdition(), this.text("editionByDefault"));
  }

  /** Name the edition the result is for, next to the result (the edition select's label). */
  showEditionUsed() {
    if (this.form.editionSelect()) this.result.showEdition(this.form.editionLabel());
  }

  // --- computing and showing

  onInput(event) {
    const field = this.form.fieldOf(event.target);
    if (!field) return;
    this.form.urlNotes.delete(field); // the reader has set it now
    if (this.form.switchField && this.form.switchField.inputs.includes(event.target)) this.form.applySwitch();
    else this.form.applyNeeds();
    this.dirty = true;
    this.changed = true;
    if (field === this.form.editionSelect()) this.leadEdition();
    this.compute(true);
  }

  /** Validate, then ask the worker. One call at a time per calculator: inputs that arrive while a call
   *  is in flight are coalesced, and the form's latest state is sent when it returns (a slow case, such
   *  as a Frenzy block with every re-roll, then never queues stale work). */
  async compute(fromUser) {
    if (!this.engine) {
      stopWaiting(this.box);
      this.engine = getEngine();
    }
    this.seq += 1;
    this.result.showError("");
    if (!this.form.validate()) {
      this.clearResult();
      this.result.setState("error", this.text("invalid"));
      if (fromUser) this.result.announce(this.text("invalid"));
      return;
    }
    if (fromUser) this.form.writeQuery();
    this.showEditionUsed();
    // The panel already shows the build's answer to this very form (the page opened on the reader's edition):
    // it stays, as it is, until Python's own answer replaces it.
    if (fromUser || this.shownKey !== requestKey(this.form.request())) {
      if (this.engine.isReady) this.result.setState("computing", this.text("computing"));
      else {
        this.result.setState("loading", this.text("loading"));
        if (this.dirty) this.clearResult();
      }
      // Until Python is ready, a change the build foresaw (the reader's, or the address's) is answered from the
      // build's answers: the same resolver's answer to the same request, so nothing is guessed.
      const early = this.engine.isReady || !(fromUser || this.dirty) ? null : this.answerFromBuild(this.form.request());
      if (early) {
        this.show(early.response, early.request, "build");
        return;
      }
    }
    if (this.busy) {
      this.again = true;
      return;
    }
    const answered = await this.askLatest();
    if (answered) this.show(answered.response, answered.request, "python");
  }

  /** Ask the worker for the form's latest request, again while inputs arrive meanwhile: {request, response},
   *  or null when the answer is stale or Python failed (the panel then says so). */
  async askLatest() {
    this.busy = true;
    let request;
    let response;
    let sent;
    try {
      do {
        this.again = false;
        sent = this.seq;
        request = this.form.request();
        response = await this.ask(request);
      } while (this.again && this.isConnected);
    } catch (err) {
      if (this.isConnected) this.showFailure(err);
      return null;
    } finally {
      this.busy = false;
    }
    // A newer input (one that failed validation, or one answered from the build) keeps the page: stale.
    return sent === this.seq && this.isConnected ? { request, response } : null;
  }

  /** Python could not answer: a request too large for the time budget, or no runtime at all. */
  showFailure(err) {
    if (err instanceof EngineStopped && err.tooLarge) {
      this.engine = getEngine(); // the fresh worker, already starting
      this.clearResult();
      this.result.showError(this.text("tooLarge"));
      this.result.setState("error", this.text("rejected"));
      this.announceFailure(this.text("tooLarge"));
      return;
    }
    console.error("nuffle: calculator runtime unavailable", err);
    // the answer shown stays when it is the build's answer to this very form
    const kept = !this.dirty || this.shownKey === requestKey(this.form.request());
    if (!kept) this.clearResult();
    const status = kept ? `${this.text("failed")} ${this.text("prerendered")}` : this.text("failed");
    this.result.setState("error", status);
    this.announceFailure(kept ? `${status} ${this.result.headline()}` : status);
  }

  /** After a change by the reader, the live region says that no chance could be computed (`text`), instead of
   *  keeping the last chance it said, which no longer answers the form. */
  announceFailure(text) {
    if (this.changed) this.result.announce(text);
  }

  /** Dash every value of the panel: it no longer answers the form. */
  clearResult() {
    this.result.clear();
    this.shownKey = null;
  }

  /** The build's answer to `request` ({request, response}), or null when the build did not foresee it. */
  answerFromBuild(request) {
    const key = requestKey(request);
    const response = Object.prototype.hasOwnProperty.call(this.answers, key) ? this.answers[key] : null;
    return response && typeof response === "object" ? { request, response } : null;
  }

  /** Show the resolver's `response` to `request`; `source`: "python" (computed now, in the page's worker)
   *  or "build" (the same resolver's answer, computed when the page was built: `data-source` says which).
   *  After a change by the reader, the live region says the headline chance (not when the page opens). */
  show(response, request, source) {
    this.result.setSource(source);
    this.shownKey = source === "build" ? requestKey(request) : null;
    if (response && response.ok && response.result && typeof response.result === "object") {
      this.result.fill(response.result, request);
      this.result.setState("done", this.text(source === "build" ? "prerendered" : "done"), source === "python");
      if (this.changed) this.result.announce(this.result.headline());
      // for the page's scripts that follow the answers (roll-form.js shows the steps the resolver read)
      this.form.el.dispatchEvent(new CustomEvent("nuffle:answered", { detail: { request, result: response.result, source } }));
      return;
    }
    this.showRefusal((response && response.error) || {}, source);
  }

  /** The resolver refused the request. It is told in the page's language from its reason, next to the field
   *  it names. Should a reason have no words here, an English page shows the resolver's own message and
   *  another page only its "not accepted": no English text reaches a French or Japanese page. */
  showRefusal(error, source) {
    this.clearResult();
    const field = typeof error.field === "string" ? this.form.field(error.field) : null;
    const explained = explainError(this.messages, error);
    const beside = field && !field.fixed;
    if (explained) this.result.showError(beside ? "" : explained);
    else if (typeof error.message === "string" && this.lang === DEFAULT_LANG) this.result.showError(error.message, "en");
    else this.result.showError(beside ? "" : this.text("rejected"));
    if (beside) this.form.showProblem(field, explained || this.text("fieldRejected"));
    this.result.setState("error", this.text("rejected"), source === "python");
    this.result.announce(explained || this.text("rejected"));
  }

  /** The engine's answer to `request`; a call that only waited behind one stopped for its time budget
   *  is asked again of the fresh worker. */
  async ask(request) {
    for (;;) {
      if (this.engine.stopped) this.engine = getEngine(); // stopped meanwhile for another calculator
      try {
        return await this.engine.call(request);
      } catch (err) {
        if (!(err instanceof EngineStopped && err.restarted) || !this.isConnected) throw err;
        this.engine = getEngine();
      }
    }
  }
}
