// Nuffle Codex calculator worker (a module worker started by nuffle.js, kept for the life of the tab).
//
// Runs the `calculators` Python package in Pyodide, off the main thread. RPC: the page posts
// {id, type, ...}; the worker answers {id, ok: true, value} or {id, ok: false, error: "message"}.
//   {type: "init", runtime: [dir, ...], lock, package: "calculators-<hash>.zip", rules: [url, ...]}
//       Load Pyodide from the first runtime directory that works. The lock `info` goes in as
//       lockFileContents, so pyodide-lock.json is never fetched. Unpack the calculators zip (from the
//       same directory) into the working directory, which is on sys.path, and fetch the rules JSON.
//       Only the first init boots; later ones wait for it. Replies {version, runtime, boot}.
//   {type: "call", request}
//       calculators.api.handle_json(JSON.stringify(request), rules), parsed: {"ok": ..., ...}.
// URL lists hold the preferred URL first and fallbacks after it (see nuffle.js).
//
// Memory snapshot (faster start on later page loads, in any tab of the same origin):
//   A normal ("fresh") start takes a Pyodide memory snapshot of the bare interpreter, right after
//   loadPyodide and BEFORE our package is unpacked or imported (a snapshot only holds the wasm memory,
//   not the files, and it cannot hold JS objects Python refers to). It is only a memory copy (~30 MB,
//   tens of ms); it is written to IndexedDB after the first result has been answered, when the worker
//   is idle. Later starts read it back and boot with loadPyodide({_loadSnapshot}) (Pyodide's
//   experimental, underscore API), then unpack and import the package as usual. The cache entry is
//   keyed by the Pyodide version, the lock info and SNAPSHOT_FORMAT; Pyodide itself refuses a snapshot
//   of another build. On any failure (no IndexedDB, a missing or rejected snapshot, a failed import,
//   an exception, a timeout) the cached snapshot is deleted and Python starts normally.
//   How Python started is reported in self.nuffleBoot (read by the browser tests and the benchmark)
//   and in one console.info line.

let ready = null; // Promise of {call(requestJSON) -> responseJSON, version, runtime, boot}

const SNAPSHOT_DB = "nuffle-calculators";
const SNAPSHOT_STORE = "pyodide-snapshot";
const SNAPSHOT_ID = "interpreter"; // one entry: a new key replaces the old snapshot
const SNAPSHOT_FORMAT = 1; // bump to ignore (and replace) every snapshot already cached
const SNAPSHOT_BOOT_TIMEOUT_MS = 20_000; // a snapshot start that hangs this long falls back to a fresh one
const SNAPSHOT_STORE_DELAY_MS = 300; // after the first answer, so the page shows it first

// {path: "snapshot" | "fresh", ms, reason?, snapshot: state of the snapshot cache}, see boot().
self.nuffleBoot = { path: null, snapshot: "pending" };

self.onmessage = (event) => {
  const msg = event.data || {};
  handle(msg).then(
    (value) => {
      self.postMessage({ id: msg.id, ok: true, value });
      if (msg.type === "call") afterFirstAnswer();
    },
    (err) => {
      self.postMessage({ id: msg.id, ok: false, error: String((err && err.message) || err) });
      if (msg.type === "call") afterFirstAnswer();
    },
  );
};

async function handle(msg) {
  if (msg.type === "init") {
    if (!ready) ready = boot(msg);
    const engine = await ready;
    return { version: engine.version, runtime: engine.runtime, boot: engine.boot };
  }
  if (msg.type === "call") {
    if (!ready) throw new Error("the calculator worker was not initialised");
    const engine = await ready;
    return JSON.parse(engine.call(JSON.stringify(msg.request)));
  }
  throw new Error(`unknown message type ${JSON.stringify(msg.type)}`);
}

async function fetchFirst(urls, what) {
  let last = null;
  for (const url of urls) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
      last = new Error(`${what}: HTTP ${res.status} for ${url}`);
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error(`${what}: no URL given`);
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

// ------------------------------------------------------------------------- the snapshot cache

function idbRequest(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error("IndexedDB request failed"));
  });
}

let dbPromise = null;

/** Open the database at `version` (undefined: whatever it is), creating the store on an upgrade. */
function openAt(version) {
  return new Promise((resolve, reject) => {
    const request = version === undefined ? indexedDB.open(SNAPSHOT_DB) : indexedDB.open(SNAPSHOT_DB, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(SNAPSHOT_STORE)) request.result.createObjectStore(SNAPSHOT_STORE);
    };
    request.onblocked = () => reject(new Error("IndexedDB upgrade blocked by another tab"));
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close(); // never block another tab's upgrade
      resolve(db);
    };
    request.onerror = () => reject(request.error || new Error("IndexedDB open failed"));
  });
}

/** The snapshot database (rejects when IndexedDB is missing, blocked or broken). */
function openDB() {
  if (!dbPromise) {
    dbPromise = (async () => {
      if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("no IndexedDB in this worker");
      const db = await openAt(undefined);
      if (db.objectStoreNames.contains(SNAPSHOT_STORE)) return db;
      // The database exists without our store (made by something else): add it in a new version.
      const version = db.version + 1;
      db.close();
      const upgraded = await openAt(version);
      if (upgraded.objectStoreNames.contains(SNAPSHOT_STORE)) return upgraded;
      upgraded.close();
      throw new Error(`IndexedDB ${SNAPSHOT_DB} has no ${SNAPSHOT_STORE} store`);
    })();
    dbPromise.catch(() => {});
  }
  return dbPromise;
}

async function snapshotOp(mode, op) {
  const db = await openDB();
  const tx = db.transaction(SNAPSHOT_STORE, mode);
  const done = new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onabort = tx.onerror = () => reject(tx.error || new Error("IndexedDB transaction failed"));
  });
  const result = await idbRequest(op(tx.objectStore(SNAPSHOT_STORE)));
  await done;
  return result;
}

/** The cached entry {key, bytes, ...} or null; rejects when there is no usable IndexedDB. */
function readSnapshot() {
  return snapshotOp("readonly", (store) => store.get(SNAPSHOT_ID)).then((entry) => entry || null);
}

function writeSnapshot(key, bytes) {
  return snapshotOp("readwrite", (store) => store.put({ key, bytes, size: bytes.byteLength, created: Date.now() }, SNAPSHOT_ID));
}

function deleteSnapshot() {
  return snapshotOp("readwrite", (store) => store.delete(SNAPSHOT_ID)).catch((err) => {
    console.warn("nuffle: could not delete the cached Python snapshot", err);
  });
}

function snapshotKey(version, lock) {
  return JSON.stringify({ format: SNAPSHOT_FORMAT, pyodide: version, lock });
}

// What a fresh start leaves to do once the first answer is out: {key, bytes} to store, or null.
let pendingSnapshot = null;
let firstAnswered = false;

function afterFirstAnswer() {
  if (firstAnswered) return;
  firstAnswered = true;
  if (pendingSnapshot) setTimeout(storeSnapshot, SNAPSHOT_STORE_DELAY_MS);
}

async function storeSnapshot() {
  const pending = pendingSnapshot;
  pendingSnapshot = null;
  if (!pending) return;
  self.nuffleBoot.snapshot = "storing";
  try {
    await writeSnapshot(pending.key, pending.bytes);
    self.nuffleBoot.snapshot = "stored";
    self.nuffleBoot.snapshotBytes = pending.bytes.byteLength;
  } catch (err) {
    self.nuffleBoot.snapshot = "failed";
    console.warn("nuffle: could not cache the Python snapshot (the next start will be a normal one)", err);
  }
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
 * Start Python from the cached snapshot `bytes` and install the package: the engine, or null when the
 * snapshot did not work (it is then deleted, and the caller starts Python normally).
 */
async function fromSnapshot(mod, options, bytes, files) {
  const report = self.nuffleBoot;
  let pyodide;
  try {
    const snapshot = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
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

async function rejectSnapshot(err) {
  self.nuffleBoot.reason = `the cached snapshot was rejected: ${(err && err.message) || err}`;
  console.warn("nuffle: the cached Python snapshot did not work, starting Python normally:", err);
  await deleteSnapshot();
  return null;
}

async function boot({ runtime, lock, package: pkg, rules }) {
  const start = performance.now();
  // The snapshot is read, the rules and the package download while the runtime loads.
  const cached = readSnapshot();
  cached.catch(() => {});
  const rulesText = fetchFirst(rules, "rules").then((r) => r.text());
  rulesText.catch(() => {}); // awaited below; avoid an unhandled-rejection report meanwhile
  const { mod, dir } = await importRuntime(runtime);
  // loadPyodide imports this same URL first thing: start it now, while the snapshot is read.
  import(new URL("pyodide.asm.mjs", dir).href).catch(() => {});
  const zip = fetchFirst([dir, ...runtime.filter((d) => d !== dir)].map((d) => new URL(pkg, d).href),
    "calculators package").then((r) => r.arrayBuffer());
  zip.catch(() => {});
  const files = Promise.all([zip, rulesText]); // a download error fails the start, whatever the path
  files.catch(() => {});
  const options = {
    indexURL: dir,
    lockFileContents: JSON.stringify({ info: lock, packages: {} }),
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
  };
  const key = snapshotKey(mod.version, lock);
  const report = self.nuffleBoot;

  report.runtimeMs = Math.round(performance.now() - start);
  let entry = null;
  let storable = true; // IndexedDB works: worth making a snapshot on a fresh start
  try {
    entry = await cached;
    report.readMs = Math.round(performance.now() - start);
  } catch (err) {
    storable = false;
    report.reason = `no snapshot cache: ${(err && err.message) || err}`;
  }
  if (entry && entry.key !== key) {
    report.reason = "the cached snapshot is for another Pyodide build";
    entry = null;
    deleteSnapshot();
  }

  if (entry) {
    const engine = await fromSnapshot(mod, options, entry.bytes, files);
    entry = null;
    if (engine) {
      Object.assign(report, { path: "snapshot", ms: Math.round(performance.now() - start), snapshot: "cached" });
      console.info(`nuffle: Python ${engine.version} started from the cached snapshot in ${report.ms} ms`);
      return { ...engine, runtime: dir, boot: "snapshot" };
    }
  }

  let t = performance.now();
  let pyodide;
  try {
    pyodide = await mod.loadPyodide({ ...options, _makeSnapshot: storable });
  } catch (err) {
    if (!storable) throw err;
    // The experimental option is the only difference from a plain start: try once without it.
    console.warn("nuffle: Python did not start with _makeSnapshot, starting it without a snapshot", err);
    storable = false;
    report.reason = `no snapshot: ${(err && err.message) || err}`;
    t = performance.now();
    pyodide = await mod.loadPyodide(options);
  }
  report.loadMs = Math.round(performance.now() - t);
  if (storable) {
    try {
      t = performance.now();
      pendingSnapshot = { key, bytes: pyodide.makeMemorySnapshot() };
      report.snapshotMakeMs = Math.round(performance.now() - t);
    } catch (err) {
      storable = false;
      report.reason = `no snapshot: ${(err && err.message) || err}`;
      console.warn("nuffle: could not make a Python snapshot", err);
    }
  }
  const [zipBytes, text] = await files;
  t = performance.now();
  const engine = install(pyodide, zipBytes, text);
  report.installMs = Math.round(performance.now() - t);
  if (pendingSnapshot) setTimeout(afterFirstAnswer, 10_000); // store it even if no call ever comes
  Object.assign(report, { path: "fresh", ms: Math.round(performance.now() - start), snapshot: storable ? "pending" : "unavailable" });
  console.info(`nuffle: Python ${engine.version} started normally in ${report.ms} ms` +
    (report.reason ? ` (${report.reason})` : ""));
  return { ...engine, runtime: dir, boot: "fresh" };
}
