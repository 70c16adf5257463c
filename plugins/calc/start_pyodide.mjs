// Start the pinned Pyodide under Node.js with the options calc-worker.js uses in the browser (the lock info,
// no package list), for the build's scripts (make_snapshot.mjs, compile_bytecode.mjs).
import { pathToFileURL } from "node:url";
import path from "node:path";

/** Pyodide from the folder `dir`, given the lock's `info` as JSON text; `options` are added (e.g. _makeSnapshot). */
export async function startPyodide(dir, lockJSON, options = {}) {
  const indexURL = path.resolve(dir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  return loadPyodide({
    indexURL,
    lockFileContents: JSON.stringify({ info: JSON.parse(lockJSON), packages: {} }),
    stdout: () => {},
    stderr: (line) => console.error("[python]", line),
    ...options,
  });
}
