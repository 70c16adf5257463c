// One field of a calculator form, as the build writes it (plugins/site/render/calculator.py): a wrapper (label,
// fieldset, or the hidden input itself) with data-name and data-type, and its inputs. It reads, checks and
// sets its own value; it knows no request kind.

const INTEGER = /^\s*-?\d{1,9}\s*$/;

/** `text` as the field reads what a keyboard types into it: full-width digits, letters and signs (a Japanese
 *  keyboard's ４, ｔｒｕｅ, the comma of ７，７) in their ASCII form (Unicode NFKC). A number input does this itself
 *  for typed text (the browser's own sanitising), and the chain notation's reader does it in Python
 *  (calculators/notation/tokens.py `_as_typed`); a value of the page address goes through this one function,
 *  so that a link is read as the same text typed (review 8, m4). */
export function asTyped(text) {
  return String(text ?? "").normalize("NFKC");
}

/** One field of a calculator form: its wrapper (label, fieldset, or the hidden input itself) and inputs. */
export class Field {
  constructor(wrapper) {
    this.el = wrapper;
    this.name = wrapper.dataset.name;
    this.type = wrapper.dataset.type || "choice";
    this.optional = wrapper.hasAttribute("data-optional");
    this.fixed = wrapper.tagName === "INPUT" && wrapper.type === "hidden";
    this.inputs = this.fixed ? [wrapper] : [...wrapper.querySelectorAll("input, select, textarea")];
    this.input = this.inputs[0] || null;
  }

  get disabled() {
    return !this.input || this.input.disabled;
  }

  get isSelect() {
    return !!this.input && this.input.tagName === "SELECT";
  }

  get isSquare() {
    return this.type === "square" && !this.fixed && this.inputs.length === 2;
  }

  /** The text the URL carries ("" for an empty optional field). */
  raw() {
    if (this.isSquare) {
      const [x, y] = this.inputs.map((i) => i.value.trim());
      return x === "" && y === "" ? "" : `${x},${y}`;
    }
    if (this.type === "bool" && this.input.type === "checkbox") return String(this.input.checked);
    return this.input.value;
  }

  /** What this field accepts, as [message key, template values] ("Enter a whole number from 3 to 12."). */
  expected() {
    const el = this.input;
    if (this.type === "bool" && el.type === "checkbox") return ["bool", {}];
    if (this.isSelect) return ["choice", {}];
    if (this.isSquare) {
      const [ix, iy] = this.inputs;
      return [this.optional ? "squareOptional" : "square", { xlo: ix.min, xhi: ix.max, ylo: iy.min, yhi: iy.max }];
    }
    if (this.type === "int") {
      const lo = el.min !== "" ? Number(el.min) : -1e9;
      const hi = el.max !== "" ? Number(el.max) : 1e9;
      return [this.optional ? "intOptional" : "int", { lo, hi }];
    }
    if (this.type === "text") return ["text", { n: el.maxLength > 0 ? el.maxLength : 500 }];
    return ["choice", {}];
  }

  /** null when the value is fine, else [message key, template values]. */
  problem() {
    if (this.disabled || this.fixed) return null;
    if (this.isSquare) {
      const [ix, iy] = this.inputs;
      if (this.optional && ix.value.trim() === "" && iy.value.trim() === "") return null;
      const bad = this.inputs.some((i) => {
        const v = i.value.trim();
        return !INTEGER.test(v) || Number(v) < Number(i.min) || Number(v) > Number(i.max);
      });
      return bad ? this.expected() : null;
    }
    const el = this.input;
    if (this.isSelect) {
      if (el.selectedIndex < 0 || el.options[el.selectedIndex].disabled) return ["choice", {}];
      if (el.value === "" && !this.optional) return ["required", {}];
      return null;
    }
    if (this.type === "int") {
      const v = el.value.trim();
      const [, { lo, hi }] = this.expected();
      if (v === "" && this.optional) return null;
      if (!INTEGER.test(v) || Number(v) < lo || Number(v) > hi) return this.expected();
      return null;
    }
    if (this.type === "text") {
      if (el.value.length > this.expected()[1].n) return this.expected();
      if (!this.optional && el.value.trim() === "") return ["required", {}];
    }
    return null;
  }

  /** The request value, or undefined when the field is absent (an empty optional field). */
  value() {
    const el = this.input;
    if (this.fixed) {
      if (this.type === "int") return parseInt(el.value, 10);
      if (this.type === "bool") return el.value === "true";
      if (this.type === "square") return el.value.split(",").map((n) => parseInt(n, 10));
      return el.value;
    }
    if (this.isSquare) {
      const [x, y] = this.inputs.map((i) => i.value.trim());
      if (x === "" && y === "") return undefined;
      return [parseInt(x, 10), parseInt(y, 10)];
    }
    if (this.type === "bool" && el.type === "checkbox") return el.checked;
    if (el.value.trim() === "" && this.optional) return undefined;
    if (this.type === "int") return parseInt(el.value, 10);
    if (this.type === "bool") return el.value === "true";
    return el.value;
  }

  /** Set the field from a URL value, read (asTyped) and validated like typed input. Returns {changed, problem}: a value the
   *  field refuses leaves it as it was, and `problem` ([message key, template values]) says what it takes. */
  set(given) {
    if (this.fixed || !this.input) return { changed: false, problem: null };
    // a text field (the chain notation) keeps what the link wrote, as it keeps what is typed: its reader folds it
    const raw = this.type === "text" ? given : asTyped(given);
    if (this.type === "bool" && this.input.type === "checkbox") {
      const v = { true: true, 1: true, on: true, false: false, 0: false, off: false }[raw.trim().toLowerCase()];
      if (v === undefined) return { changed: false, problem: this.expected() };
      const changed = v !== this.input.checked;
      this.input.checked = v;
      return { changed, problem: null };
    }
    if (this.isSelect) {
      const option = [...this.input.options].find((o) => o.value === raw && !o.disabled);
      if (!option) return { changed: false, problem: this.expected() };
      const changed = !option.selected;
      option.selected = true;
      return { changed, problem: null };
    }
    const before = this.inputs.map((i) => i.value);
    let wanted;
    if (this.isSquare) {
      const parts = raw.split(",");
      if (raw.trim() !== "" && parts.length !== 2) return { changed: false, problem: this.expected() };
      wanted = raw.trim() === "" ? ["", ""] : parts.map((part) => part.trim());
    } else {
      wanted = [this.type === "text" ? raw : raw.trim()];
    }
    this.inputs.forEach((input, k) => { input.value = wanted[k]; });
    // A number input drops what is not a number ("abc" reads back as ""): that is refused too.
    const dropped = this.inputs.some((input, k) => input.value !== wanted[k]);
    const problem = dropped ? this.expected() : this.problem();
    if (problem) {
      this.inputs.forEach((input, k) => { input.value = before[k]; });
      return { changed: false, problem };
    }
    return { changed: this.inputs.some((input, k) => input.value !== before[k]), problem: null };
  }
}
