// Nuffle Codex MicroPython worker (a module worker started by js/engine.mjs): the runtime the calculators
// answer with first (issue 26, item 11). Pyodide's worker (calc-worker.js) stands behind it (see engine.mjs).
//
// Runs the MicroPython build of the same `calculators` package (plugins/calc/micropython.py, shipped as one
// JSON file by plugins/calc/mpbundle.py) in MicroPython's WebAssembly port, off the main thread. The same RPC
// as calc-worker.js (js/worker-rpc.mjs): the page posts {id, type, ...}; the worker answers {id, ok: true, value} or
// {id, ok: false, error: "message"}.
//   {type: "init", module: URL of micropython-<hash>.mjs, wasm: URL of micropython-<hash>.wasm,
//    package: URL of mp-calculators-<hash>.json, rules: [url, ...]}
//       Load the port, write the package's files under /lib, import calculators.api and answer one
//       (deliberately invalid) request as a self-test. Replies {version, runtime: "micropython", used}.
//   {type: "call", request}
//       calculators.api.handle_json(JSON.stringify(request), rules), parsed. An exception that escapes the
//       door (the door itself answers every error as JSON) is an internal error of this runtime: the reply
//       is {ok: false, error} and the page asks Pyodide.
// How MicroPython started is reported in self.nuffleBoot (read by the benchmark).

import { fetchFirst, serveCalculator } from "./js/worker-rpc.mjs";

// MicroPython's heap grows by itself when it is full (the port splits its heap), so it can start small: the
// slowest accepted chain ran in an 8 MB start heap under Node.js. 64 KB of Python stack: the resolver's
// recursion (nested Frenzy blocks) needs more than the port's 2 KB default.
const HEAP_BYTES = 8 * 1024 * 1024;
const PYSTACK_BYTES = 64 * 1024;

self.nuffleBoot = { path: null };

serveCalculator(boot, (engine) => ({ version: engine.version, runtime: "micropython", used: engine.used }));

/** Write {path: text} under /lib in MicroPython's file system, making the folders on the way. */
function writeFiles(fs, files) {
  const made = new Set();
  const mkdir = (dir) => {
    if (made.has(dir)) return;
    made.add(dir);
    try {
      fs.mkdir(dir);
    } catch {
      // exists
    }
  };
  mkdir("/lib");
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) mkdir(`/lib/${parts.slice(0, i).join("/")}`);
    fs.writeFile(`/lib/${path}`, text);
  }
}

async function boot({ module, wasm, package: pkg, rules }) {
  const start = performance.now();
  const report = self.nuffleBoot;
  const used = { module, wasm, package: null, rules: null };
  // The package and the rules download while the port loads.
  const files = fetchFirst([pkg], "MicroPython package").then((r) => { used.package = r.url; return r.json(); });
  files.catch(() => {});
  const rulesText = fetchFirst(rules, "rules").then((r) => { used.rules = r.url; return r.text(); });
  rulesText.catch(() => {});
  const { loadMicroPython } = await import(module);
  const mp = await loadMicroPython({
    url: wasm, heapsize: HEAP_BYTES, pystack: PYSTACK_BYTES,
    stdout: () => {}, stderr: (line) => console.warn("[micropython]", line),
  });
  report.loadMs = Math.round(performance.now() - start);
  const { files: sources } = await files;
  if (!sources || typeof sources !== "object") throw new Error("the MicroPython package holds no files");
  let t = performance.now();
  writeFiles(mp.FS, sources);
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\nfrom calculators.api import handle_json as _nc_handle_json\n" +
    "_nc_version = sys.implementation.name + ' ' + '.'.join(str(n) for n in sys.implementation.version[:3])");
  const door = mp.globals.get("_nc_handle_json");
  const version = mp.globals.get("_nc_version");
  report.importMs = Math.round(performance.now() - t);
  const text = await rulesText;
  t = performance.now();
  const call = (json) => door(json, text);
  const answer = JSON.parse(call("{}")); // proves the door runs (and parses the rules now, not on the first call)
  if (!answer || typeof answer.ok !== "boolean") throw new Error(`the self-test got ${JSON.stringify(answer)}`);
  report.selfTestMs = Math.round(performance.now() - t);
  Object.assign(report, { path: "micropython", ms: Math.round(performance.now() - start) });
  console.info(`nuffle: ${version} started in ${report.ms} ms`);
  return { call, version, used };
}
