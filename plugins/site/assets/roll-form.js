// The roll-by-roll form of the action-sequence calculator (plugins/site/render/rollform.py).
// The reader adds rolls one by one; this script writes their chain notation into the calculator's `chain`
// field and fires its `input` event, so nuffle.js computes the result with the chain resolver, as if the
// reader had typed it. Die faces come from Python at build time (`faces` in data-builder: for each
// characteristic value, the face needed at each modifier total), so no rule is computed here: the script
// only adds up the modifiers the reader picked. A Block, an armour roll or a Foul has no face to look up: its
// fields (dice and who chooses, AV, net assists, skill boxes) are written as the notation has them.

function option(value, text, selected = false) {
  const el = document.createElement("option");
  el.value = value;
  el.textContent = text;
  el.selected = selected;
  return el;
}

function labelled(text, control) {
  const label = document.createElement("label");
  const span = document.createElement("span");
  span.textContent = text;
  label.append(span, " ", control);
  return label;
}

/** A select of a field's options ({name, label, default, options: [{value, label}]}), its default chosen. */
function fieldSelect(field) {
  const select = document.createElement("select");
  for (const o of field.options) select.append(option(o.value, o.label, o.value === field.default));
  return select;
}

/** A checkbox and the label that holds it and `text`. */
function checkBox(text) {
  const box = document.createElement("input");
  box.type = "checkbox";
  const label = document.createElement("label");
  label.append(box, " ", text);
  return [box, label];
}

class RollForm {
  constructor(box) {
    this.box = box;
    this.form = box.closest("form");
    this.data = JSON.parse(box.dataset.builder);
    this.strings = this.data.strings;
    this.list = box.querySelector("[data-rows]");
    this.add = box.querySelector("[data-add]");
    this.tr = box.querySelector("[data-team-rerolls]");
    this.pro = box.querySelector("[data-pro]");
    this.loner = box.querySelector("[data-loner]");
    this.star = box.querySelector("[data-star]"); // a star player's special rule: a player flag
    this.out = box.querySelector("[data-notation]");
    this.replacedNote = box.querySelector("[data-replaced]");
    this.chain = this.form && this.form.querySelector('[data-name="chain"] input, [data-name="chain"] textarea');
    this.editionSelect = this.form && this.form.querySelector('[data-name="edition"] select');
    this.rows = [];
    this.written = null; // the last notation this form wrote into the chain field
    this.edition = this.currentEdition();
    this.fillMenu();
    box.querySelector("[data-add-button]").addEventListener("click", () => this.addRow(this.add.value));
    for (const el of [this.tr, this.pro, this.loner, this.star]) el.addEventListener("change", () => this.write());
    this.tr.addEventListener("input", () => this.write());
    if (this.editionSelect) this.editionSelect.addEventListener("change", () => this.onEdition());
    // nuffle.js may set the edition from the site's picker without a change event: catch up when touched
    box.addEventListener("focusin", () => this.sync());
    box.addEventListener("pointerdown", () => this.sync());
    this.showEmpty();
    box.hidden = false;
    box.dataset.mounted = "";
  }

  currentEdition() {
    const rolls = this.data.rolls;
    const chosen = this.editionSelect ? this.editionSelect.value : Object.keys(rolls)[0];
    return chosen in rolls ? chosen : Object.keys(rolls)[0];
  }

  sync() {
    if (this.currentEdition() !== this.edition) this.onEdition();
  }

  menu() {
    return this.data.rolls[this.edition] || [];
  }

  fillMenu() {
    this.add.replaceChildren(...this.menu().map((r, i) => option(r.action, r.name, i === 0)));
    // the edition's star player rules (none in classic), keeping the one chosen when the edition has it
    const stars = (this.data.stars || {})[this.edition] || [];
    const kept = this.star.value;
    const none = this.star.options[0];
    this.star.replaceChildren(none, ...stars.map(([flag, name]) => option(flag, name, false)));
    this.star.value = stars.some(([flag]) => flag === kept) ? kept : "";
    this.star.disabled = !stars.length;
  }

  onEdition() {
    const before = this.rows.map((row) => row.action);
    this.edition = this.currentEdition();
    this.fillMenu();
    // keep the rolls the new edition has (leap and jump are one roll told twice), with their defaults
    this.rows = [];
    this.list.replaceChildren();
    for (const action of before) {
      const same = action === "leap" ? "jump" : action === "jump" ? "leap" : action;
      if (this.menu().some((r) => r.action === action)) this.addRow(action, false);
      else if (this.menu().some((r) => r.action === same)) this.addRow(same, false);
    }
    if (this.rows.length) this.write();
    else this.showEmpty();
  }

  showEmpty() {
    if (this.rows.length) return;
    const li = document.createElement("li");
    li.className = "nc-builder-empty";
    li.textContent = this.strings.empty;
    this.list.replaceChildren(li);
    this.out.textContent = "—";
  }

  addRow(action, write = true) {
    const roll = this.menu().find((r) => r.action === action);
    if (!roll) return;
    if (!this.rows.length) this.list.replaceChildren();
    const li = document.createElement("li");
    li.className = "nc-builder-row";
    const row = { action, roll, li, value: null, groups: {}, counts: {}, skill: null };
    const title = document.createElement("strong");
    title.textContent = roll.name;
    li.append(title);
    if (roll.receiver) li.append(" ", `(${this.strings.receiver})`);
    const controls = document.createElement("div");
    controls.className = "nc-builder-controls";
    // a Block, an armour roll or a Foul (rollform.py contact_steps): selects and skill boxes of its own
    row.fields = {};
    row.marks = [];
    for (const field of roll.fields || []) {
      row.fields[field.name] = fieldSelect(field);
      controls.append(labelled(field.label, row.fields[field.name]));
    }
    for (const mark of roll.marks || []) {
      const [box, label] = checkBox(mark.label);
      row.marks.push([mark.mark, box]);
      controls.append(label);
    }
    if (roll.characteristic) {
      row.value = document.createElement("select");
      for (const v of roll.values) row.value.append(option(String(v), roll.value_labels[String(v)], v === 3));
      controls.append(labelled(roll.label, row.value));
    }
    for (const group of roll.groups) {
      const select = document.createElement("select");
      group.options.forEach((o, i) => select.append(option(o.key, o.label, i === 0)));
      row.groups[group.name] = select;
      controls.append(labelled(group.label, select));
    }
    for (const count of roll.counts) {
      const input = document.createElement("input");
      Object.assign(input, { type: "number", min: "0", max: "8", value: "0", inputMode: "numeric" });
      row.counts[count.name] = input;
      controls.append(labelled(count.label, input));
    }
    if (roll.skill) {
      row.skill = document.createElement("input");
      row.skill.type = "checkbox";
      const label = document.createElement("label");
      label.append(row.skill, " ", this.strings.skill.replace("{skill}", roll.skill));
      controls.append(label);
    }
    // after a D6 roll's face: Break Tackle's bonus, the marks ' and ^ (rollform.py _roll_marks)
    row.more = [];
    for (const field of roll.more_fields || []) {
      const select = fieldSelect(field);
      row.more.push(() => select.value);
      controls.append(labelled(field.label, select));
    }
    for (const mark of roll.more_marks || []) {
      const [box, label] = checkBox(mark.label);
      row.more.push(() => (box.checked ? mark.mark : ""));
      controls.append(label);
    }
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "nc-builder-remove";
    remove.textContent = this.strings.remove;
    remove.setAttribute("aria-label", `${this.strings.remove}: ${roll.name}`);
    remove.addEventListener("click", () => {
      this.rows = this.rows.filter((r) => r !== row);
      li.remove();
      if (this.rows.length) this.write();
      else this.showEmpty();
    });
    controls.append(remove);
    li.append(controls);
    for (const el of controls.querySelectorAll("select, input")) {
      el.addEventListener("change", () => this.write());
      if (el.type === "number") el.addEventListener("input", () => this.write());
    }
    this.list.append(li);
    this.rows.push(row);
    if (write) {
      this.write();
      (row.value || controls.querySelector("select, input"))?.focus();
    }
  }

  /** The die face a row needs: the roll's own modifiers plus the reader's, looked up in Python's table. */
  face(row) {
    const roll = row.roll;
    let total = roll.always;
    for (const group of roll.groups) {
      const chosen = group.options.find((o) => o.key === row.groups[group.name].value);
      total += chosen ? chosen.value : 0;
    }
    for (const count of roll.counts) {
      const n = Math.max(0, Math.min(8, parseInt(row.counts[count.name].value, 10) || 0));
      total += count.value * n;
    }
    const [low, high] = roll.totals;
    total = Math.max(low, Math.min(high, total));
    const faces = roll.faces[row.value ? row.value.value : "-"];
    return faces ? faces[total - low] : null;
  }

  /** A Block, an armour roll or a Foul in the notation: B2 (B-2 when the defender chooses from several dice),
   *  A9, F9+1, each followed by the marks of the skills ticked. */
  contact(row) {
    const value = (name) => row.fields[name].value;
    const marks = row.marks.filter(([, box]) => box.checked).map(([mark]) => mark).join("");
    if (row.roll.kind === "block") {
      const dice = value("dice");
      const block = `B${value("chooser") === "defender" && dice !== "1" ? "-" : ""}${dice}${marks}`;
      // Frenzy (issue 23): the second block, after a Push, with its own dice and the same skills
      const second = row.fields.frenzy ? value("frenzy") : "";
      return second ? `${block}{B${second}${marks}}` : block;
    }
    if (row.roll.kind === "foul") {
      const assists = parseInt(value("assists"), 10) || 0;
      return `F${value("av")}${assists > 0 ? "+" : ""}${assists || ""}${marks}`;
    }
    return `${row.roll.letter}${value("av")}${marks}`;
  }

  notation() {
    const flags = [];
    // Old Pro uses the Pro skill (Helmut has both): the notation asks for pro with it
    if (this.pro.checked || this.star.value === "oldpro") flags.push("pro");
    if (this.loner.value) flags.push(`loner=${this.loner.value}`);
    if (this.star.value) flags.push(this.star.value);
    let text = flags.length ? `[${flags.join(",")}]` : "";
    for (const [i, row] of this.rows.entries()) {
      if (row.roll.kind) {
        if (i > 0) text += ",";
        text += this.contact(row);
        continue;
      }
      const face = this.face(row);
      if (face === null || face === undefined) return null;
      const mark = row.skill && row.skill.checked && row.roll.mark ? row.roll.mark : "";
      const more = row.more.map((value) => value()).join(""); // bonus b1…, then ' and ^, as the notation orders them
      if (i > 0) text += row.roll.receiver ? "/" : ",";
      text += `${row.roll.letter}${face}${mark}${row.roll.suffix || ""}${more}`;
    }
    const tr = Math.max(0, Math.min(8, parseInt(this.tr.value, 10) || 0));
    return `${text};tr=${tr}`;
  }

  /** Before the form replaces a sequence the reader wrote or opened from a link (branches, marks it cannot
   *  make), say so and offer it back: nothing typed is lost. */
  keepTyped() {
    const typed = this.typedByReader();
    if (!typed) return;
    const note = this.replacedNote;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "nc-builder-restore";
    button.textContent = this.strings.restore;
    button.addEventListener("click", () => {
      // back to the reader's sequence: the form's rolls no longer describe the field, so they go
      this.rows = [];
      this.written = null;
      this.showEmpty();
      this.chain.value = typed;
      this.chain.dispatchEvent(new Event("input", { bubbles: true }));
      note.hidden = true;
      note.replaceChildren();
      this.chain.focus();
    });
    const code = document.createElement("code");
    code.textContent = typed;
    const [before, after] = this.strings.replaced.split("{chain}");
    note.replaceChildren(before, code, after ?? "", " ", button);
    note.hidden = false;
  }

  /** The sequence in the chain field when the reader wrote it or opened it from a link: neither this form's
   *  last notation nor the page's default; "" otherwise. */
  typedByReader() {
    const typed = this.chain.value.trim();
    return typed === this.written || typed === this.chain.defaultValue.trim() ? "" : typed;
  }

  /** The field holds the reader's own sequence: the form's team re-rolls start from its ";tr=N", so the
   *  form's first write does not drop them. */
  adoptTypedRerolls() {
    const typed = this.typedByReader();
    if (!typed) return;
    const given = typed.match(/;\s*tr\s*=\s*(\d)\s*$/i);
    if (given) this.tr.value = given[1];
  }

  write() {
    if (!this.rows.length) return this.showEmpty();
    if (this.chain) this.adoptTypedRerolls();
    const text = this.notation();
    if (text === null) {
      this.out.textContent = this.strings.impossible;
      return;
    }
    this.out.textContent = text;
    if (this.chain) {
      this.keepTyped();
      this.chain.value = text;
      this.written = text;
      this.chain.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

function mountRollForms() {
  for (const box of document.querySelectorAll("fieldset[data-builder]:not([data-mounted])")) new RollForm(box);
}

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(mountRollForms);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountRollForms, { once: true });
else mountRollForms();
