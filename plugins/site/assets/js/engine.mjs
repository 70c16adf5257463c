// The Python worker: ONE module worker per tab (calc-worker.js) running the `calculators` package in Pyodide,
// shared by every calculator of the page and kept across Material's instant navigation. It starts from the
// build's runtime settings (runtime.mjs). A request that runs past its time budget terminates the worker
// (Python cannot be interrupted otherwise) and a fresh one is started for the page.
import { keepForOffline } from "./keep.mjs";
import { runtimeSettings } from "./runtime.mjs";

// The longest a request may run in the worker (ms), once Python is ready. The slowest request the resolver
// accepts takes about a second in CPython (benchmarks/bench_worst_notation.py), a few in Pyodide; past this
// budget the page says the request is too large. `window.nuffleCalcBudgetMs` overrides it (the browser tests
// set a small budget).
const CALL_BUDGET_MS = 10_000;

function callBudget() {
  const override = Number(window.nuffleCalcBudgetMs);
  return Number.isFinite(override) && override > 0 ? override : CALL_BUDGET_MS;
}

/** A request that ran past the budget (`tooLarge`), or one that waited behind it (`restarted`: ask again). */
export class EngineStopped extends Error {
  constructor(message, tooLarge) {
    super(message);
    this.tooLarge = tooLarge;
    this.restarted = !tooLarge;
  }
}

class Engine {
  constructor() {
    this.pending = new Map();
    this.nextId = 1;
    this.failed = false;
    this.stopped = false;
    this.isReady = false;
    this.worker = new Worker(new URL("../calc-worker.js", import.meta.url), { type: "module", name: "nuffle-calculators" });
    this.worker.onmessage = (event) => {
      const { id, ok, value, error } = event.data || {};
      const entry = this.pending.get(id);
      if (!entry) return;
      this.pending.delete(id);
      if (ok) entry.resolve(value);
      else entry.reject(new Error(error));
    };
    this.worker.onerror = (event) => this.fail(new Error(event.message || "the calculator worker failed to start"));
    this.ready = runtimeSettings().then((settings) => this.init(settings)).catch((err) => {
      this.fail(err);
      throw err;
    });
    this.ready.catch(() => {});
  }

  /** Start Python in the worker from the build's runtime settings; the worker's {version, runtime, boot, used}. */
  async init(settings) {
    const info = await this.send({
      type: "init",
      runtime: [settings.runtime],
      lock: settings.lock,
      package: settings.package,
      snapshot: settings.snapshot,
      snapshotBytes: settings.snapshotBytes,
      rules: [settings.rules],
    });
    this.isReady = true;
    if (info.runtime !== settings.runtime) console.warn(`nuffle: runtime.json names ${settings.runtime} but the runtime is at ${info.runtime}`);
    keepForOffline(settings, info);
    return info;
  }

  send(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  fail(err) {
    this.failed = true;
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }

  /** The parsed resolver response for `request`. Rejects when Python itself is unavailable, or with an
   *  EngineStopped when the call ran past the time budget (`tooLarge`) or waited behind one that did
   *  (`restarted`). */
  async call(request) {
    await this.ready;
    const answer = this.send({ type: "call", request });
    let timer;
    const budget = callBudget();
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new EngineStopped(`the request ran for more than ${budget} ms`, true)), budget);
    });
    try {
      return await Promise.race([answer, late]);
    } catch (err) {
      if (err instanceof EngineStopped && err.tooLarge) this.stop(answer);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Terminate the worker (its Python is busy with a request too large) and start a fresh one for the
   *  page; the other calls in flight are rejected as `restarted`, so their calculators ask again. */
  stop(answer) {
    if (this.stopped) return;
    this.stopped = true;
    this.failed = true;
    answer.catch(() => {});
    this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new EngineStopped("the calculator worker was restarted", false));
    this.pending.clear();
    console.warn("nuffle: a calculator request ran past its time budget; the worker was restarted");
    if (current === this) current = null;
    getEngine();
  }
}

let current = null; // the tab's engine

/** The tab's engine, started (again) when there is none or the last one failed. */
export function getEngine() {
  if (!current || current.failed) {
    if (current) current.worker.terminate();
    current = new Engine();
  }
  return current;
}

/** True when Python is running (or starting) in this tab: a calculator then costs nothing to start. */
export function engineRunning() {
  return Boolean(current && !current.failed);
}
