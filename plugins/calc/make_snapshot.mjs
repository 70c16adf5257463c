// Start the pinned Pyodide under Node.js exactly as calc-worker.js starts it in the browser, and write a
// memory snapshot of the bare interpreter. Called by plugins/calc/snapshot.py at build time:
//   node plugins/calc/make_snapshot.mjs <pyodide dir> <lock info JSON> <output file>
// The browser's worker boots from it (loadPyodide({_loadSnapshot})) instead of initialising Python itself.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, lockJSON, out] = process.argv.slice(2);
if (!dir || !lockJSON || !out) {
  console.error("usage: node make_snapshot.mjs <pyodide dir> <lock info JSON> <output file>");
  process.exit(2);
}
const indexURL = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// The same options as calc-worker.js (lock info, no package list): a snapshot only fits the start it
// was made for.
const pyodide = await loadPyodide({
  indexURL,
  lockFileContents: JSON.stringify({ info: JSON.parse(lockJSON), packages: {} }),
  stdout: () => {},
  stderr: (line) => console.error("[python]", line),
  _makeSnapshot: true,
});
writeFileSync(out, pyodide.makeMemorySnapshot());
