// Start the pinned Pyodide under Node.js exactly as calc-worker.js starts it in the browser, and write a
// memory snapshot of the bare interpreter. Called by plugins/calc/snapshot.py at build time:
//   node plugins/calc/make_snapshot.mjs <pyodide dir> <lock info JSON> <output file>
// The browser's worker boots from it (loadPyodide({_loadSnapshot})) instead of initialising Python itself.
import { writeFileSync } from "node:fs";
import { startPyodide } from "./start_pyodide.mjs";

const [dir, lockJSON, out] = process.argv.slice(2);
if (!dir || !lockJSON || !out) {
  console.error("usage: node make_snapshot.mjs <pyodide dir> <lock info JSON> <output file>");
  process.exit(2);
}
// The same options as calc-worker.js (lock info, no package list): a snapshot only fits the start it
// was made for.
const pyodide = await startPyodide(dir, lockJSON, { _makeSnapshot: true });
writeFileSync(out, pyodide.makeMemorySnapshot());
