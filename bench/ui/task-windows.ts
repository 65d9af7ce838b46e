// Custom windows of /tasks that hold an exact number of tasks, found through the service's own
// API. An exact count means the table reaches "end of results" at that count, so nothing loads
// while a measurement scrolls.

const DAY_MS = 86_400_000;

export interface TaskWindow {
  from: string;
  to: string;
  /** Tasks in [from, to): the wanted count, plus any that share the last task's start time. */
  rows: number;
}

interface TaskPage {
  data: { started_at: string }[];
  next_cursor: string | null;
}

/** The window from `from` that ends just after the `rows`-th task (oldest first). */
export async function windowWithRows(
  serviceUrl: string,
  token: string,
  from: Date,
  rows: number,
  maxDays: number,
): Promise<TaskWindow> {
  const query = new URLSearchParams({
    from: from.toISOString(),
    to: new Date(from.getTime() + maxDays * DAY_MS).toISOString(),
    order: "asc",
    limit: "500",
  });
  let seen = 0;
  let last: number | undefined;
  let ties = 0;
  for (;;) {
    const response = await fetch(`${serviceUrl}/v1/tasks?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET /v1/tasks: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as TaskPage;
    for (const task of page.data) {
      const startedAt = Date.parse(task.started_at);
      seen += 1;
      if (seen === rows) last = startedAt;
      else if (last !== undefined) {
        if (startedAt !== last) return window(from, last, rows + ties);
        ties += 1;
      }
    }
    if (!page.next_cursor) break;
    query.set("cursor", page.next_cursor);
  }
  if (last === undefined) {
    throw new Error(
      `only ${seen} tasks in the ${maxDays} days from ${from.toISOString()}: raise BENCH_TASKS`,
    );
  }
  return window(from, last, rows + ties);
}

function window(from: Date, lastStartedAt: number, rows: number): TaskWindow {
  // The window is half-open: one millisecond after the last task keeps it, and every later task out.
  return { from: from.toISOString(), to: new Date(lastStartedAt + 1).toISOString(), rows };
}

/** A vehicle with a task in the last 30 days (any page of a vehicle shows the same scripts). */
export async function recentVehicleId(serviceUrl: string, token: string): Promise<string> {
  const to = new Date();
  const query = new URLSearchParams({
    from: new Date(to.getTime() - 30 * DAY_MS).toISOString(),
    to: to.toISOString(),
    limit: "1",
  });
  const response = await fetch(`${serviceUrl}/v1/tasks?${query.toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /v1/tasks: ${response.status} ${await response.text()}`);
  const page = (await response.json()) as { data: { vehicle_id: string }[] };
  const vehicleId = page.data[0]?.vehicle_id;
  if (!vehicleId) throw new Error("no task in the last 30 days to take a vehicle from");
  return vehicleId;
}
