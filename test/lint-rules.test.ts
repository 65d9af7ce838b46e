// Each rule `npm run lint` adds fails on a planted violation: React's rules of hooks and Next's
// rules as eslint.config.mjs applies them to the dashboard's code (snippets linted as if they sat
// at the given paths), the fence around each lib/server module, and the check that no two folders
// import each other (on the planted folders of test/fixtures/folder-cycle). Knip's run is a child
// process: test/lint-knip.test.ts.
import { join, resolve } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { folderCycles, folderEdges, sourceFiles } from "@/scripts/folder-cycles";

const ROOT = resolve(import.meta.dirname, "..");
// Type information is not needed by these rules, and without it a snippet may sit at a path where
// no file exists.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

async function ruleIds(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const CONDITIONAL_HOOK = `import { useState } from "react";
export function Planted({ open }: { open: boolean }) {
  if (open) {
    const [count] = useState(0);
    return <p>{count}</p>;
  }
  return null;
}`;

const INTERNAL_LINK = `export function Planted() {
  return <a href="/tasks">Tasks</a>;
}`;

const PLAIN_IMAGE = `export function Planted() {
  return <img src="/logo.png" alt="Logo" />;
}`;

const LINK_COMPONENT = `import Link from "next/link";
export function Planted() {
  return <Link href="/tasks">Tasks</Link>;
}`;

describe("React's and Next's rules on the dashboard's code", () => {
  it.each([
    "app/(dashboard)/tasks/components/planted.tsx",
    "components/planted.tsx",
    "lib/client/use-planted.tsx",
  ])("refuse a hook called conditionally in %s", async (path) => {
    expect(await ruleIds(path, CONDITIONAL_HOOK)).toContain("react-hooks/rules-of-hooks");
  });

  it("refuses a plain link to one of the app's own pages", async () => {
    expect(await ruleIds("components/planted.tsx", INTERNAL_LINK)).toContain(
      "@next/next/no-html-link-for-pages",
    );
  });

  it("refuses a plain <img>", async () => {
    expect(await ruleIds("app/planted.tsx", PLAIN_IMAGE)).toContain("@next/next/no-img-element");
  });

  it("lets the same page through next/link", async () => {
    expect(await ruleIds("components/planted.tsx", LINK_COMPONENT)).toEqual([]);
  });
});

describe("no two folders import each other", () => {
  const planted = join(ROOT, "test/fixtures/folder-cycle");
  const edges = folderEdges(planted, sourceFiles(planted));

  it("finds the planted pair, by the imports that make it", () => {
    expect(folderCycles(edges)).toEqual([["alpha", "beta"]]);
    expect(edges.filter((edge) => edge.to === "alpha").map((edge) => edge.importer)).toEqual(["beta/b.ts"]);
  });

  it("does not count a type-only import, which leaves nothing to run", () => {
    expect(edges.some((edge) => edge.from === "gamma")).toBe(false);
  });

  it("finds none in a graph without a loop", () => {
    expect(folderCycles(edges.filter((edge) => edge.from !== "beta"))).toEqual([]);
  });
});

describe("a lib/server module is entered through its front door", () => {
  const FRONT_DOOR = "@typescript-eslint/no-restricted-imports";

  it.each([
    ["app/api/planted/route.ts", 'import { answerTaskList } from "@/lib/server/bff/task-list";'],
    ["components/planted.tsx", 'import { auth } from "@/lib/server/auth/auth";'],
    ["lib/client/planted.ts", 'import { plan } from "../server/mirror/sync/plan";'],
    ["scripts/planted.ts", 'import { readStaff } from "../lib/server/staff/staff-directory";'],
    ["proxy.ts", 'import { auth } from "./lib/server/auth/auth";'],
    ["lib/server/planted.ts", 'import { dashboardLogger } from "./log/dashboard-logger";'],
    ["lib/server/bff/planted.ts", 'import { plan } from "../mirror/sync/plan";'],
    ["lib/server/mirror/read/planted.ts", 'import { DashboardError } from "../../api/dashboard-error";'],
  ])("refuses a reach inside from %s", async (path, source) => {
    expect(await ruleIds(path, source)).toContain(FRONT_DOOR);
  });

  it.each([
    ["app/api/planted/route.ts", 'import { answerTaskList } from "@/lib/server/bff";'],
    ["lib/server/bff/planted.ts", 'import { readMirrorTaskPage } from "../mirror";'],
    ["lib/server/mirror/read/planted.ts", 'import { plan } from "../sync/plan";'],
  ])("lets %s through the front door or within its own module", async (path, source) => {
    expect(await ruleIds(path, source)).not.toContain(FRONT_DOOR);
  });
});
