// A SIGTERM while busy keep-alive clients are mid-conversation: a connection the service closes
// just as the client sends its next request loses that request (the client sees a reset or a close
// and cannot tell whether it ran). Every request must get a whole answer, or find the connection
// closed before it is sent.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { keepAliveLoop, openRawConnection, waitFor } from "../../../harness/raw-http";

const CONNECTIONS = 30;

let dataDir: string;
let service: ServiceProcess | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "vts-burst-"));
});
afterAll(async () => {
  await service?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

it(
  "cuts no keep-alive request when SIGTERM arrives during a 30-connection burst",
  { timeout: 120_000 },
  async () => {
    service = await startServiceProcess({ VTS_DATA_DIR: dataDir, VTS_SEED_TASKS: "200" });
    const started = service;
    const progress = Array.from({ length: CONNECTIONS }, () => ({ answered: 0, cut: [] as string[] }));
    const runs = progress.map((run) => keepAliveLoop(started.port, "/healthz", run));
    // Let every connection settle into its request-response rhythm first.
    await waitFor(() => progress.every((run) => run.answered > 20), "the burst", 30_000);
    // A pooled connection that stays silent must not hold the shutdown open.
    const idle = await openRawConnection(started.port);
    const signalled = Date.now();
    const exitCode = started.stop("SIGTERM");
    const settled = await Promise.all(runs);
    expect(settled.flatMap((run) => run.cut)).toEqual([]);
    expect(settled.every((run) => run.answered > 0)).toBe(true);
    expect(await exitCode).toBe(0);
    expect(idle.closed()).toBe(true);
    expect(Date.now() - signalled).toBeLessThan(8_000);
  },
);
