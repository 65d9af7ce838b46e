// `npm run bench:mirror`: three parts, all by default (`--only fill|freshness|reads` runs one).
// fill: the initial fill of the default sandbox through the real service at its default limits
// (fill.ts). freshness: how fresh the filled mirror stays with the service's change feed and
// without it, changes planted on days of every age (freshness.ts). reads: the mirror's reads over 1,000,000 sandbox tasks, on a native PostgreSQL
// (the test helper's throwaway server) and on PGlite: p50/p99 of a 100-row page with its exact
// total for each filter and sort, page 1 against a page 100,000 deep, and the summary of 7, 30
// and 92 days, each beside the same SQL handed straight to the driver. Prints tables; asserts
// nothing, as a shared machine is too noisy for a timing target.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalPostgres, type LocalPostgres } from "@/harness/local-postgres";
import {
  openPgliteMirror,
  openPostgresMirror,
  type MirrorDatabase,
} from "@/test/lib/server/mirror/support/mirror-databases";
import { sandboxMirrorTasks } from "@/test/lib/server/mirror/support/mirror-rows";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { elapsedLog, runBenchmark } from "../bench-runner";
import { describeMachine } from "../service/report";
import { SERVER_SETTINGS } from "../service/database";
import { bulkLoad } from "./bulk-load";
import { measureFill, stopFill } from "./fill";
import {
  FRESHNESS_MODES,
  measureFreshness,
  renderFreshness,
  stopFreshness,
  type FreshnessMode,
} from "./freshness";
import { renderFill } from "./fill-report";
import { benchCases } from "./cases";
import { measureMaintenance } from "./maintenance";
import { measureCase, type CaseResult } from "./measure";
import { depthLines, renderTable } from "./report";

const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const TASKS = envNumber("BENCH_TASKS", 1_000_000);
const RUNS = envNumber("BENCH_RUNS", 20);
const STORES = (process.env.BENCH_STORES ?? "postgres,pglite").split(",");
const DAY_MS = 86_400_000;
// The sandbox's 210 days around its anchor, cut into day windows as the sync would.
const ANCHOR = new Date("2026-11-25T00:00:00.000Z");
const HORIZON: [number, number] = [ANCHOR.getTime() - 182 * DAY_MS, ANCHOR.getTime() + 32 * DAY_MS];

const PARTS = ["fill", "freshness", "reads", "maintenance"] as const;
const USAGE = `usage: npm run bench:mirror [-- --only fill|freshness|reads|maintenance]
  fill   the initial fill of the default sandbox (50,000 tasks) at the service's default limits
  freshness  changes planted for BENCH_FRESH_MINUTES (10) over BENCH_FRESH_TASKS (50,000), with the
         change feed and without it (BENCH_FRESH_MODE=feed or windows: one of them)
  reads  page, total and summary latency over BENCH_TASKS mirrored tasks (BENCH_STORES, BENCH_RUNS)
  maintenance  programs, the due page and compliance over BENCH_TASKS mirrored tasks, beside their SQL`;

function freshnessModes(): readonly FreshnessMode[] {
  const chosen = process.env.BENCH_FRESH_MODE;
  if (chosen === "feed") return ["change feed"];
  if (chosen === "windows") return ["windows only"];
  if (chosen) {
    console.error(`BENCH_FRESH_MODE is "feed" or "windows" (unset: both), not "${chosen}"`);
    process.exit(2);
  }
  return FRESHNESS_MODES;
}

function chosenParts(args: readonly string[]): readonly string[] {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  const only = args.indexOf("--only");
  if (only === -1) return PARTS;
  const part = args[only + 1] ?? "";
  if (!(PARTS as readonly string[]).includes(part)) {
    console.error(USAGE);
    process.exit(2);
  }
  return [part];
}

const parts = chosenParts(process.argv.slice(2));
const log = elapsedLog();
let postgres: LocalPostgres | undefined;
let db: MirrorDatabase | undefined;
let pgliteDir: string | undefined;

async function loadStore(store: string): Promise<{ loaded: MirrorDatabase; tasks: Task[] }> {
  const tasks = sandboxMirrorTasks(1, TASKS, ANCHOR);
  log(`${store}: ${TASKS.toLocaleString("en-US")} tasks generated; loading`);
  if (store === "postgres") {
    postgres = await startLocalPostgres(SERVER_SETTINGS);
    db = await openPostgresMirror(postgres.url, "bench_mirror");
  } else {
    pgliteDir = mkdtempSync(join(tmpdir(), "bench-mirror-pglite-"));
    db = await openPgliteMirror(pgliteDir);
  }
  await bulkLoad(db, tasks, HORIZON);
  return { loaded: db, tasks };
}

async function measureStore(store: string): Promise<CaseResult[]> {
  const { loaded, tasks } = await loadStore(store);
  log(`${store}: loaded; measuring ${RUNS} runs a case`);
  const results: CaseResult[] = [];
  for (const benchCase of benchCases(tasks, ANCHOR.getTime(), Math.min(100_000, Math.floor(TASKS / 10)))) {
    results.push(await measureCase(loaded.sql, benchCase, RUNS));
    const last = results.at(-1);
    log(
      `${store}: ${benchCase.name}: p50 ${last?.ours.p50.toFixed(1)} ms (floor ${last?.floor.p50.toFixed(1)})`,
    );
  }
  await cleanUp();
  return results;
}

async function main(): Promise<void> {
  log(describeMachine());
  const tables: string[] = [];
  if (parts.includes("fill")) tables.push(renderFill(await measureFill(log)));
  if (parts.includes("freshness")) {
    const results = [];
    for (const mode of freshnessModes()) results.push(await measureFreshness(mode, log));
    tables.push(renderFreshness(results));
  }
  if (parts.includes("maintenance")) {
    log(
      `maintenance: ${TASKS.toLocaleString("en-US")} tasks, ${RUNS} runs a case, stores ${STORES.join(", ")}`,
    );
    for (const store of STORES) {
      const { loaded } = await loadStore(store);
      log(`${store}: loaded; measuring the maintenance answers`);
      const results = await measureMaintenance(loaded.sql, RUNS);
      for (const result of results)
        log(
          `${store}: ${result.name}: p50 ${result.ours.p50.toFixed(1)} ms (floor ${result.floor.p50.toFixed(1)})`,
        );
      await cleanUp();
      tables.push(
        renderTable(`maintenance, ${store === "postgres" ? "native PostgreSQL" : "PGlite"}`, results),
      );
    }
  }
  if (!parts.includes("reads")) return console.log(`\n${tables.join("\n\n")}\n`);
  log(`reads: ${TASKS.toLocaleString("en-US")} tasks, ${RUNS} runs a case, stores ${STORES.join(", ")}`);
  for (const store of STORES) {
    const results = await measureStore(store);
    tables.push(
      renderTable(store === "postgres" ? "native PostgreSQL" : "PGlite", results),
      ...depthLines(results),
    );
  }
  console.log(`\n${tables.join("\n\n")}\n`);
}

async function cleanUp(): Promise<void> {
  await stopFill();
  await stopFreshness();
  await db?.close().catch(() => {});
  db = undefined;
  postgres?.stop();
  postgres = undefined;
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  pgliteDir = undefined;
}

await runBenchmark({ main, cleanUp, log, stopping: "the service, PostgreSQL and PGlite" });
