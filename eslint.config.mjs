// One lint for the whole tree, run by `npm run lint` (inside `npm test`).
// Beside the usual TypeScript, React hooks and Next.js rules, it keeps the
// floors of docs/architecture.md: every file may import its own floor and the
// floors below it, never one above, and no import cycle anywhere.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import nextPlugin from "@next/eslint-plugin-next";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

const TESTS = ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "test/**", "scripts/**"];

// The floors, top to bottom. `db` sits beside the base helpers but apart from
// them, because pages and components must never reach the database. A source
// file in a folder no floor names is refused (boundaries/no-unknown-files):
// a new folder gets its floor here and in docs/architecture.md first.
const FLOORS = [
  { type: "app", pattern: "app" },
  { type: "components", pattern: "components" },
  {
    type: "edge",
    pattern: [
      "server/trpc",
      "server/http",
      "server/cli",
      "server/workers",
      "server/inbound",
      "server/auth",
      "server/smtp",
      "server/next-thread",
    ],
  },
  { type: "modules", pattern: "server/modules" },
  { type: "providers", pattern: "server/providers" },
  { type: "db", pattern: "server/db" },
  { type: "base", pattern: ["server/lib", "server/config", "server/errors"] },
];
// The composition roots start processes and wire floors together: on no floor, and nothing on a floor imports them
// (boundaries/no-unknown-dependencies). Any other file under these folders must be on a floor.
const ROOTS = ["server/web.ts", "server/boot-web-process.ts"];
const FLOORED = ["server/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"];

// The ledger is billing's: every money movement is a named function there (docs/architecture.md).
const LEDGER_OUTSIDE_BILLING = [
  {
    selector: "Literal[value=/\\bledger_entries\\b/], TemplateElement[value.raw=/\\bledger_entries\\b/]",
    message: "Only server/modules/billing reads or writes ledger_entries: call a billing function.",
  },
  {
    selector: "MemberExpression[property.name='ledgerEntry']",
    message: "Only server/modules/billing uses the ledger model: call a billing function.",
  },
];
const NO_CALLER_ASSERTION = {
  selector:
    "TSNonNullExpression > Identifier.expression[name='caller'], TSNonNullExpression > MemberExpression.expression[property.name='caller']",
  message: 'A key-authenticated endpoint\'s caller is never null: declare auth: "key" instead of asserting.',
};

// Secondary text uses the `muted` token (app/globals.css): the faint greys fail WCAG AA contrast (docs/decisions.md, "Accessibility and pages").
const FAINT_TEXT = {
  selector:
    "Literal[value=/(^|\\s)text-slate-(300|400|500)\\b/], TemplateElement[value.raw=/(^|\\s)text-slate-(300|400|500)\\b/]",
  message: "Faint grey text fails 4.5:1 contrast: use text-muted (or a darker slate) for secondary text.",
};

const ENV = "MemberExpression[object.name='process'][property.name='env']";
const WRITES_TO_ENV = [
  `AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']`,
  `UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']`,
  `CallExpression[callee.object.name='Object'][callee.property.name='assign'] > ${ENV}.arguments:first-child`,
].map((selector) => ({ selector, message: "Set configuration with configure() / setConfig() (test/config.ts)." }));

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      ".data/",
      "server/db/generated/",
      "sdk/src/generated/",
      "sdk/dist/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    // Test clients read whatever the server answered. Tests set Kasa's configuration through test/config.ts
    // (configure), never by writing process.env: what they set is parsed and typed like a deployment's.
    files: TESTS,
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-restricted-syntax": ["error", ...WRITES_TO_ENV],
    },
  },
  {
    plugins: { boundaries, "import-x": importX },
    settings: {
      "boundaries/elements": FLOORS.map(({ type, pattern }) => ({ type, pattern, partialMatch: false })),
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      "import/resolver": { typescript: { project: "tsconfig.json" } },
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: FLOORED,
    ignores: [...TESTS, ...ROOTS],
    rules: {
      "boundaries/no-unknown-files": "error",
      "boundaries/no-unknown-dependencies": "error",
    },
  },
  {
    files: [...FLOORED, "proxy.ts", "next.config.ts", "instrumentation.ts"],
    ignores: TESTS,
    rules: {
      // Configuration is read in one place, parsed and typed (server/config); Next's own variables only in its hook.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through config() (server/config)." },
      ],
      // A key made on the event loop stops every request for its duration: keys are made on libuv's thread pool.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "node:crypto",
              importNames: ["generateKeyPairSync", "scryptSync", "pbkdf2Sync"],
              message: "Use the async form (promisified): it runs on the thread pool, off the event loop.",
            },
            {
              name: "next/link",
              message: "Use Link from components/ui/link: it prefetches on intent, not for every link in view.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/config/**", "instrumentation.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    ignores: TESTS,
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            allow("app", ["app", "components", "edge", "modules", "base"]),
            allow("components", ["components", "edge", "modules", "base"]),
            allow("edge", ["edge", "modules", "providers", "db", "base"]),
            allow("modules", ["modules", "providers", "db", "base"]),
            allow("providers", ["providers", "db", "base"]),
            allow("db", ["db", "base"]),
            allow("base", ["base"]),
          ],
        },
      ],
      "no-restricted-syntax": ["error", ...LEDGER_OUTSIDE_BILLING, NO_CALLER_ASSERTION, FAINT_TEXT],
    },
  },
  {
    files: ["server/modules/billing/**"],
    rules: { "no-restricted-syntax": ["error", NO_CALLER_ASSERTION] },
  },
);
