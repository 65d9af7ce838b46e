// Type-aware linting for every TypeScript file in the repository.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The boundaries that keep the two programs apart: the dashboard reads the service only through
// contract/, the service never reads the dashboard, and contract/ and platform/ read neither
// program. An import may name a root folder by the `@/` alias or by climbing there with "../", so
// the rule is given once per depth below the fenced folder: only a climb that reaches the
// repository root names a root folder (inside task-service/src, "../app" is the service's own
// app.ts).
const SOURCE = "{ts,tsx,mts,cts,js,mjs}";
const MAX_NESTING = 12;
const DASHBOARD = ["app", "components", "lib", "scripts", "proxy"];
const PROGRAMS = ["task-service", ...DASHBOARD, "harness"];

function importBoundary(area, forbidden, message) {
  const depth = area === "" ? 0 : area.split("/").length;
  const nestings = area === "" ? [0] : Array.from({ length: MAX_NESTING + 1 }, (_, nesting) => nesting);
  return nestings.map((nesting) => {
    const climbs = depth + nesting;
    const toRoot = climbs === 0 ? "\\./" : `(\\.\\./){${climbs}}`;
    const regex = `^(@/|${toRoot})(${forbidden.join("|")})(/|\\.|$)`;
    return {
      files: area === "" ? ["proxy.ts"] : [`${area}/${"*/".repeat(nesting)}*.${SOURCE}`],
      rules: { "no-restricted-imports": ["error", { patterns: [{ regex, message }] }] },
    };
  });
}

const boundaries = [
  ...["app", "components", "lib", "scripts", ""].flatMap((area) =>
    importBoundary(
      area,
      ["task-service"],
      "The dashboard reads the service only through contract/ (its rules) and platform/ (shared runtime code).",
    ),
  ),
  ...importBoundary(
    "task-service/src",
    [...DASHBOARD, "harness", "e2e", "test", "bench"],
    "The service's source imports none of the dashboard, the harness, the tests or the benchmarks.",
  ),
  // The dashboard's tests take their test data where the service makes it (the sandbox generator)
  // and one test runs the service in-process; nothing else of the service's source.
  ...["test", "e2e"].flatMap((area) =>
    importBoundary(
      area,
      ["task-service(?!/src/sandbox/|/test/support/test-service)"],
      "The dashboard's tests start the service through harness/; of its source they read the sandbox generator only.",
    ),
  ),
  ...["contract", "platform"].flatMap((area) =>
    importBoundary(area, PROGRAMS, `${area}/ is shared by both programs and so imports neither.`),
  ),
];

// Each module of the dashboard's server is entered through its index.ts: what it keeps inside can
// move without the rest of the app noticing. A module's own files reach each other freely; from
// anywhere else a path below another module's folder is refused. A separate rule id from the
// boundaries above, because a later config's options for the same rule replace the earlier ones.
const SERVER_MODULES = [
  "api",
  "auth",
  "bff",
  "log",
  "maintenance",
  "mirror",
  "staff",
  "upstream",
  "workspace",
  "xlsx",
];

function frontDoors(files, modules, relative) {
  const names = modules.join("|");
  const message = "Import a lib/server module through its front door (lib/server/<module>/index.ts).";
  const patterns = [`^@/lib/server/(${names})/`, relative(names)].map((regex) => ({ regex, message }));
  return { files, rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] } };
}

const frontDoorRules = [
  frontDoors(
    [
      `{app,components,scripts}/**/*.${SOURCE}`,
      `lib/*.${SOURCE}`,
      `lib/!(server)/**/*.${SOURCE}`,
      "proxy.ts",
    ],
    SERVER_MODULES,
    (names) => `^(\\.\\.?/)+(lib/)?server/(${names})/`,
  ),
  frontDoors([`lib/server/*.${SOURCE}`], SERVER_MODULES, (names) => `^\\./(${names})/`),
  ...SERVER_MODULES.map((module) =>
    frontDoors(
      [`lib/server/${module}/**/*.${SOURCE}`],
      SERVER_MODULES.filter((other) => other !== module),
      (names) => `^(\\.\\./)+(${names})/`,
    ),
  ),
];

// The browser's code: React's rules of hooks and compiler checks, and Next's rules for pages.
const REACT_CODE = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"];
const DASHBOARD_CODE = [...REACT_CODE, "proxy.ts"];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".data/",
      ".next/",
      ".next-*/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "task-service/dist/",
      "scripts/dist/",
      // Planted violations (a cycle, dead code) that the lint tests check on purpose.
      "test/fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-floating-promises": "error",
      // Fastify plugins, hooks and handlers are async by contract, awaited or not.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  { ...reactHooks.configs.flat.recommended, files: REACT_CODE },
  { ...nextPlugin.configs["core-web-vitals"], files: DASHBOARD_CODE },
  ...boundaries,
  ...frontDoorRules,
);
