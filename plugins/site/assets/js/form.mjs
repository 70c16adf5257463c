// A calculator's form as data: its fields, which of them the switch value and the ticked boxes leave in use,
// the request it makes, its problems shown next to the fields, and the page address it reads and writes.
import { Field } from "./field.mjs";
import { rewriteLanguageLinks } from "./lang.mjs";
import { keepFocusAbovePinnedResult } from "./pinned.mjs";
import { clip, fillTemplate, readJSON } from "./util.mjs";

let messageCount = 0; // ids of the messages next to fields (aria-describedby)

/** Whether `el` (a field's wrapper or an option) belongs to the switch value `value` (data-for="<value> …"). */
function owned(el, value) {
  return value === null || el.dataset.for.split(/\s+/).includes(value);
}

export class CalculatorForm {
  /** `form`: the form[data-calculator] element; `messages`: its Messages. */
  constructor(form, messages) {
    this.el = form;
    this.kind = form.dataset.calculator;
    this.messages = messages;
    this.fields = [...form.querySelectorAll("[data-name]")].map((el) => new Field(el)).filter((f) => f.name && f.input);
    this.switchField = form.dataset.switch ? this.fields.find((f) => f.name === form.dataset.switch && !f.fixed) || null : null;
    this.urlNotes = new Map(); // field -> the message about a value of the address it refused
  }

  fieldOf(element) {
    return this.fields.find((f) => f.inputs.includes(element)) || null;
  }

  field(name) {
    return this.fields.find((f) => f.name === name) || null;
  }

  /** The form's edition select, when the reader may change the edition (not on an edition's own page). */
  editionSelect() {
    const field = this.field("edition");
    return field && field.isSelect && !field.fixed ? field : null;
  }

  /** The editions the edition select offers, in its order (oldest first), or [] without one. */
  offeredEditions() {
    const field = this.editionSelect();
    return field ? [...field.input.options].filter((o) => !o.disabled).map((o) => o.value) : [];
  }

  /** Set the edition select to `edition` when it offers it; true if that changed it. */
  chooseOffered(edition) {
    const field = this.editionSelect();
    if (!field || !edition) return false;
    const option = [...field.input.options].find((o) => o.value === edition && !o.disabled);
    if (!option || option.selected) return false;
    option.selected = true;
    if (field === this.switchField) this.applySwitch();
    // no change event (that would be the reader's choice): say it for the scripts that follow the select
    field.input.dispatchEvent(new CustomEvent("nuffle:edition-followed", { bubbles: true }));
    return true;
  }

  /** The name of the selected edition, as its option was built ("" without an edition select). */
  editionLabel() {
    const field = this.editionSelect();
    const option = field ? field.input.options[field.input.selectedIndex] : null;
    return field ? (option ? option.dataset.ncName ?? option.textContent : "—") : "";
  }

  /** Name `edition`'s option with `template` ("{edition} (newest, by default)"), the other options with their
   *  own names; `edition` "" names none so. Each option keeps the name it was built with (data-nc-name). */
  nameDefaultEdition(edition, template) {
    const field = this.editionSelect();
    if (!field) return;
    for (const option of field.input.options) {
      option.dataset.ncName ??= option.textContent;
      const name = option.dataset.ncName;
      const text = edition && option.value === edition ? fillTemplate(template, { edition: name }) : name;
      if (option.textContent !== text) option.textContent = text;
    }
  }

  // --- which fields belong to the selected switch value (data-for="<value> …")

  applySwitch() {
    const value = this.switchField ? this.switchField.input.value : null;
    for (const field of this.fields) {
      if (field.fixed || field === this.switchField) continue;
      if (field.el.hasAttribute("data-for")) {
        const off = !owned(field.el, value);
        field.el.hidden = off;
        for (const input of field.inputs) input.disabled = off;
      }
      for (const input of field.inputs) {
        const range = input.dataset.range ? readJSON(input.dataset.range, {})[value] : undefined;
        if (Array.isArray(range) && range.length === 2) {
          input.min = String(range[0]);
          input.max = String(range[1]);
        }
      }
      if (field.isSelect) this.applySwitchToOptions(field, value);
    }
    this.applyNeeds();
  }

  /** Keep only the options of a select that belong to the switch value; keep its choice when it can. */
  applySwitchToOptions(field, value) {
    const select = field.input;
    const ownedOptions = [...select.options].filter((o) => o.dataset.for !== undefined);
    if (!ownedOptions.length) return;
    const previous = select.value;
    for (const option of ownedOptions) {
      const off = !owned(option, value);
      option.hidden = off;
      option.disabled = off;
    }
    const usable = [...select.options].filter((o) => !o.disabled);
    const none = usable.length === 0;
    if (!field.el.hasAttribute("data-for")) field.el.hidden = none;
    select.disabled = none || field.el.hidden;
    if (!none && (select.selectedIndex < 0 || select.options[select.selectedIndex].disabled)) {
      (usable.find((o) => o.value === previous) || usable[0]).selected = true;
    }
  }

  /** A field that matters only while some boxes are ticked (data-with="<box> …": Mighty Blow's +X, the
   *  classic Claws reading) shows only while they are, so a phone's form is as short as the choices made.
   *  It stays in the request (the resolver ignores it then), so the build's answers still match; a field
   *  whose link value was refused stays shown with its message. */
  applyNeeds() {
    const ticked = (name) => {
      const box = this.field(name);
      return Boolean(box && !box.disabled && box.input.checked);
    };
    for (const field of this.fields) {
      const boxes = field.el.dataset.with;
      if (!boxes || field.disabled) continue;
      field.el.hidden = !this.urlNotes.has(field) && !boxes.split(/\s+/).every(ticked);
    }
  }

  // --- problems next to the fields

  /** Show `message` next to the field (or clear it): the inputs are marked `aria-invalid` (and visibly, see
   *  nuffle.css) and described by the message (`aria-describedby`). The message is not a live region: the
   *  result's one-line summary announces the problem. */
  showProblem(field, message) {
    const holder = field.el.tagName === "INPUT" ? field.el.parentElement : field.el;
    let note = holder.querySelector(":scope > [data-nc-message]");
    const describe = (input, on) => {
      const ids = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && id !== (note && note.id));
      if (on) ids.push(note.id);
      if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
      else input.removeAttribute("aria-describedby");
    };
    if (!message) {
      for (const input of field.inputs) {
        input.removeAttribute("aria-invalid");
        if (note) describe(input, false);
      }
      holder.classList.remove("nc-invalid");
      if (note) note.remove();
      return;
    }
    if (!note) {
      note = document.createElement("span");
      note.className = "nc-error nc-field-error";
      note.id = `nc-message-${++messageCount}`;
      note.setAttribute("data-nc-message", "");
      holder.appendChild(note);
    }
    for (const input of field.inputs) {
      input.setAttribute("aria-invalid", "true");
      describe(input, true);
    }
    holder.classList.add("nc-invalid");
    note.textContent = message;
    if (field.inputs.includes(document.activeElement)) keepFocusAbovePinnedResult(); // the message shows whole too
  }

  /** Validate every field, showing each problem next to its field; true when all are fine. A value of the
   *  address the field refused stays explained next to it until the reader edits that field. */
  validate() {
    let ok = true;
    for (const field of this.fields) {
      const problem = field.problem();
      this.showProblem(field, problem ? this.messages.text(problem[0], problem[1]) : (this.urlNotes.get(field) || ""));
      if (problem) ok = false;
    }
    return ok;
  }

  /** The resolver request the form makes now ({kind, <field>: value, …}; absent fields left out). */
  request() {
    const request = { kind: this.kind };
    for (const field of this.fields) {
      if (field.disabled || field.name === "kind") continue;
      const value = field.value();
      if (value !== undefined) request[field.name] = value;
    }
    return request;
  }

  // --- the page address

  /** The form state in the query string (the fields in use; the page's fixed fields stay out). */
  writeQuery() {
    const url = new URL(location.href);
    for (const field of this.fields) {
      if (!field.fixed) url.searchParams.delete(field.name);
    }
    for (const field of this.fields) {
      if (field.fixed || field.disabled) continue;
      const raw = field.raw();
      if (raw === "" && field.optional) continue;
      url.searchParams.set(field.name, raw);
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    rewriteLanguageLinks();
  }

  /** Whether the address carries a value for one of the fields the reader can set. */
  linked() {
    const params = new URLSearchParams(location.search);
    return this.fields.some((f) => !f.fixed && params.has(f.name));
  }

  /** Set the form from the query string, each value checked as typed input would be: a value a field refuses
   *  is noted next to it (shown as text) and the field keeps its value; the others apply. The switch and the
   *  edition come first (they reshape the form). Parameters of fields that are not in use (fixed, or not for
   *  this switch value) are ignored. `edition`: called with whether the address gave a usable edition, once
   *  the edition select is set from it; returns true when it changed the form itself.
   *  True if the form changed (the pre-rendered result no longer answers it). */
  readQuery(edition) {
    const params = new URLSearchParams(location.search);
    let changed = false;
    const take = (field) => {
      const raw = params.get(field.name);
      const { changed: moved, problem } = field.set(raw);
      if (moved) changed = true;
      if (problem) {
        const text = this.messages.text.bind(this.messages);
        this.urlNotes.set(field, text("url", { value: clip(raw), problem: text(problem[0], problem[1]) }));
      }
      return !problem;
    };
    const select = this.editionSelect();
    const first = [this.switchField, select].filter((field, i, list) => field && list.indexOf(field) === i);
    for (const field of first) {
      const given = params.has(field.name) && take(field);
      if (field === select && edition(given)) changed = true;
      if (field === this.switchField) this.applySwitch();
    }
    for (const field of this.fields) {
      if (first.includes(field) || field.fixed || field.disabled || !params.has(field.name)) continue;
      take(field);
    }
    this.noteUnused(params, first);
    return changed;
  }

  /** The address's values for fields the form does not use with its choices (a BB2020 field of a BB2025
   *  form) are left out, and said so next to the field that chose (the switch, or the edition): before, the
   *  value vanished without a word. */
  noteUnused(params, first) {
    const holder = this.switchField || this.editionSelect();
    const unused = this.fields.filter((f) => !first.includes(f) && !f.fixed && f.disabled && params.has(f.name));
    if (!holder || !unused.length) return;
    const label = (f) => (f.el.querySelector(":scope > span, :scope > legend") || f.el).textContent.trim();
    const notes = unused.map((f) => this.messages.text("urlUnused", { value: clip(params.get(f.name)), field: label(f) }));
    this.urlNotes.set(holder, [this.urlNotes.get(holder), ...notes].filter(Boolean).join(" "));
  }
}
