// A started program is ready once its health URL answers 200: the service's /healthz, the
// dashboard's /api/health. It fails early, with the program's own words, when the program dies,
// and at its deadline with a diagnosis, whatever a probe does: a start that hung with no word
// until a test hook's own timeout gave no clue where it waited.
import { setTimeout as sleep } from "node:timers/promises";
import { settleWithin } from "../platform/settle-within";
import type { RunningChild } from "./child-process";
import { unhealthyDiagnosis } from "./unhealthy-diagnosis";

export interface HealthWait {
  healthUrl: string;
  timeoutMs: number;
  /** Called every `progressEveryMs` while waiting (seeding a million tasks takes minutes). */
  onWaiting?: (elapsedMs: number) => void | Promise<void>;
  progressEveryMs?: number;
  pollMs?: number;
}

const PROBE_MS = 2_000;

/**
 * Milliseconds on the monotonic clock. A test file may fake Date and the global timers, and a
 * worker shared with later files (isolate: false) would keep them: a deadline read from a
 * frozen Date never comes. node:timers' own functions and hrtime are never faked.
 */
const monotonicMs = () => Number(process.hrtime.bigint() / 1_000_000n);

async function fetchedOk(url: string, signal: AbortSignal): Promise<boolean> {
  const response = await fetch(url, { signal });
  await response.arrayBuffer();
  return response.status === 200;
}

/** Whether one request answers 200 within PROBE_MS: false at PROBE_MS even if fetch ignores its abort. */
function answers200(url: string): Promise<boolean> {
  return settleWithin(PROBE_MS, (signal) => fetchedOk(url, signal).catch(() => false), false);
}

export async function waitHealthy(child: RunningChild, wait: HealthWait): Promise<void> {
  const started = monotonicMs();
  let lastProgress = started;
  for (;;) {
    if (child.hasExited() || child.signal() !== null || child.process.exitCode !== null) {
      await child.exited;
      throw new Error(
        `${child.name} exited (${child.exitDescription()}) before it was healthy:\n${child.tail()}`,
      );
    }
    if (await answers200(wait.healthUrl)) return;
    if (monotonicMs() - started > wait.timeoutMs) {
      const diagnosis = await unhealthyDiagnosis(child.pid, wait.healthUrl);
      throw new Error(
        `${child.name} was not healthy within ${wait.timeoutMs} ms:\n${diagnosis}\n${child.tail()}`,
      );
    }
    if (wait.onWaiting && monotonicMs() - lastProgress >= (wait.progressEveryMs ?? 15_000)) {
      lastProgress = monotonicMs();
      await wait.onWaiting(lastProgress - started);
    }
    await sleep(wait.pollMs ?? 250);
  }
}
