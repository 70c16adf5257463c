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

// the parts of a step in the chain resolver's answer (calculators/api/chain.py _chain_step) that load() reads; a
// step with any other part set (a mark added to the notation later) is kept as written, never shown without it
const READ_PARTS = {
  test: ["kind", "target", "skill", "player", "single", "weather_modifier", "no_reroll", "no_team_reroll",
    "diving_tackle", "break_tackle", "partial", "branch", "success"],
  block: ["kind", "dice", "chooser", "attacker", "defender", "goal", "player", "single", "no_reroll", "no_team_reroll",
    "faces", "branch"],
  armour: ["kind", "av", "modifier", "mighty_blow", "claws", "stab", "piling_on", "ram", "slayer", "crushing_blow",
    "chainsaw", "iron_hard_skin", "player", "single"],
  foul: ["kind", "av", "modifier", "dirty_player", "sneaky_git", "lone_fouler", "chainsaw", "iron_hard_skin", "player",
    "single", "sent_off"],
  injury: ["kind", "need", "modifier", "stunty", "thick_skull", "player", "single"],
};

// the steps shown as a row of their own fields (rollform.py contact_steps), not as a roll with a face to look up
const CONTACT_KINDS = ["block", "armour", "foul", "interception", "argue-the-call", "injury", "hail-mary",
  "hypnotic-gaze", "tentacles", "shadowing", "bribe"];

/** The re-roll mark of `step` as the rows' re-roll select writes it (rollform.py _reroll_field): ! or ' or "". */
function rerollMark(step) {
  if (step.no_reroll) return "!";
  return step.no_team_reroll ? "'" : "";
}

/** The rolls of chain notation `text` (before its ";" options) as the resolver reads them
 *  (calculators/notation/__init__.py, `_as_typed` of tokens.py: NFKC, a phone's commas, wave dash and minus signs,
 *  spaces dropped), cut into its top-level items, one per step of the resolver's answer: {flags, items: [{sep, text}]}
 *  with `sep` the separator before the item ("" for the first, "," or "/": a new player's) and `flags` the first
 *  player's ("[pro]", written by the form's own boxes). The separators inside a group ({…}, (…), […]) are its own. */
function splitItems(text) {
  const typed = String(text).normalize("NFKC").replace(/[、，]/g, ",").replace(/〜/g, "~").replace(/[−‐]/g, "-")
    .replace(/\s+/g, "");
  const items = [];
  let depth = 0;
  let start = 0;
  let sep = "";
  let end = typed.length;
  for (let i = 0; i < typed.length; i += 1) {
    const c = typed[i];
    if ("{([".includes(c)) depth += 1;
    else if ("})]".includes(c)) depth -= 1;
    else if (depth === 0 && (c === "," || c === "/")) {
      items.push({ sep, text: typed.slice(start, i) });
      [sep, start] = [c, i + 1];
    } else if (depth === 0 && c === ";") {
      end = i;
      break;
    }
  }
  items.push({ sep, text: typed.slice(start, end) });
  const flags = /^\[[^\]]*\]/.exec(items[0].text);
  if (flags) items[0].text = items[0].text.slice(flags[0].length);
  return { flags: flags ? flags[0] : "", items };
}

/** Whether `step` has a part set that load() does not read. */
function unread(step) {
  const known = READ_PARTS[step.kind] || READ_PARTS.test;
  return Object.entries(step).some(([key, value]) => !known.includes(key) && value !== false && value != null
    && value !== 0 && !(Array.isArray(value) && !value.length));
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
    this.skillFlags = box.querySelector("[data-skill-flags]"); // skills written as player flags ([steady])
    this.flagBoxes = {};
    this.out = box.querySelector("[data-notation]");
    this.replacedNote = box.querySelector("[data-replaced]");
    this.chain = this.form && this.form.querySelector('[data-name="chain"] input, [data-name="chain"] textarea');
    this.editionSelect = this.form && this.form.querySelector('[data-name="edition"] select');
    this.rows = []; // the form's rows, in order, and the steps it cannot show as rows ({piece, li}: kept as written)
    this.kept = ""; // a loaded sequence the form cannot show at all (another player's flags), written before its rows
    this.written = null; // the last notation this form wrote into the chain field
    this.loaded = null; // the last sequence loaded as rows from text the reader or a link wrote
    this.edition = this.currentEdition();
    this.fillMenu();
    box.querySelector("[data-add-button]").addEventListener("click", () => this.addRow(this.add.value));
    for (const el of [this.tr, this.pro, this.loner, this.star]) el.addEventListener("change", () => this.write());
    this.tr.addEventListener("input", () => this.write());
    if (this.editionSelect) this.editionSelect.addEventListener("change", () => this.onEdition());
    // the page's edition picker sets the calculator's select without a change event (form.mjs chooseOffered)
    if (this.editionSelect) this.editionSelect.addEventListener("nuffle:edition-followed", () => this.sync());
    // each answer of the chain resolver: the edition it was for, and the steps it read from the field
    if (this.form) this.form.addEventListener("nuffle:answered", (event) => this.onAnswer(event.detail));
    // nuffle.js may set the edition from the site's picker without a change event: catch up when touched
    box.addEventListener("focusin", () => this.sync());
    box.addEventListener("pointerdown", () => this.sync());
    this.showPending();
    this.showEmpty();
    box.hidden = false;
    box.dataset.mounted = "";
  }

  /** Until Python has read the sequence in the chain field (a shared link's, the page's own), show it whole, as
   *  written, and write the rolls the reader adds after it: before, the form stayed empty until then, and its
   *  first roll replaced the sequence. Python's answer to it then shows it as rows (loadPending). */
  showPending() {
    const text = this.chain ? this.chain.value.trim() : "";
    const rolls = text.replace(/;[\s\S]*$/, "").trim();
    if (!rolls || this.rows.length || this.kept) return;
    this.kept = rolls;
    this.written = text;
    this.pending = text;
    const tr = text.match(/;\s*tr\s*=\s*(\d)\s*$/i);
    if (tr) this.tr.value = tr[1];
    this.showKept();
    this.list.querySelector(".nc-builder-kept").firstChild.textContent = this.strings.pending;
    this.out.textContent = text;
    this.lockPlayer();
  }

  /** Python's answer to the pending sequence while the reader added nothing: show it as rows. */
  loadPending(text, result) {
    if (!this.kept || this.pending !== text || this.written !== text) return false;
    this.pending = null;
    this.written = null;
    this.kept = "";
    this.load(text, result);
    return true;
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
    // keep the roll the reader had picked when the new edition has it
    const picked = this.add.value;
    const rolls = this.menu();
    const keep = rolls.some((r) => r.action === picked) ? picked : rolls.length ? rolls[0].action : "";
    this.add.replaceChildren(...rolls.map((r) => option(r.action, r.name, r.action === keep)));
    // the edition's star player rules (none in classic), keeping the one chosen when the edition has it
    const stars = (this.data.stars || {})[this.edition] || [];
    const kept = this.star.value;
    const none = this.star.options[0];
    this.star.replaceChildren(none, ...stars.map(([flag, name]) => option(flag, name, false)));
    this.star.value = stars.some(([flag]) => flag === kept) ? kept : "";
    // the edition's skill flags (Steady Footing in BB2025), each a box, ticked again when the edition keeps it
    const ticked = Object.keys(this.flagBoxes).filter((flag) => this.flagBoxes[flag].checked);
    this.flagBoxes = {};
    const labels = ((this.data.skill_flags || {})[this.edition] || []).map(([flag, text]) => {
      const [input, label] = checkBox(text);
      input.checked = ticked.includes(flag);
      input.addEventListener("change", () => this.write());
      this.flagBoxes[flag] = input;
      return label;
    });
    if (this.skillFlags) {
      this.skillFlags.replaceChildren(...labels);
      this.skillFlags.hidden = !labels.length;
    }
    this.lockPlayer();
  }

  /** The player's skills (Pro, Loner, a star's rule) are the form's to write unless a kept sequence opens the
   *  notation: its first player's flags are then its own. */
  lockPlayer() {
    const stars = (this.data.stars || {})[this.edition] || [];
    for (const el of [this.pro, this.loner, ...Object.values(this.flagBoxes)]) el.disabled = Boolean(this.kept);
    this.star.disabled = Boolean(this.kept) || !stars.length;
  }

  /** The edition changed. Rows the reader built with the form are drawn again for the new edition, with what it
   *  offers. A sequence the reader typed, or a link brought (`this.loaded`), stays as written: the resolver reads
   *  it again in the new edition, and its answer shows it as rows (loadPending) or its refusal says, next to the
   *  field, what this edition lacks. Drawing those rows again from their defaults changed the reader's own rolls
   *  without a word (a 3+ leap became the edition's default, a Break Tackle bonus vanished). */
  onEdition() {
    const typed = Boolean(this.loaded && this.chain && this.chain.value.trim() === this.loaded);
    const before = this.rows;
    this.edition = this.currentEdition();
    this.fillMenu();
    this.rows = [];
    this.list.replaceChildren();
    if (typed) {
      this.kept = "";
      this.showPending();
      if (!this.kept) this.showEmpty();
      return;
    }
    // keep the rolls the new edition has (leap and jump are one roll told twice), with their defaults; a step
    // kept as written stays so (the resolver reads it in the new edition, or its refusal says what it lacks)
    for (const { action, piece } of before) {
      if (piece) {
        this.addPiece(piece);
        continue;
      }
      const same = action === "leap" ? "jump" : action === "jump" ? "leap" : action;
      if (this.menu().some((r) => r.action === action)) this.addRow(action, false);
      else if (this.menu().some((r) => r.action === same)) this.addRow(same, false);
    }
    if (this.rows.length || this.kept) this.write();
    else this.showEmpty();
  }

  /** The chain resolver answered (nuffle:answered, from calculator.mjs): catch up with the edition it computed,
   *  and show a sequence the form did not write (a link, the page's default, the reader's typing) as rows, so
   *  that a roll added is added to it. */
  onAnswer(detail) {
    this.sync();
    const result = detail && detail.result;
    if (!this.chain || !result || !Array.isArray(result.steps) || !detail.request) return;
    const text = String(detail.request.chain || "").trim();
    if (detail.request.edition && detail.request.edition !== this.edition) return;
    if (text === this.chain.value.trim() && this.loadPending(text, result)) return;
    if (text !== this.chain.value.trim() || text === this.written) return;
    this.load(text, result);
  }

  /** Show the sequence `text`, as the resolver read it (`result`: the chain answer, its steps and players),
   *  as the form's rows; a step the form cannot show as a row is kept as written, in its place, with the
   *  reason when it is a neighbour's (review 8, m7: one such step made the whole sequence text). A sequence
   *  whose players the form cannot show (another player's flags) is kept whole, as written, before the rows
   *  the reader adds. Nothing loaded is dropped, and the notation written is the one read. */
  load(text, result) {
    const plan = this.readAnswer(result, splitItems(text));
    this.rows = [];
    this.kept = "";
    this.list.replaceChildren();
    this.tr.value = String(result.team_rerolls ?? 0);
    if (plan) {
      const player = plan.player;
      this.pro.checked = Boolean(player.pro);
      this.loner.value = player.loner ? String(player.loner) : "";
      this.star.value = player.star || "";
      for (const [flag, input] of Object.entries(this.flagBoxes)) input.checked = player.skills.includes(flag);
      for (const step of plan.rows) {
        if (step.piece) {
          this.addPiece(step.piece);
          continue;
        }
        this.addRow(step.roll.action, false);
        this.settle(this.rows[this.rows.length - 1], step);
      }
    } else {
      this.kept = text.replace(/;[\s\S]*$/, "").trim();
      this.showKept();
    }
    this.lockPlayer();
    this.written = text;
    this.loaded = text; // the reader's or a link's sequence, not the form's: kept as written on an edition change
    if (!this.rows.length && !this.kept) return this.showEmpty();
    const written = this.notation();
    this.out.textContent = written === null ? this.strings.impossible : written;
  }

  /** The kept sequence as the list's first item, with a button that removes it. */
  showKept() {
    const li = document.createElement("li");
    li.className = "nc-builder-kept";
    const code = document.createElement("code");
    code.textContent = this.kept;
    const help = document.createElement("span");
    help.className = "nc-builder-kept-help";
    help.textContent = this.strings.kept_help;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "nc-builder-remove";
    remove.textContent = this.strings.remove_kept;
    remove.addEventListener("click", () => {
      this.kept = "";
      li.remove();
      this.lockPlayer();
      if (this.rows.length) this.write();
      else this.showEmpty();
    });
    li.append(this.strings.kept, " ", code, " ", help, " ", remove);
    this.list.append(li);
  }

  /** A step the form cannot show as a row (`piece`: {sep, text, note}, from readAnswer), as a read-only item of
   *  the list in its place: its notation, why it is no row when a neighbour is the cause, and a button that
   *  removes it. */
  addPiece(piece) {
    if (!this.rows.length && !this.kept) this.list.replaceChildren();
    const li = document.createElement("li");
    li.className = "nc-builder-kept";
    li.dataset.keptStep = "";
    const code = document.createElement("code");
    code.textContent = piece.text;
    li.append(this.strings.kept_step, " ", code);
    if (piece.note) {
      const note = document.createElement("span");
      note.className = "nc-builder-kept-help";
      note.textContent = piece.note;
      li.append(" ", note);
    }
    const row = { piece, li };
    li.append(" ", this.removeButton(row, piece.text));
    this.list.append(li);
    this.rows.push(row);
  }

  /** The rows that show the resolver's `result` ({player: {pro, loner, star, skills}, rows: [{roll, …} or {piece}]}),
   *  `split` the notation's items (splitItems), one per step. A step the form cannot write as a row (a branch, a
   *  mark it has no box for, a roll moved by the weather, a face no row gives) is a `piece`: {sep, text, note},
   *  its text as written and, when only its neighbours keep it from being a row, `note` says why (a catch with
   *  no pass before it). Null when the player flags are ones the form cannot write (another player's, a star
   *  rule the edition lacks), or the items do not match the steps. */
  readAnswer(result, split) {
    const players = result.players || [];
    const flags = (p) => Object.keys(p || {}).filter((k) => k !== "pro" && k !== "loner" && p[k] === true);
    if (players.slice(1).some((p) => p.pro || p.loner || flags(p).length)) return null;
    const skillFlags = Object.keys(this.flagBoxes);
    const stars = flags(players[0]).filter((flag) => !skillFlags.includes(flag));
    const skills = flags(players[0]).filter((flag) => skillFlags.includes(flag));
    const offered = ((this.data.stars || {})[this.edition] || []).map(([flag]) => flag);
    if (stars.length > 1 || (stars.length && !offered.includes(stars[0]))) return null;
    if (split.items.length !== result.steps.length || split.items.some((item) => !item.text)) return null;
    const rows = [];
    let moved = false; // a D6 test before a block: the block is a Blitz's
    for (const [i, step] of result.steps.entries()) {
      const { sep, text } = split.items[i];
      const contact = CONTACT_KINDS.includes(step.kind);
      const read = unread(step) ? null : contact ? this.readContact(step, moved) : this.readTest(step);
      moved = moved || !contact;
      // a row of another player's roll (the receiver's catch, a landing) is written after "/", every other after ","
      if (read && Boolean(read.roll.receiver) === (sep === "/")) {
        rows.push(read);
        continue;
      }
      const note = !read ? "" : read.roll.receiver ? this.strings.kept_receiver : this.strings.kept_player;
      rows.push({ piece: { sep, text, note } });
    }
    const first = players[0] || {};
    return { player: { pro: first.pro, loner: first.loner, star: stars[0] || "", skills }, rows };
  }

  /** A D6 test as a row: the roll of its letter and the characteristic and modifiers that need its face. */
  readTest(step) {
    const letter = (this.data.letters || {})[step.kind];
    if (!letter || letter === "N" || step.partial != null || (step.success && step.success.length)) return null;
    if (step.weather_modifier) return null;
    for (const roll of this.menu().filter((r) => !r.kind && r.letter === letter)) {
      if ((roll.suffix === "!" && !step.no_reroll) || (step.skill && !roll.mark)) continue;
      const more = this.readMore(roll, step);
      if (!more) continue;
      const found = this.findFace(roll, step.target);
      if (found) return { roll, ...found, skill: Boolean(step.skill), ...more };
    }
    return null;
  }

  /** The boxes and bonus after a D6 roll's face that give `step` its marks (rollform.py _roll_marks: ' ^ ! and
   *  Break Tackle's b1…), as { more: [mark, …], bonus }, or null when `roll` does not offer one of them. */
  readMore(roll, step) {
    const marks = [];
    if (step.no_reroll && roll.suffix !== "!") marks.push("!");
    if (step.no_team_reroll) marks.push("'");
    if (step.diving_tackle) marks.push("^");
    const offered = (roll.more_marks || []).map((m) => m.mark);
    if (!marks.every((m) => offered.includes(m))) return null;
    const bonus = step.break_tackle ? `b${step.break_tackle}` : "";
    const field = (roll.more_fields || []).find((f) => f.name === "break_tackle");
    if (bonus && !(field && field.options.some((o) => o.value === bonus))) return null;
    return { more: marks, bonus };
  }

  /** The characteristic value, group options and counts that give `roll` the face `target`: the fewest
   *  modifiers first, then the value nearest 3 (the form's default). */
  findFace(roll, target) {
    let combos = [{ groups: {}, counts: {}, cost: 0 }];
    for (const group of roll.groups) {
      combos = combos.flatMap((c) => group.options.map((o, i) => ({ ...c, groups: { ...c.groups, [group.name]: o }, cost: c.cost + (i ? 1 : 0) })));
    }
    for (const count of roll.counts) {
      combos = combos.flatMap((c) => [0, 1, 2, 3, 4].map((n) => ({ ...c, counts: { ...c.counts, [count.name]: n }, cost: c.cost + n })));
    }
    const values = roll.characteristic ? [...roll.values].sort((a, b) => Math.abs(a - 3) - Math.abs(b - 3)) : [null];
    combos.sort((a, b) => a.cost - b.cost);
    const [low, high] = roll.totals;
    for (const combo of combos) {
      let total = roll.always;
      for (const o of Object.values(combo.groups)) total += o.value;
      for (const count of roll.counts) total += count.value * combo.counts[count.name];
      total = Math.max(low, Math.min(high, total));
      for (const value of values) {
        const faces = roll.faces[value === null ? "-" : String(value)];
        if (faces && faces[total - low] === target) return { value, groups: combo.groups, counts: combo.counts };
      }
    }
    return null;
  }

  /** A block, an armour roll or a foul as a row: its fields and the skill boxes to tick, or null. `moved`: a
   *  D6 test (a move) comes before it. */
  readContact(step, moved) {
    const roll = this.menu().find((r) => r.kind === step.kind);
    if (!roll) return null;
    const fields = {};
    const ticks = [];
    const box = (side, skill) => (roll.marks || []).find((m) => m.side === side && m.skill === skill);
    const fits = (name, value) => roll.fields.some((f) => f.name === name && f.options.some((o) => o.value === String(value)));
    if (step.kind === "block") {
      if (step.goal !== "down" || step.faces != null) return null;
      Object.assign(fields, { dice: String(step.dice), chooser: step.chooser });
      if (rerollMark(step)) fields.reroll = rerollMark(step); // ' or ! (rollform.py _reroll_field)
      for (const [side, skills] of [["attacker", step.attacker], ["defender", step.defender]]) {
        for (const skill of skills) {
          const mark = box(side, skill);
          if (!mark) return null;
          ticks.push(mark.key);
        }
      }
      if (step.branch) {
        const [second] = step.branch;
        const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
        if (step.branch.length !== 1 || second.kind !== "block" || second.branch || second.goal !== "down"
            || second.faces != null || second.no_reroll || !same(second.attacker, step.attacker)
            || !same(second.defender, step.defender)) return null;
        fields.frenzy = String(second.chooser === "defender" ? -second.dice : second.dice);
      }
      // a move before the block, Juggernaut or Unstoppable Momentum: the block is a Blitz's
      if (moved || step.attacker.some((s) => s === "juggernaut" || s === "unstoppable-momentum")) {
        ticks.push("blitz");
      }
    } else if (step.kind === "interception" || step.kind === "argue-the-call") {
      // the face needed, and the box of the mark (Cloud Burster c, Biased Referee r) when the step has it
      if (rerollMark(step)) fields.reroll = rerollMark(step); // refused below where the row has no such select
      fields.target = step.kind === "argue-the-call" && step.skill ? "6" : String(step.target);
      if (step.skill) {
        const found = (roll.marks || [])[0];
        if (!found || (step.kind === "argue-the-call" && step.target !== 5)) return null;
        ticks.push(found.mark);
      }
    } else if (step.kind === "injury") {
      // KO or worse (K) or a casualty (C), the victim's Stunty and Thick Skull boxes
      if (step.modifier || !["ko", "casualty"].includes(step.need)) return null;
      fields.need = step.need === "ko" ? "K" : "C";
      for (const m of roll.marks || []) if (step[m.field]) ticks.push(m.mark);
    } else if (step.kind !== "armour" && step.kind !== "foul") {
      // a roll whose face is chosen outright (Hail Mary Pass, Hypnotic Gaze, Tentacles, Shadowing, Bribe)
      if (step.weather_modifier || step.partial != null || step.branch) return null;
      if (rerollMark(step)) fields.reroll = rerollMark(step); // refused below where the row has no such select
      fields.target = String(step.target);
      if (step.skill) {
        const found = (roll.marks || [])[0];
        if (!found) return null;
        ticks.push(found.mark);
      }
    } else {
      fields.av = String(step.av);
      if (step.kind === "foul") fields.assists = String(step.modifier);
      else if (step.modifier) return null;
      // each skill the step has needs its box (rollform.py armour_marks: `field`), a value above 1 its select
      const plain = ["kind", "av", "modifier", "player", "single", "sent_off"];
      for (const name of READ_PARTS[step.kind].filter((k) => !plain.includes(k) && step[k])) {
        const found = (roll.marks || []).find((m) => m.field === name);
        if (!found) return null;
        ticks.push(found.key || found.mark);
        if (step[name] !== true && step[name] !== 1) {
          if (!found.value_field) return null;
          fields[found.value_field] = `${found.mark}${step[name]}`;
        }
      }
    }
    for (const [name, value] of Object.entries(fields)) if (!fits(name, value)) return null;
    return { roll, fields, ticks };
  }

  /** Set a row added by load() as `step` reads. */
  settle(row, step) {
    if (step.fields) {
      for (const [name, value] of Object.entries(step.fields)) row.fields[name].value = value;
      for (const m of row.marks) m.box.checked = step.ticks.includes(m.spec.key || m.spec.mark);
      this.offerMarks(row);
      return;
    }
    if (row.value) row.value.value = String(step.value);
    for (const [name, o] of Object.entries(step.groups)) row.groups[name].value = o.key;
    for (const [name, n] of Object.entries(step.counts)) row.counts[name].value = String(n);
    if (row.skill) row.skill.checked = step.skill;
    for (const mark of step.more || []) row.moreBoxes[mark].checked = true;
    if (row.moreBoxes["!"] && row.moreBoxes["'"]) row.moreBoxes["'"].disabled = row.moreBoxes["!"].checked;
    if (step.bonus) row.moreSelects.break_tackle.value = step.bonus;
  }

  showEmpty() {
    if (this.rows.length || this.kept) return;
    const li = document.createElement("li");
    li.className = "nc-builder-empty";
    li.textContent = this.strings.empty;
    this.list.replaceChildren(li);
    this.out.textContent = "—";
  }

  addRow(action, write = true) {
    const roll = this.menu().find((r) => r.action === action);
    if (!roll) return;
    if (!this.rows.length && !this.kept) this.list.replaceChildren();
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
      row.marks.push({ spec: mark, box, label });
      controls.append(label);
    }
    this.offerMarks(row);
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
    row.moreSelects = {};
    for (const field of roll.more_fields || []) {
      const select = fieldSelect(field);
      row.moreSelects[field.name] = select;
      row.more.push(() => select.value);
      controls.append(labelled(field.label, select));
    }
    const moreBoxes = {};
    row.moreBoxes = moreBoxes;
    for (const mark of roll.more_marks || []) {
      const [box, label] = checkBox(mark.label);
      moreBoxes[mark.mark] = box;
      row.more.push(() => (box.checked ? mark.mark : ""));
      controls.append(label);
    }
    if (moreBoxes["!"] && moreBoxes["'"]) {
      // no re-roll at all says no team re-roll already: that box is then off
      const [never, noTeam] = [moreBoxes["!"], moreBoxes["'"]];
      never.addEventListener("change", () => {
        noTeam.disabled = never.checked;
        if (never.checked) noTeam.checked = false;
      });
    }
    controls.append(this.removeButton(row, roll.name));
    li.append(controls);
    for (const el of controls.querySelectorAll("select, input")) {
      el.addEventListener("change", () => {
        this.offerMarks(row);
        this.write();
      });
      if (el.type === "number") el.addEventListener("input", () => this.write());
    }
    this.list.append(li);
    this.rows.push(row);
    if (write) {
      this.write();
      (row.value || controls.querySelector("select, input"))?.focus();
    }
  }

  /** The button that removes `row` (a row or a kept step, its item `row.li`), named after it (`name`). */
  removeButton(row, name) {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "nc-builder-remove";
    remove.textContent = this.strings.remove;
    remove.setAttribute("aria-label", `${this.strings.remove}: ${name}`);
    remove.addEventListener("click", () => this.removeRow(row, row.li));
    return remove;
  }

  /** The reader removed `row` (its item `li`). The focus goes to the next roll's first field, else to the roll
   *  to add (it fell to the page's body). With no roll left the chain field is emptied as well: the result no
   *  longer shows the chance of the last sequence. */
  removeRow(row, li) {
    const next = li.nextElementSibling;
    this.rows = this.rows.filter((r) => r !== row);
    li.remove();
    if (this.rows.length || this.kept) this.write();
    else {
      this.showEmpty();
      if (this.chain && this.chain.value) {
        this.chain.value = "";
        this.written = "";
        this.chain.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    ((next && next.querySelector("select, input, button")) || this.add).focus();
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

  /** Offer a row's skill box only when it can change the result (rollform.py block_marks: `needs`): Tackle once
   *  the defender has Dodge, Juggernaut on a Blitz, Brawler on a Block action. A box not offered is unticked. */
  offerMarks(row) {
    const ticked = (key) => row.marks.some((m) => m.spec.key === key && !m.label.hidden && m.box.checked);
    for (let pass = 0; pass < 2; pass += 1) {
      for (const m of row.marks) {
        const offered = (m.spec.needs || []).every((need) => (need.startsWith("!") ? !ticked(need.slice(1)) : ticked(need)));
        m.label.hidden = !offered;
        m.label.style.display = offered ? "" : "none"; // the form's label rule would show it despite [hidden]
        if (!offered) m.box.checked = false;
      }
    }
  }

  /** The marks ticked on `side` ("attacker", "defender"; all for a row without sides), in the notation's order. */
  marksOf(row, side) {
    // a mark with a value (Mighty Blow +2: m2) takes it from its select (rollform.py _valued_fields)
    const valued = (m) => (m.spec.value_field && row.fields[m.spec.value_field].value) || m.spec.mark;
    return row.marks.filter((m) => m.box.checked && !m.label.hidden && m.spec.mark && (!side || m.spec.side === side))
      .sort((a, b) => (a.spec.order || 0) - (b.spec.order || 0)).map(valued).join("");
  }

  /** A Block, an armour roll or a Foul in the notation: B2 (B-2 when the defender chooses from several dice),
   *  A9, F9+1, each followed by the marks of the skills ticked (a block: the attacker's, then ":" and the
   *  defender's, B2bt:d). */
  contact(row) {
    const value = (name) => row.fields[name].value;
    const marks = this.marksOf(row);
    const reroll = row.fields.reroll ? value("reroll") : ""; // ' or ! (rollform.py _reroll_field)
    if (row.roll.kind === "block") {
      const dice = value("dice");
      const defender = this.marksOf(row, "defender");
      const skills = `${this.marksOf(row, "attacker")}${defender ? `:${defender}` : ""}`;
      const block = `B${value("chooser") === "defender" && dice !== "1" ? "-" : ""}${dice}${skills}${reroll}`;
      // Frenzy (issue 23): the second block, after a Push, with its own dice and the same skills
      const second = row.fields.frenzy ? value("frenzy") : "";
      return second ? `${block}{B${second}${skills}}` : block;
    }
    if (row.roll.kind === "foul") {
      const assists = parseInt(value("assists"), 10) || 0;
      return `F${value("av")}${assists > 0 ? "+" : ""}${assists || ""}${marks}`;
    }
    if (row.roll.kind === "interception") return `I${value("target")}${marks}`;
    if (row.roll.kind === "argue-the-call") {
      // a BB2020 Biased Referee's +1 is always applied (rollform.py opponent_and_coach_steps): the face is then 5
      return `Q${marks.includes("r") ? Math.min(5, Number(value("target"))) : value("target")}${marks}${reroll}`;
    }
    if (row.roll.kind === "injury") return `J${value("need")}${marks}`;
    // the face chosen outright: Hail Mary Pass, Hypnotic Gaze, Tentacles, Shadowing, Bribe
    if (row.fields.target) return `${row.roll.letter}${value("target")}${marks}${reroll}`;
    return `${row.roll.letter}${value("av")}${marks}`;
  }

  notation() {
    const flags = [];
    // Old Pro uses the Pro skill (Helmut has both): the notation asks for pro with it
    if (this.pro.checked || this.star.value === "oldpro") flags.push("pro");
    if (this.loner.value) flags.push(`loner=${this.loner.value}`);
    if (this.star.value) flags.push(this.star.value);
    for (const [flag, input] of Object.entries(this.flagBoxes)) if (input.checked) flags.push(flag); // after the stars
    // a kept sequence opens with its own player flags: the form's are not written before it
    let text = this.kept || (flags.length ? `[${flags.join(",")}]` : "");
    for (const [j, row] of this.rows.entries()) {
      const i = this.kept ? j + 1 : j;
      if (row.piece) { // a step kept as written, after the separator it had ("," where it no longer comes first)
        if (i > 0) text += row.piece.sep || ",";
        text += row.piece.text;
        continue;
      }
      if (row.roll.kind) {
        if (i > 0) text += ",";
        text += this.contact(row);
        continue;
      }
      const face = this.face(row);
      if (face === null || face === undefined) return null;
      const mark = row.skill && row.skill.checked && row.roll.mark ? row.roll.mark : "";
      // bonus b1…, then ' ^ !, as the notation orders them; '!' (no re-roll at all) already spends no team re-roll
      let more = row.more.map((value) => value()).join("");
      if (more.includes("!")) more = more.replace("'", "");
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
    if (!this.rows.length && !this.kept) return this.showEmpty();
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
      this.loaded = null;
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
