// A started program is ready once its health URL answers 200: the service's /healthz, the
// dashboard's /api/health. It fails early, with the program's own words, when the program dies.
import { setTimeout as sleep } from "node:timers/promises";
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

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function waitHealthy(child: RunningChild, wait: HealthWait): Promise<void> {
  const started = Date.now();
  let lastProgress = started;
  for (;;) {
    if (child.hasExited() || child.signal() !== null || child.process.exitCode !== null) {
      await child.exited;
      throw new Error(
        `${child.name} exited (${child.exitDescription()}) before it was healthy:\n${child.tail()}`,
      );
    }
    if (await answers200(wait.healthUrl)) return;
    if (Date.now() - started > wait.timeoutMs) {
      const diagnosis = await unhealthyDiagnosis(child.pid, wait.healthUrl);
      throw new Error(
        `${child.name} was not healthy within ${wait.timeoutMs} ms:\n${diagnosis}\n${child.tail()}`,
      );
    }
    if (wait.onWaiting && Date.now() - lastProgress >= (wait.progressEveryMs ?? 15_000)) {
      lastProgress = Date.now();
      await wait.onWaiting(lastProgress - started);
    }
    await sleep(wait.pollMs ?? 250);
  }
}
