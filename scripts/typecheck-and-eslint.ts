// `npm run typecheck` and `npm run lint`'s ESLint in one process, over one TypeScript program.
// Each alone builds the same program from tsconfig.json and type-checks most of it: ESLint's
// type-aware rules ask the checker for the types tsc has just worked out. Shared, the program is
// built once and its types are worked out once: `npm test` runs this instead of the two.
// Exits 1 when tsc reports a diagnostic or ESLint an error or a warning (lint's --max-warnings=0).
// `npm run typecheck-and-eslint` starts Node with 2 GB of old space: the program and ESLint's trees
// grow the heap past 2 GB, and from V8's small default heap that growth costs several more full
// collections, each marking a heap of one or two GB. And with --single-threaded: `npm test` runs it
// beside phases that keep both cores busy, where V8's helper threads for collection and compiling
// cost more CPU than the work they take off the main thread; alone it takes longer on one core.
// Usage: typecheck-and-eslint.ts [project folder, with its tsconfig.json and ESLint config]
import { resolve } from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, ".."));

function readProgram(): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  // No .tsbuildinfo: this run checks everything once and keeps nothing for a next one.
  return ts.createProgram({
    configFileParsingDiagnostics: parsed.errors,
    rootNames: parsed.fileNames,
    options: { ...parsed.options, incremental: false },
    projectReferences: parsed.projectReferences,
  });
}

function report(diagnostics: readonly ts.Diagnostic[]): void {
  process.stdout.write(
    ts.formatDiagnosticsWithColorAndContext(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => "\n",
    }),
  );
}

const program = readProgram();
const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...ts.getPreEmitDiagnostics(program)];
report(diagnostics);
console.log(`tsc: ${diagnostics.length} diagnostic(s) in ${program.getRootFileNames().length} files`);

// The type-aware files take their types from the program above instead of a project service of
// their own; JavaScript files keep the config's settings (linted without types).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: { parserOptions: { projectService: false, programs: [program] } },
  },
});
const results = await eslint.lintFiles(["."]);
const formatted = await (await eslint.loadFormatter("stylish")).format(results);
if (formatted) process.stdout.write(formatted);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
console.log(`eslint: ${problems} problem(s) in ${results.length} files`);

process.exitCode = diagnostics.length > 0 || problems > 0 ? 1 : 0;
