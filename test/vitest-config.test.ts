// Every test file runs in exactly one vitest project. Vitest itself skips a file no project
// includes and runs twice one that two include, silently; so the classification is checked
// against the files vitest really picks, and against every *.test.ts in the repository.
import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { expect, it } from "vitest";
import { createVitest } from "vitest/node";
import {
  INTEGRATION_FILES,
  ISOLATED_SERVER_FILES,
  ISOLATED_UNIT_FILES,
  PROCESS_FILES,
} from "@/vitest.config";

const ROOT = resolve(import.meta.dirname, "..");
// Playwright's specs (e2e/) are *.spec.ts; build output and data are not the repository's.
const NOT_SOURCE = new Set(["node_modules", ".git", ".data", "test-results", "playwright-report"]);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return NOT_SOURCE.has(entry.name) || entry.name.startsWith(".next") ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") ? [relative(ROOT, path)] : [];
  });
}

async function projectsByFile(): Promise<Map<string, string[]>> {
  const vitest = await createVitest("test", { config: join(ROOT, "vitest.config.ts"), watch: false });
  try {
    const byFile = new Map<string, string[]>();
    for (const spec of await vitest.globTestSpecifications()) {
      const file = relative(ROOT, spec.moduleId);
      byFile.set(file, [...(byFile.get(file) ?? []), spec.project.name]);
    }
    return byFile;
  } finally {
    await vitest.close();
  }
}

it("runs every test file in exactly one project", async () => {
  const byFile = await projectsByFile();
  const files = testFiles(ROOT);
  expect(files.length).toBeGreaterThan(50);
  const unclassified = files.filter((file) => !byFile.has(file));
  const twice = files.filter((file) => (byFile.get(file)?.length ?? 0) > 1);
  expect(unclassified, "in no project of vitest.config.ts").toEqual([]);
  expect(twice, "in more than one project of vitest.config.ts").toEqual([]);
});

it("names only files that exist in its lists of exceptions", () => {
  const missing = [
    ...INTEGRATION_FILES,
    ...PROCESS_FILES,
    ...ISOLATED_UNIT_FILES,
    ...ISOLATED_SERVER_FILES,
  ].filter((file) => !existsSync(join(ROOT, file)));
  expect(missing, "listed in vitest.config.ts but not found").toEqual([]);
});
