// ESLint for the booklet's scripts (ui/assets/*.js; tests/test_assets_lint.py runs it).
// Each file is the body of a function (ui.assets.script wraps it): a top-level `return`
// ends it, and `jk` is the JSON object of the page's values it is handed.
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    files: ["ui/assets/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      parserOptions: { ecmaFeatures: { globalReturn: true } },
      globals: { ...globals.browser, jk: "readonly" },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      eqeqeq: "error",
      "no-implicit-globals": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
    },
  },
  {
    // An ES module for Streamlit's components.v2 (ui/step_controls.py): `JK` is the JSON
    // object of its values, put in front of it.
    files: ["ui/assets/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, JK: "readonly" },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: { ...js.configs.recommended.rules, eqeqeq: "error", "no-eval": "error" },
  },
];
