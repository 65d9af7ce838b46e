// npm start rebuilds the dashboard when a source is newer than its build; the command lines a
// test run rebuilds under scripts/dist/ are not sources, or every test run would make the next
// `npm start` (and the test of it) build the dashboard again.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { newestSourceTime } from "@/scripts/source-times";

const dir = mkdtempSync(join(tmpdir(), "source-times-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileAt(path: string, seconds: number): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "");
  utimesSync(path, seconds, seconds);
}

it("is the newest source's time, whatever was built since under a dist folder", () => {
  fileAt(join(dir, "scripts", "staff.ts"), 1_000);
  fileAt(join(dir, "scripts", "nested", "serve.ts"), 2_000);
  fileAt(join(dir, "scripts", "dist", "staff.mjs"), 9_000);
  expect(newestSourceTime([join(dir, "scripts"), join(dir, "missing")])).toBe(2_000_000);
});
