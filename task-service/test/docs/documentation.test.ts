// The documentation a clone of the repository carries: it stands alone (no link leaves it, none is
// broken), and the guides keep up with the code: every setting either program reads and every
// error code the service answers is documented.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../harness/repo-root";

const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
const DOCUMENTS = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).map((name) => `docs/${name}`)].filter(
  (path) => path.endsWith(".md"),
);
const INTEGRATORS_GUIDE = "docs/integrators-guide.md";
const OPERATORS_GUIDE = "docs/operators-guide.md";

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsIn(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6} +(.+)$/gm)].map((match) => anchorOf(match[1] ?? "")));
}

/** Markdown links that stay in the repository: [text](target), without a scheme. */
function localLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe("the repository's documentation", () => {
  it.each(DOCUMENTS)("%s never sends a reader outside the repository's own files", (path) => {
    const text = read(path);
    expect(text).not.toMatch(/\.\.\/shared|shared\/spec|decisions\.md|vehicle-task-service-api\.md/);
    for (const target of localLinks(text)) {
      const [file = "", anchor] = target.split("#");
      const linked = file === "" ? path : join(dirname(path), file);
      expect(existsSync(resolve(REPO_ROOT, linked)), `${path} links ${target}`).toBe(true);
      expect(resolve(REPO_ROOT, linked).startsWith(REPO_ROOT), `${path} links ${target}`).toBe(true);
      if (anchor !== undefined && linked.endsWith(".md")) {
        expect(anchorsIn(read(linked)), `${path} links ${target}`).toContain(anchor);
      }
    }
  });

  it("the README links both guides, the benchmarks, the contract and the API reference, and documents PORT", () => {
    const readme = read("README.md");
    for (const target of [
      INTEGRATORS_GUIDE,
      OPERATORS_GUIDE,
      "docs/benchmarks.md",
      "contract/service/openapi.yaml",
    ]) {
      expect(localLinks(readme)).toContain(target);
    }
    expect(readme).toContain("`/docs`");
    expect(readme).toMatch(/`PORT`/);
  });
});

/**
 * Names of environment variables: keys of a zod env schema, `process.env.NAME` reads, and a
 * reader's `(env, "NAME"` calls (npm start's settings).
 */
function variablesReadBy(path: string): string[] {
  const source = read(path);
  const schemaKeys = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\./gm)].map((match) => match[1] ?? "");
  const reads = [...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1] ?? "");
  const named = [...source.matchAll(/\(env, "([A-Z][A-Z0-9_]+)"/g)].map((match) => match[1] ?? "");
  return [...schemaKeys, ...reads, ...named];
}

describe("the operator's guide", () => {
  const guide = read(OPERATORS_GUIDE);
  const sources = [
    "task-service/src/config.ts",
    "lib/server/env.ts",
    "scripts/start-settings.ts",
    "scripts/staff.ts",
    "next.config.mjs",
  ];

  it.each(sources)("documents every variable %s reads", (path) => {
    const variables = variablesReadBy(path);
    expect(variables.length, `no variables found in ${path}`).toBeGreaterThan(0);
    for (const name of variables) expect(guide, `${name} (read by ${path})`).toContain(`\`${name}\``);
  });
});

/** The members of a string-literal union type, e.g. `export type Code = | "a" | "b";`. */
function unionMembers(path: string, typeName: string): string[] {
  const union = new RegExp(`type ${typeName} =([^;]+);`).exec(read(path))?.[1] ?? "";
  return [...union.matchAll(/"([a-z_]+)"/g)].map((match) => match[1] ?? "");
}

describe("the integrator's guide", () => {
  const guide = read(INTEGRATORS_GUIDE);

  it.each([
    ["task-service/src/http/api-error.ts", "ApiErrorCode"],
    ["task-service/src/http/oauth-error.ts", "OAuthErrorCode"],
  ])("explains every error code of %s", (path, typeName) => {
    const codes = unionMembers(path, typeName);
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes) expect(guide, code).toContain(`\`${code}\``);
  });
});
