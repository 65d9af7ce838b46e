import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChild, type RunningChild } from "@/harness/child-process";
import { startTestService, type TestService } from "@/task-service/test/support/test-service";
import { openMirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { readSlices } from "@/lib/server/mirror/sync/slices";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { dashboardSettings, directWalk, mirroredTasks } from "./sync-support";

// kill -9 of a dashboard process in the middle of a sync: the mirror it leaves holds every slice
// either exactly as the service has it or not at all (never half applied), and a restart carries
// the sync on to the end.

let service: TestService;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  service = await startTestService({ VTS_SEED_TASKS: "6000" });
  baseUrl = await service.app.listen({ port: 0, host: "127.0.0.1" });
  dir = await mkdtemp(join(tmpdir(), "mirror-kill-"));
}, 60_000);

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Starts the child as the harness starts every short-lived program of a test run; resolves with it
 * once its progress line satisfies `until`.
 */
function startSyncChild(until: (synced: number, total: number) => boolean): Promise<RunningChild> {
  return new Promise((done, fail) => {
    const child = startChild({
      name: "sync child",
      args: ["--conditions=react-server", "--import", "tsx", "test/lib/server/mirror/sync-child.ts"],
      env: {
        ...process.env,
        ...dashboardSettings(baseUrl),
        MIRROR_DATA_DIR: dir,
        // Ninety days of slices: enough to stop a sync part way, at a third of the default's rows.
        MIRROR_DAYS_BACK: "60",
      },
      onSpawn: (running) =>
        running.process.stdout?.on("data", () => {
          const last = [...running.stdout().matchAll(/synced (\d+)\/(\d+)/g)].at(-1);
          if (last && until(Number(last[1]), Number(last[2]))) done(running);
        }),
    });
    void child.exited.then(() => fail(new Error(`the child exited:\n${child.tail(2_000)}`)));
  });
}

/** Every synced slice holds exactly what the service has there; every other slice nothing. */
async function expectWholeSlices(): Promise<{ synced: number; total: number }> {
  const db = await openMirrorDb({ databaseUrl: undefined, dataDir: dir });
  try {
    const slices = await readSlices(db);
    // One walk of the service over all the slices, cut at their bounds.
    const served = await directWalk(service, slices[0]!.startsAt, slices.at(-1)!.endsAt);
    const held = await mirroredTasks(db);
    const within = (tasks: Task[], from: number, to: number) =>
      tasks.filter((task) => Date.parse(task.started_at) >= from && Date.parse(task.started_at) < to);
    for (const slice of slices) {
      const expected = slice.asOf === undefined ? [] : within(served, slice.startsAt, slice.endsAt);
      expect(
        JSON.stringify(within(held, slice.startsAt, slice.endsAt)),
        new Date(slice.startsAt).toISOString(),
      ).toBe(JSON.stringify(expected));
    }
    return { synced: slices.filter((w) => w.asOf !== undefined).length, total: slices.length };
  } finally {
    await db.close();
  }
}

describe("kill -9 of a dashboard during a sync", () => {
  it("leaves no slice half applied, and a restart completes the sync", async () => {
    const first = await startSyncChild((synced, total) => synced >= 20 && synced < total);
    await first.stop("SIGKILL");
    const left = await expectWholeSlices();
    expect(left.synced).toBeGreaterThanOrEqual(20);
    expect(left.synced).toBeLessThan(left.total);

    const second = await startSyncChild((synced, total) => total > 0 && synced === total);
    await second.stop("SIGTERM");
    expect(await expectWholeSlices()).toEqual({ synced: left.total, total: left.total });
  }, 180_000);
});
