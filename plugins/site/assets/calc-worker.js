// Nuffle Codex calculator worker (a module worker started by js/engine.mjs, kept for the life of the tab).
//
// Runs the `calculators` Python package in Pyodide, off the main thread. RPC (js/worker-rpc.mjs): the page posts
// {id, type, ...}; the worker answers {id, ok: true, value} or {id, ok: false, error: "message"}.
//   {type: "init", runtime: [dir, ...], lock, package: "calculators-<hash>.zip", snapshot: "snapshot-<hash>.bin",
//    snapshotBytes: <its size>, rules: [url, ...]}
//       Load Pyodide from the first runtime directory that works. The lock `info` goes in as
//       lockFileContents, so pyodide-lock.json is never fetched. Unpack the calculators zip (from the
//       same directory) into the working directory, which is on sys.path, and fetch the rules JSON.
//       Only the first init boots; later ones wait for it. Replies {version, runtime, boot, used}: `used`
//       holds the URLs this worker fetched and booted with ({package, rules, snapshot: null after a normal
//       start}), so the page can ask the service worker to keep them for offline use (see js/keep.mjs).
//   {type: "call", request}
//       calculators.api.handle_json(JSON.stringify(request), rules), parsed: {"ok": ..., ...}.
// URL lists hold the preferred URL first and fallbacks after it (the page sends one, from runtime.json).
//
// Memory snapshot (a faster start, on a first visit too):
//   The build makes a Pyodide memory snapshot of the bare interpreter under Node.js, with the same
//   options as below (plugins/calc/snapshot.py), and ships it as <runtime dir>/snapshot-<hash>.bin. The
//   worker fetches it while the runtime loads and boots with loadPyodide({_loadSnapshot}) (Pyodide's
//   experimental, underscore API), then unpacks and imports the package as usual (a snapshot holds the
//   wasm memory only, not the files). Its name carries a content hash, so the HTTP cache and the service
//   worker keep it like the runtime. On a slow link it is dropped (see SNAPSHOT_DOWNLOAD_BUDGET_MS). On any
//   failure (no snapshot named, a failed or too slow download, a snapshot
//   Pyodide rejects, a failed import, a timeout) Python starts normally.
//   How Python started is reported in self.nuffleBoot (read by the browser tests and the benchmark)
//   and in one console.info line.

import { fetchFirst, serveCalculator } from "./js/worker-rpc.mjs";

const SNAPSHOT_BOOT_TIMEOUT_MS = 20_000; // a snapshot start that hangs this long falls back to a fresh one
// The snapshot spares the interpreter's start (about half a second) but is 4.9 MB more to download: on a slow
// link that costs far more than it saves (1.6 Mbps: 25 s more, benchmarks/bench_throttled.py). Once its bytes
// have been arriving for SNAPSHOT_PROBE_MS, a snapshot whose whole download would take longer than
// SNAPSHOT_DOWNLOAD_BUDGET_MS at the rate seen since its first byte is dropped: Python starts normally, and
// the runtime gets the bandwidth. (The rate, not the wait: a body that arrives late but at once, as from a
// test's route, is not slow.) The budget is generous: a busy machine on localhost projected 7 s once,
// and dropping the snapshot there only costs the interpreter's start; 1.6 Mbps projects about 90 s.
const SNAPSHOT_PROBE_MS = 2_000;
const SNAPSHOT_DOWNLOAD_BUDGET_MS = 12_000;

// {path: "snapshot" | "fresh", ms, reason?, and the time of each stage}, see boot().
self.nuffleBoot = { path: null };

serveCalculator(boot, (engine) => ({ version: engine.version, runtime: engine.runtime, boot: engine.boot,
  used: engine.used }));

/**
 * The snapshot's bytes, read as they arrive; rejects (and stops the download) when the whole of it would
 * take more than SNAPSHOT_DOWNLOAD_BUDGET_MS to arrive. `expected`: its size in bytes, as decoded (the page's
 * runtime.json's snapshotBytes); 0 when unknown (then it is never dropped for its speed).
 */
async function readSnapshot(urls, expected) {
  const controller = new AbortController();
  let firstByte = null; // when the first bytes came: the rate is judged from there (a slow first byte is latency)
  let received = 0;
  let slow = null;
  const judge = () => {
    if (firstByte === null) return;
    const elapsed = performance.now() - firstByte;
    const projected = elapsed * expected / received;
    if (expected > 0 && elapsed >= SNAPSHOT_PROBE_MS && projected > SNAPSHOT_DOWNLOAD_BUDGET_MS && received < expected) {
      slow = `the snapshot would take about ${Math.round(projected / 1000)} s to download`;
      controller.abort();
    }
  };
  const timer = setInterval(judge, 250);
  try {
    const response = await fetchFirst(urls, "snapshot", controller.signal);
    const reader = response.body.getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstByte === null) firstByte = performance.now();
      chunks.push(value);
      received += value.byteLength;
    }
    const bytes = new Uint8Array(received);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return { bytes: bytes.buffer, url: response.url };
  } catch (err) {
    throw slow ? new Error(slow) : err;
  } finally {
    clearInterval(timer);
  }
}

async function importRuntime(dirs) {
  let last = null;
  for (const dir of dirs) {
    try {
      return { mod: await import(new URL("pyodide.mjs", dir).href), dir };
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error("no Pyodide runtime URL given");
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// --------------------------------------------------------------------------------------- boot

/**
 * Unpack the package and import it: {call, version}. Throws if the interpreter is not usable.
 * With `selfTest`, also answers one (deliberately invalid) request, which must come back as JSON with a
 * boolean "ok": it proves the interpreter runs our code (and parses the rules now rather than on the
 * first call, so it costs nothing overall).
 */
function install(pyodide, zipBytes, rulesText, selfTest = false) {
  const report = self.nuffleBoot;
  const t0 = performance.now();
  pyodide.unpackArchive(zipBytes, "zip");
  report.unpackMs = Math.round(performance.now() - t0);
  pyodide.globals.set("_nc_rules", rulesText);
  const call = pyodide.runPython(`
import os, sys
if os.getcwd() not in sys.path and "" not in sys.path:
    sys.path.insert(0, os.getcwd())
from calculators.api import handle_json as _nc_handle_json

def _nc_call(request_json, _rules=_nc_rules):
    return _nc_handle_json(request_json, _rules)

_nc_call
`);
  report.importMs = Math.round(performance.now() - t0);
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  if (typeof version !== "string" || !/^3\.\d+\.\d+/.test(version)) throw new Error(`unexpected Python version ${version}`);
  if (selfTest) {
    const answer = JSON.parse(call("{}"));
    if (!answer || typeof answer.ok !== "boolean") throw new Error(`the self-test got ${JSON.stringify(answer)}`);
  }
  return { call: (json) => call(json), version };
}

/**
 * Start Python from the snapshot `bytes` and install the package: the engine, or null when the snapshot
 * did not work (the caller then starts Python normally).
 */
async function fromSnapshot(mod, options, bytes, files) {
  const report = self.nuffleBoot;
  let pyodide;
  try {
    const snapshot = new Uint8Array(bytes);
    if (snapshot.byteLength < 1 << 20) throw new Error(`the snapshot is too small (${snapshot.byteLength} bytes)`);
    const t = performance.now();
    pyodide = await withTimeout(mod.loadPyodide({ ...options, _loadSnapshot: snapshot }),
      SNAPSHOT_BOOT_TIMEOUT_MS, "starting Python from the snapshot");
    report.loadMs = Math.round(performance.now() - t);
  } catch (err) {
    return rejectSnapshot(err);
  }
  const [zipBytes, text] = await files; // outside the try: not the snapshot's fault
  try {
    const t = performance.now();
    const engine = install(pyodide, zipBytes, text, true);
    report.installMs = Math.round(performance.now() - t);
    return engine;
  } catch (err) {
    return rejectSnapshot(err);
  }
}

function rejectSnapshot(err) {
  self.nuffleBoot.reason = `the snapshot was rejected: ${(err && err.message) || err}`;
  console.warn("nuffle: the Python snapshot did not work, starting Python normally:", err);
  return null;
}

/** The same file from each runtime directory, in order (absolute URLs). */
function inRuntime(dirs, name) {
  return dirs.map((dir) => new URL(name, new URL(dir, self.location.href)).href);
}

/**
 * Python started from the snapshot (the engine), or null when there is none or it did not work. The snapshot's
 * bytes are held only in here, so that a fresh start after a rejected snapshot does not keep them in memory.
 */
async function bootFromSnapshot(mod, options, snapshotBytes, files, start) {
  let bytes;
  try {
    bytes = await snapshotBytes;
    self.nuffleBoot.snapshotMs = Math.round(performance.now() - start);
  } catch (err) {
    self.nuffleBoot.reason = `no snapshot: ${(err && err.message) || err}`;
    return null;
  }
  return fromSnapshot(mod, options, bytes, files);
}

async function boot({ runtime, lock, package: pkg, snapshot, snapshotBytes: expected, rules }) {
  const start = performance.now();
  const report = self.nuffleBoot;
  // The snapshot, the rules and the package download while the runtime loads.
  const used = { package: null, rules: null, snapshot: null }; // the URL each download came from
  const snapshotBytes = snapshot
    ? readSnapshot(inRuntime(runtime, snapshot), Number(expected) || 0).then((r) => { used.snapshot = r.url; return r.bytes; })
    : Promise.reject(new Error("no snapshot named by the page"));
  snapshotBytes.catch(() => {});
  const rulesText = fetchFirst(rules, "rules").then((r) => { used.rules = r.url; return r.text(); });
  rulesText.catch(() => {}); // awaited below; avoid an unhandled-rejection report meanwhile
  const { mod, dir } = await importRuntime(runtime);
  // loadPyodide imports this same URL first thing: start it now, while the snapshot downloads.
  import(new URL("pyodide.asm.mjs", dir).href).catch(() => {});
  const zip = fetchFirst(inRuntime([dir, ...runtime.filter((d) => d !== dir)], pkg), "calculators package")
    .then((r) => { used.package = r.url; return r.arrayBuffer(); });
  zip.catch(() => {});
  const files = Promise.all([zip, rulesText]); // a download error fails the start, whatever the path
  files.catch(() => {});
  const options = { // make_snapshot.mjs uses the same: a snapshot only fits the start it was made for
    indexURL: dir,
    lockFileContents: JSON.stringify({ info: lock, packages: {} }),
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
  };
  report.runtimeMs = Math.round(performance.now() - start);

  const fromSnap = await bootFromSnapshot(mod, options, snapshotBytes, files, start);
  if (fromSnap) {
    Object.assign(report, { path: "snapshot", ms: Math.round(performance.now() - start) });
    console.info(`nuffle: Python ${fromSnap.version} started from the snapshot in ${report.ms} ms`);
    return { ...fromSnap, runtime: dir, boot: "snapshot", used };
  }

  let t = performance.now();
  const pyodide = await mod.loadPyodide(options);
  report.loadMs = Math.round(performance.now() - t);
  const [zipBytes, text] = await files;
  t = performance.now();
  const engine = install(pyodide, zipBytes, text);
  report.installMs = Math.round(performance.now() - t);
  Object.assign(report, { path: "fresh", ms: Math.round(performance.now() - start) });
  console.info(`nuffle: Python ${engine.version} started normally in ${report.ms} ms` +
    (report.reason ? ` (${report.reason})` : ""));
  used.snapshot = null; // downloaded perhaps, but not what Python started from
  return { ...engine, runtime: dir, boot: "fresh", used };
}
