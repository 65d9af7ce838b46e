// The initial fill: the real sandbox service as a process at its default size and limits (50,000
// tasks, 60 calls and 10 tokens a minute), the dashboard's backend in-process with the mirror on
// (PGlite in a temp dir, its default budget share), timed from the backend's creation until every
// window of the horizon is synced. Ceiling: limit x 500 rows per call x MIRROR_BUDGET_SHARE.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBackend, type DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";
import { SANDBOX_CLIENTS } from "@/harness/sandbox-clients";
import { startServiceProcess, type ServiceProcess } from "@/harness/service-process";
import type { BenchLog } from "../bench-runner";
import { busiestMinute, takeSample, type FillSample } from "./fill-probe";
import { WalkTracker, type FillWalk } from "./fill-walks";

// The service's defaults (task-service/src/config.ts), restated to compute the ceiling.
export const SERVICE_LIMIT_PER_MIN = 60;
const SAMPLE_EVERY_MS = 1_000;
const FILL_TIMEOUT_MS = Number(process.env.BENCH_FILL_TIMEOUT_S || 1_200) * 1_000;

export interface FillResult {
  samples: FillSample[];
  walks: FillWalk[];
  fewestCalls: number;
  rewalked: { windows: number; rows: number };
  budgetShare: number;
  elapsedMs: number;
  busiestMinute: number;
  syncWaits: { count: number; sumSeconds: number };
  lastError: string | null;
}

let service: ServiceProcess | undefined;
let backend: DashboardBackend | undefined;
let dir: string | undefined;

export async function measureFill(log: BenchLog): Promise<FillResult> {
  dir = mkdtempSync(join(tmpdir(), "bench-mirror-fill-"));
  log("fill: starting the sandbox service (default size and limits)");
  service = await startServiceProcess({ VTS_DATA_DIR: join(dir, "vts"), VTS_LOG_LEVEL: "warn" });
  const client = SANDBOX_CLIENTS.full;
  const env = parseDashboardEnv({
    VTS_BASE_URL: service.url,
    VTS_CLIENT_ID: client.id,
    VTS_CLIENT_SECRET: client.secret,
    AUTH_SECRET: "bench-".repeat(8),
    LOG_LEVEL: "warn",
    MIRROR_DATA_DIR: join(dir, "mirror"),
  });
  log(`fill: service up; backend with the mirror on (budget share ${env.MIRROR_BUDGET_SHARE})`);
  const started = performance.now();
  backend = await createBackend(env, { mirror: true });
  const mirror = backend.mirror;
  if (!mirror) throw new Error("the mirror did not open (see the log above)");
  const samples: FillSample[] = [];
  const tracker = new WalkTracker();
  for (;;) {
    const at = performance.now() - started;
    const sample = await takeSample(at, await mirror.status(), service.url, client.id);
    samples.push(sample);
    await tracker.look(mirror.db);
    if (samples.length % 15 === 0) {
      log(
        `fill: ${sample.synced}/${sample.windows} windows, ${sample.rows.toLocaleString("en-US")} rows, ` +
          `${sample.taskCalls} task calls, load ${sample.load1.toFixed(2)}`,
      );
    }
    if (sample.windows > 0 && sample.synced === sample.windows) break;
    if (at > FILL_TIMEOUT_MS) throw new Error(`not filled within ${FILL_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  const waits = (await backend.metrics.queueWait.get()).values.filter(
    (value) => value.labels.priority === "sync",
  );
  const result: FillResult = {
    samples,
    walks: tracker.walks,
    fewestCalls: tracker.fewestCalls,
    rewalked: { windows: tracker.rewalkedWindows, rows: tracker.rewalkedRows },
    budgetShare: env.MIRROR_BUDGET_SHARE,
    elapsedMs: samples.at(-1)!.at,
    busiestMinute: busiestMinute(samples),
    syncWaits: {
      count: waits.find((value) => value.metricName?.endsWith("_count"))?.value ?? 0,
      sumSeconds: waits.find((value) => value.metricName?.endsWith("_sum"))?.value ?? 0,
    },
    lastError: (await mirror.status()).last_error?.message ?? null,
  };
  await stopFill();
  return result;
}

export async function stopFill(): Promise<void> {
  await backend?.close().catch(() => {});
  backend = undefined;
  await service?.stop();
  service = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
}
