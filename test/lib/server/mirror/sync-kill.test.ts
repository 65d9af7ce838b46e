import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "@/task-service/test/support/test-service";
import { openMirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { readSlices } from "@/lib/server/mirror/sync/slices";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { dashboardSettings, directWalk, mirroredTasks } from "./sync-support";

// kill -9 of a dashboard process in the middle of a sync: the mirror it leaves holds every slice
// either exactly as the service has it or not at all (never half applied), and a restart carries
// the sync on to the end.

const ROOT = resolve(import.meta.dirname, "../../../..");
let service: TestService;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  service = await startTestService({ VTS_SEED_TASKS: "20000" });
  baseUrl = await service.app.listen({ port: 0, host: "127.0.0.1" });
  dir = await mkdtemp(join(tmpdir(), "mirror-kill-"));
}, 60_000);

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Starts the child; resolves with it once its progress line satisfies `until`. */
function startChild(until: (synced: number, total: number) => boolean): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "test/lib/server/mirror/sync-child.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...dashboardSettings(baseUrl),
        MIRROR_DATA_DIR: dir,
        // Ninety days of slices: enough to stop a sync part way, at a third of the default's rows.
        MIRROR_DAYS_BACK: "60",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  return new Promise((done, fail) => {
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const last = [...output.matchAll(/synced (\d+)\/(\d+)/g)].at(-1);
      if (last && until(Number(last[1]), Number(last[2]))) done(child);
    });
    child.once("exit", () => fail(new Error(`the child exited:\n${output.slice(-2_000)}`)));
  });
}

const exited = (child: ChildProcess) => new Promise((done) => child.once("exit", done));

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
    const first = await startChild((synced, total) => synced >= 20 && synced < total);
    first.kill("SIGKILL");
    await exited(first);
    const left = await expectWholeSlices();
    expect(left.synced).toBeGreaterThanOrEqual(20);
    expect(left.synced).toBeLessThan(left.total);

    const second = await startChild((synced, total) => total > 0 && synced === total);
    second.kill("SIGTERM");
    await exited(second);
    expect(await expectWholeSlices()).toEqual({ synced: left.total, total: left.total });
  }, 180_000);
});
