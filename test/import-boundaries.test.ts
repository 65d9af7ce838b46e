// The boundaries between the programs, as eslint.config.mjs enforces them: the dashboard never imports the
// service's source, the service never imports the dashboard, and contract/ and platform/ import
// neither. Snippets are linted as if they sat at the given paths (by the `@/` alias and by
// relative paths), so a rule that matches too little or too much fails here, not in review.
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
// Type information is not needed to read an import's text, and without it a snippet may sit at a
// path where no file exists.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: join(ROOT, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

type Case = [path: string, source: string];

const FORBIDDEN: Case[] = [
  // The dashboard's product code and the service's source.
  ["app/api/tasks/route.ts", 'import { x } from "@/task-service/src/http/api-error";'],
  ["app/(dashboard)/tasks/components/t.tsx", 'import { x } from "../../../../task-service/src/app";'],
  ["components/c.tsx", 'import type { TaskRecord } from "@/task-service/src/domain/records";'],
  ["lib/server/api/p.ts", 'import { x } from "../../../task-service/src/http/query-string";'],
  ["lib/server/api/p.ts", 'export { x } from "@/task-service/src/http/query-string";'],
  ["lib/server/api/p.ts", 'import { x } from "@/task-service/test/support/service-process";'],
  ["scripts/s.ts", 'import "../task-service/src/server";'],
  ["proxy.ts", 'import { x } from "./task-service/src/app";'],
  ["proxy.ts", 'import { x } from "@/task-service/src/app";'],
  // The service's source and the dashboard, the harness and the tests.
  ["task-service/src/app.ts", 'import { x } from "../../lib/server/api/query-params";'],
  ["task-service/src/app.ts", 'import { x } from "@/lib/server/api/query-params";'],
  ["task-service/src/server.ts", 'import "../../app/layout";'],
  ["task-service/src/server.ts", 'import { x } from "../../components/budget-meter";'],
  ["task-service/src/server.ts", 'import { x } from "../../scripts/start";'],
  ["task-service/src/server.ts", 'import { x } from "../../harness/free-port";'],
  ["task-service/src/server.ts", 'import { x } from "../../e2e/support/processes";'],
  ["task-service/src/server.ts", 'import { x } from "../../test/bff/support/harness";'],
  ["task-service/src/server.ts", 'import { x } from "../../bench/service/run";'],
  ["task-service/src/routes/tasks/index.ts", 'import { x } from "../../../../lib/task-id";'],
  ["task-service/src/routes/tasks/index.ts", 'export * from "@/components/budget-meter";'],
  // contract/ and platform/ and either program.
  ["contract/query/q.ts", 'import { x } from "../../task-service/src/http/api-error";'],
  ["contract/query/q.ts", 'import { x } from "@/task-service/src/http/api-error";'],
  ["contract/query/q.ts", 'import { x } from "../../lib/task-id";'],
  ["contract/service/s.ts", 'import { x } from "@/app/layout";'],
  ["contract/service/s.ts", 'import { x } from "../../components/budget-meter";'],
  ["contract/service/s.ts", 'import { x } from "../../scripts/start";'],
  ["contract/service/s.ts", 'import { x } from "../../harness/free-port";'],
  ["platform/http-drain.ts", 'import { x } from "../task-service/src/app";'],
  ["platform/http-drain.ts", 'import { x } from "@/lib/server/log/logger";'],
  ["platform/http-drain.ts", 'import { x } from "../scripts/serve-dashboard";'],
  ["platform/http-drain.ts", 'import { x } from "../harness/free-port";'],
];

const ALLOWED: Case[] = [
  ["lib/server/api/p.ts", 'import { x } from "@/contract/query/identifier";'],
  ["lib/server/api/p.ts", 'import { x } from "../../../contract/query/identifier";'],
  ["lib/server/api/p.ts", 'import { x } from "./dashboard-error";'],
  ["lib/server/api/p.ts", 'import { z } from "zod";'],
  ["scripts/s.ts", 'import { x } from "../platform/http-drain";'],
  ["app/api/tasks/route.ts", 'import { x } from "@/lib/server/api";'],
  ["task-service/src/server.ts", 'import { x } from "./app";'],
  // Within the service, "../app" is its own src/app.ts, not the dashboard's app/.
  ["task-service/src/routes/r.ts", 'import { x } from "../app";'],
  ["task-service/src/routes/tasks/index.ts", 'import { x } from "../../../../contract/query/identifier";'],
  ["task-service/src/plugins/drain-on-close.ts", 'import { x } from "../../../platform/http-drain";'],
  ["contract/query/q.ts", 'import { x } from "./instant-text";'],
  ["contract/query/q.ts", 'import type { paths } from "../service/api-types";'],
  ["platform/http-drain.ts", 'import { Server } from "node:net";'],
];

describe("import boundaries", () => {
  it.each(FORBIDDEN)("%s may not: %s", async (path, source) => {
    expect(await refusals(path, source)).toHaveLength(1);
  });

  it.each(ALLOWED)("%s may: %s", async (path, source) => {
    expect(await refusals(path, source)).toEqual([]);
  });

  it("covers every source file of the fenced folders, however deep", async () => {
    const unfenced: string[] = [];
    for (const file of FENCED.flatMap((area) => sourceFiles(join(ROOT, area)))) {
      // Built files (scripts/dist/, once a command line has been built) are not sources.
      if (await eslint.isPathIgnored(file)) continue;
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      if (config.rules?.["no-restricted-imports"] === undefined) unfenced.push(relative(ROOT, file));
    }
    expect(unfenced).toEqual([]);
  });
});

const FENCED = ["app", "components", "lib", "scripts", "task-service/src", "contract", "platform"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}
