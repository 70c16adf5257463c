// ESLint for the site's own scripts (make lint-js, run by make test): the recommended rules, for ES modules
// that run in the browser (the pages' scripts) or in a worker (calc-worker.js, the service worker).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["site/**", "node_modules/**", ".venv/**", "tests/fixtures/**/site/**", "**/.cache/**"] },
  js.configs.recommended,
  {
    files: ["plugins/**/*.js", "plugins/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["plugins/site/assets/calc-worker.js", "plugins/site/assets/mp-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // __PRECACHE__, __PACKS__ and __RUNTIME__ are replaced by the build (plugins/calc/offline.py)
    files: ["plugins/calc/static/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: "readonly", __PACKS__: "readonly", __RUNTIME__: "readonly" } },
  },
  {
    // scripts run by Node.js at build or test time
    files: ["eslint.config.mjs", "plugins/calc/make_snapshot.mjs", "plugins/calc/compile_bytecode.mjs",
            "plugins/calc/start_pyodide.mjs", "tests/**/*.mjs", "benchmarks/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
