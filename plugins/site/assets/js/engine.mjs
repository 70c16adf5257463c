// The calculators' Python, shared by every calculator of the page and kept across Material's instant navigation:
// MicroPython first (mp-worker.js: 0.4 MB as sent, ready in about a second on a slow link), Pyodide behind it
// (calc-worker.js: 10.8 MB). Both run the same `calculators` package through the same JSON door
// (calculators.api.handle_json), so either answer is the answer; a request gets ONE answer, the first to come.
//
// Pyodide is started only when it is needed (issue 26, item 11):
// - MicroPython could not start (its files missing, offline before they were cached, a browser without it);
// - MicroPython answered a request with an internal error (`details.reason` "internal": an exception the door
//   did not foresee; Pyodide's answer is the one shown, so the two runtimes never show different answers);
// - MicroPython is still computing after HANDOFF_MS (see there): Pyodide starts and gets the same request,
//   and the first answer wins; but not on a metered or slow link (meteredLink: save-data, 2G or 3G), where a
//   slow answer is waited for and Pyodide's 10.8 MB are fetched only when MicroPython fails (review 7, finding 8);
// (- the reader's "save for offline" caches Pyodide's files, sw.js: no worker needed for that.)
// Once Pyodide is ready it answers every later request (it is about 10 times faster on the long chains).
//
// A request that runs past its time budget in Pyodide terminates both workers (Python cannot be interrupted
// otherwise) and a fresh engine is started for the page.
import { keepForOffline } from "./keep.mjs";
import { runtimeSettings } from "./runtime.mjs";

// The longest a request may run in Pyodide (ms), once it is ready. The slowest request the resolver accepts
// takes about a second in CPython (benchmarks/bench_worst_notation.py), a few in Pyodide; past this budget
// the page says the request is too large. `window.nuffleCalcBudgetMs` overrides it (the browser tests set
// a small budget).
const CALL_BUDGET_MS = 10_000;
// How long MicroPython computes alone before Pyodide is started and asked too. MicroPython runs the package
// 7-11 times slower than CPython on the long chains (README, MicroPython section): every calculator's default
// request (CPython: 0.1-10 ms) and the 10-step chains with blocks (8-20 ms) take well under a second there, so they never pull Pyodide's 10.8 MB; the
// slowest accepted chains take 3-7 s there (0.3-1 s of CPU in CPython, benchmarks/bench_micropython_worst.py).
// At 3 s a request is one of those long ones: on a fast link Pyodide is ready 1-2 s later and answers in a
// tenth of the time; on 1.6 Mbps it needs about 35 s, and MicroPython usually wins the race. A shorter
// budget would download Pyodide for requests MicroPython is about to finish. `window.nuffleHandoffMs`
// overrides it (the browser tests).
const HANDOFF_MS = 3_000;
// MicroPython alone (Pyodide could not start, e.g. offline without it): past this the request is too large.
const MICROPYTHON_ALONE_MS = 120_000;

// The links on which a slow answer does not start Pyodide's download (navigator.connection.effectiveType).
const SLOW_LINKS = new Set(["slow-2g", "2g", "3g"]);

/** Whether the reader's link is metered or slow: they asked to save data, or the browser measures it as 3G or
 *  slower (the Network Information API; a browser without it is taken as not metered). Read at each
 *  hand-over: the link can change while the page is open. */
function meteredLink() {
  const link = navigator.connection;
  return Boolean(link && (link.saveData || SLOW_LINKS.has(link.effectiveType)));
}

function setting(name, fallback) {
  const override = Number(window[name]);
  return Number.isFinite(override) && override > 0 ? override : fallback;
}

/** A request that ran past the budget (`tooLarge`), or one that waited behind it (`restarted`: ask again). */
export class EngineStopped extends Error {
  constructor(message, tooLarge) {
    super(message);
    this.tooLarge = tooLarge;
    this.restarted = !tooLarge;
  }
}

/** An answer that MicroPython could not give: the door's internal error, or an exception past the door. */
class MicroPythonFailed extends Error {}

function isInternal(answer) {
  const details = answer && answer.ok === false && answer.error && answer.error.details;
  return Boolean(details && details.reason === "internal");
}

/** One module worker and its RPC ({id, type, ...} -> {id, ok, value | error}); `init(runner)` starts it. */
class Runner {
  constructor(script, name, init) {
    this.pending = new Map();
    this.nextId = 1;
    this.failed = false;
    this.isReady = false;
    this.worker = new Worker(new URL(script, import.meta.url), { type: "module", name });
    this.worker.onmessage = (event) => {
      const { id, ok, value, error } = event.data || {};
      const entry = this.pending.get(id);
      if (!entry) return;
      this.pending.delete(id);
      if (ok) entry.resolve(value);
      else entry.reject(new Error(error));
    };
    this.worker.onerror = (event) => this.fail(new Error(event.message || `the ${name} worker failed to start`));
    this.ready = init(this).then((info) => {
      this.isReady = true;
      return info;
    }, (err) => {
      this.fail(err);
      throw err;
    });
    this.ready.catch(() => {});
  }

  send(message) {
    if (this.failed) return Promise.reject(new Error("the calculator worker has stopped"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Reject every call in flight with `err`; the runner is unusable afterwards. */
  fail(err) {
    this.failed = true;
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }

  /** Terminate the worker; the calls in flight are rejected as `restarted` (their calculators ask again). */
  terminate() {
    this.worker.terminate();
    this.fail(new EngineStopped("the calculator worker was restarted", false));
  }
}

class Engine {
  constructor() {
    this.failed = false;
    this.stopped = false;
    this.mp = null;
    this.py = null;
    this.settings = runtimeSettings();
    // `window.nuffleRuntime = "pyodide"` skips MicroPython (the tests of Pyodide's own start use it).
    if (window.nuffleRuntime === "pyodide") {
      this.ready = this.settings.then(() => this.pyodide().ready);
    } else {
      // The worker's script loads while runtime.json is read (one round trip less on a slow link).
      this.mp = new Runner("../mp-worker.js", "nuffle-micropython", (runner) => this.settings.then((settings) => {
        if (!settings.micropython) throw new Error("runtime.json names no MicroPython runtime");
        return runner.send({ type: "init", ...settings.micropython, rules: [settings.rules] });
      }));
      this.ready = this.mp.ready.catch((err) => {
        if (this.mp.failed && !this.mp.isReady) this.mp.worker.terminate();
        console.warn("nuffle: MicroPython could not start, starting Pyodide:", err);
        return this.pyodide().ready;
      });
    }
    this.ready.catch(() => {
      this.failed = true;
    });
  }

  /** True once a runtime can answer (a calculator then says "computing", not "loading"). */
  get isReady() {
    return Boolean((this.mp && this.mp.isReady && !this.mp.failed) || (this.py && this.py.isReady));
  }

  /** Pyodide's runner, started on first use from the build's runtime settings. */
  pyodide() {
    if (!this.py) {
      this.py = new Runner("../calc-worker.js", "nuffle-calculators", async (runner) => {
        const settings = await this.settings;
        const info = await runner.send({
          type: "init", runtime: [settings.runtime], lock: settings.lock, package: settings.package,
          snapshot: settings.snapshot, snapshotBytes: settings.snapshotBytes, rules: [settings.rules],
        });
        if (info.runtime !== settings.runtime) console.warn(`nuffle: runtime.json names ${settings.runtime} but the runtime is at ${info.runtime}`);
        keepForOffline(settings, info);
        return info;
      });
    }
    return this.py;
  }

  /** The parsed resolver response for `request`. Rejects when no runtime can start, or with an EngineStopped
   *  when the call ran past the time budget (`tooLarge`) or waited behind one that did (`restarted`). */
  async call(request) {
    await this.ready;
    const micropython = this.mp && !this.mp.failed && !(this.py && this.py.isReady);
    return micropython ? this.callMicroPython(request) : this.callPyodide(request);
  }

  /** Pyodide's answer within CALL_BUDGET_MS of Python being ready; past it, the engine is stopped. */
  async callPyodide(request) {
    const runner = this.pyodide();
    await runner.ready;
    const answer = runner.send({ type: "call", request });
    let timer;
    const budget = setting("nuffleCalcBudgetMs", CALL_BUDGET_MS);
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

  /** MicroPython's answer; Pyodide's when MicroPython fails, or takes more than HANDOFF_MS and Pyodide answers
   *  first (not on a metered link: MicroPython answers, however long it takes within MICROPYTHON_ALONE_MS). */
  callMicroPython(request) {
    const mp = this.mp;
    return new Promise((resolve, reject) => {
      let settled = false;
      let mpDone = false;
      let mpError = null; // MicroPython could not answer
      let pyError = null; // Pyodide could not start (a request too large stops the engine instead)
      let handedOff = false;
      const timers = [];
      const finish = (fn, value) => {
        if (settled) return;
        settled = true;
        timers.forEach(clearTimeout);
        fn(value);
      };
      const handOff = () => {
        if (handedOff) return;
        handedOff = true;
        this.callPyodide(request).then((answer) => {
          if (!mpDone && !settled) this.retireMicroPython(mp);
          finish(resolve, answer);
        }, (err) => {
          pyError = err;
          if (mpError || err instanceof EngineStopped) finish(reject, err);
          else console.warn("nuffle: Pyodide could not start; MicroPython keeps computing:", err);
        });
      };
      mp.send({ type: "call", request }).then((answer) => {
        mpDone = true;
        if (!isInternal(answer)) return finish(resolve, answer);
        throw new MicroPythonFailed("MicroPython answered with an internal error");
      }).catch((err) => {
        mpDone = true;
        if (settled) return;
        if (err instanceof EngineStopped) return finish(reject, err); // stopped meanwhile: ask again
        console.warn("nuffle: MicroPython could not answer, asking Pyodide:", err);
        mpError = err;
        if (pyError) finish(reject, pyError);
        else handOff();
      });
      timers.push(setTimeout(() => {
        if (!meteredLink()) handOff();
        timers.push(setTimeout(() => {
          this.stop(Promise.resolve());
          finish(reject, new EngineStopped(`the request ran for more than ${MICROPYTHON_ALONE_MS} ms`, true));
        }, MICROPYTHON_ALONE_MS));
      }, setting("nuffleHandoffMs", HANDOFF_MS)));
    });
  }

  /** Pyodide answered a request MicroPython is still computing: terminate MicroPython's worker (it cannot be
   *  interrupted); Pyodide answers from now on. Calls waiting on it are asked again (`restarted`). */
  retireMicroPython(mp) {
    mp.terminate();
    console.info("nuffle: Pyodide answered first; MicroPython's worker was stopped");
  }

  /** Terminate the workers (Python is busy with a request too large) and start a fresh engine for the
   *  page; the other calls in flight are rejected as `restarted`, so their calculators ask again. */
  stop(answer) {
    if (this.stopped) return;
    this.stopped = true;
    this.failed = true;
    answer.catch(() => {});
    for (const runner of [this.mp, this.py]) if (runner) runner.terminate();
    console.warn("nuffle: a calculator request ran past its time budget; the worker was restarted");
    if (current === this) current = null;
    getEngine();
  }
}

let current = null; // the tab's engine

/** The tab's engine, started (again) when there is none or the last one failed. */
export function getEngine() {
  if (!current || current.failed) {
    if (current) for (const runner of [current.mp, current.py]) if (runner) runner.worker.terminate();
    current = new Engine();
  }
  return current;
}

/** True when Python is running (or starting) in this tab: a calculator then costs nothing to start. */
export function engineRunning() {
  return Boolean(current && !current.failed);
}
