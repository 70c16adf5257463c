// Replay recorded JSON-door requests under MicroPython's WebAssembly port, in one Node process.
//
//     node plugins/calc/micropython_replay.mjs BUILD_DIR REQUESTS_JSON OUT_JSON
//
// BUILD_DIR is the output of `python -m plugins.calc.micropython` (calculators/ and mpshim/); REQUESTS_JSON is
// {"rules": [text...], "requests": [[request text, rules index or null], ...]}; OUT_JSON receives
// {"answers": [answer text or "!error: ..."], "milliseconds": [wall, per request], "cpu_milliseconds": [this
// process's CPU time, per request: steadier than the wall on a busy machine], "boot_seconds", "replay_seconds",
// "cpu_seconds" (boot included)}. Each request goes through calculators.api.handle_json, the browser's entry point.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PACKAGE = path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const [build, requestsFile, outFile] = process.argv.slice(2);
const started = performance.now();
const { loadMicroPython } = await import(pathToFileURL(PACKAGE).href);
const printed = [];
// The heap starts small and grows as needed, as in the site's worker: every call from JavaScript costs time in
// proportion to the heap's size (40 ms per request with 512 MB, 4 ms with 8 MB, measured 2026-12-05).
const HEAP_MB = Number(process.env.MICROPYTHON_HEAP_MB) || 8;
const mp = await loadMicroPython({ heapsize: HEAP_MB * 1024 * 1024, pystack: 64 * 1024, stdout: (t) => printed.push(t), stderr: (t) => printed.push(t) });

function copy(source, target) {
  try { mp.FS.mkdir(target); } catch { /* exists */ }
  for (const name of readdirSync(source)) {
    const from = path.join(source, name);
    if (statSync(from).isDirectory()) copy(from, `${target}/${name}`);
    else mp.FS.writeFile(`${target}/${name}`, readFileSync(from));
  }
}
copy(build, "/lib");
mp.runPython("import sys\nsys.path.insert(0, '/lib')\nfrom calculators.api import handle_json");
const handle = mp.globals.get("handle_json");
const booted = performance.now();
const { rules, requests } = JSON.parse(readFileSync(requestsFile, "utf8"));
const times = [];
const cpuTimes = [];
const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const answers = requests.map(([request, index]) => {
  const start = performance.now();
  const cpuStart = cpuMs();
  try {
    return index === null ? handle(request) : handle(request, rules[index]);
  } catch (error) {
    return `!error: ${String(error.message).trim().split("\n").slice(-1)[0]}`;
  } finally {
    times.push(Math.round(performance.now() - start));
    cpuTimes.push(Math.round(cpuMs() - cpuStart));
  }
});
const done = performance.now();
writeFileSync(outFile, JSON.stringify({ answers, milliseconds: times, cpu_milliseconds: cpuTimes,
  boot_seconds: (booted - started) / 1000, replay_seconds: (done - booted) / 1000, cpu_seconds: cpuMs() / 1000 }));
