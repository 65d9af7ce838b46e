// A sandbox service with tasks planted before it starts (an import, as global-setup.ts plants its
// hostile task) and a dashboard of its own whose task mirror keeps a short horizon, filled before
// the spec looks: the vehicle page's flags and /locations' counts are checked against data whose
// truth the spec knows, and reading the service's own answers for it spends no shared budget.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { clientToken, SANDBOX_CLIENTS } from "../../harness/sandbox-clients";
import { runToExit, startServiceProcess } from "../../harness/service-process";
import { startOwnStack, type OwnStack } from "./own-stack";

export { keptSessionAt } from "./own-stack";

/** The mirror's horizon here: a week back and two days ahead, a few windows that fill in seconds. */
export const HORIZON_DAYS = { back: 9, ahead: 2 };

/** The longest window one request to the service may span. */
const QUARTER_MS = 90 * 86_400_000;

export interface PlantedTask {
  id: string;
  vehicle_id: string;
  mva: string;
  vin: string | null;
  task_type: string;
  status: string;
  location_id: string;
  started_at: string;
  odometer_miles: number;
}

export type PlantedStack = Pick<OwnStack, "baseUrl" | "serviceUrl" | "stop">;

/** `horizon`: a longer one for a spec about history (the mirror still walks it in a few calls). */
export function startPlantedStack(
  name: string,
  planted: readonly PlantedTask[],
  horizon: { back: number; ahead: number } = HORIZON_DAYS,
): Promise<PlantedStack> {
  return startOwnStack(
    name,
    // The spec reads the service's truth page by page beside the mirror's sync.
    { VTS_SEED_TASKS: "400", VTS_RATE_LIMIT_PER_MIN: "6000" },
    { MIRROR_DAYS_BACK: String(horizon.back), MIRROR_DAYS_AHEAD: String(horizon.ahead) },
    async (dir, serviceEnv) => {
      // The sandbox is generated at the first start; the planted tasks are imported after it.
      const preparing = await startServiceProcess(serviceEnv, {
        logFile: join(dir, "service-prepare.log"),
        timeoutMs: 90_000,
      });
      await preparing.stop();
      const file = join(dir, "planted.ndjson");
      writeFileSync(file, planted.map((task) => JSON.stringify(task)).join("\n") + "\n");
      const imported = await runToExit("cli", ["import", "tasks", file], serviceEnv);
      if (imported.code !== 0) throw new Error(`the import failed:\n${imported.stderr}`);
    },
  );
}

/** Waits until the signed-in `request`'s dashboard has synced every window of its horizon. */
export async function mirrorFilled(request: APIRequestContext, baseUrl: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = (await (await request.get(`${baseUrl}/api/mirror`)).json()) as {
          windows?: { synced: number; total: number };
        };
        return status.windows && status.windows.total > 0 && status.windows.synced === status.windows.total;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
}

interface ServiceTask {
  id: string;
  vehicle_id: string;
  status: string;
  started_at: string;
  location: { id: string; name: string };
}

/**
 * Every task of [from, to) as the service itself answers (its pages of 500), for a spec's truth;
 * read a quarter at most at a time, the longest window the service takes.
 */
export async function serviceTasks(
  serviceUrl: string,
  window: { from: string; to: string },
  filters: Record<string, string> = {},
): Promise<ServiceTask[]> {
  const token = await clientToken(serviceUrl, SANDBOX_CLIENTS.full);
  const tasks: ServiceTask[] = [];
  const end = Date.parse(window.to);
  for (let start = Date.parse(window.from); start < end; start += QUARTER_MS) {
    const part = {
      from: new Date(start).toISOString(),
      to: new Date(Math.min(end, start + QUARTER_MS)).toISOString(),
    };
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ ...part, ...filters, limit: "500", ...(cursor ? { cursor } : {}) });
      const response = await fetch(`${serviceUrl}/v1/tasks?${query.toString()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`the service answered ${response.status}: ${await response.text()}`);
      const page = (await response.json()) as { data: ServiceTask[]; next_cursor: string | null };
      tasks.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
  }
  return tasks;
}
