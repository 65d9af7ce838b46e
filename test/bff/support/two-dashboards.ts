// Two built dashboards sharing Redis in front of a small sandbox service, started once per file:
// for the tests of sign-in and sessions, which need instances and HTTP but little data.
import { afterAll, beforeAll } from "vitest";
import { startInstances, type Instances } from "@/e2e/support/dashboard-instances";
import { CLIENTS, startVts, type Vts } from "./harness";

type StaffMember = { email: string; password: string };

/** Starts the stack before the file's tests and stops it after; returns the running instances. */
export function twoDashboards(
  staff: StaffMember[],
  bEnv: Record<string, string> = {},
  ready?: (instances: Instances) => Promise<void>,
): () => Instances {
  let vts: Vts | undefined;
  let running: Instances | undefined;
  beforeAll(async () => {
    vts = await startVts({ VTS_SEED_TASKS: "200", VTS_RATE_LIMIT_PER_MIN: "600" });
    running = await startInstances(vts.url, CLIENTS.full, staff, bEnv);
    await ready?.(running);
  });
  afterAll(async () => {
    await running?.stopAll();
    await vts?.dispose();
  });
  return () => {
    if (!running) throw new Error("the dashboards did not start");
    return running;
  };
}
