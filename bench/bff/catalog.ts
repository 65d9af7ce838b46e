// The values the simulated staff filter by, read from the service itself before the arms start:
// its locations, and vehicles from its recent tasks. Read with sandbox clients of their own, so
// neither arm's budget is touched.
import { clientToken, SANDBOX_CLIENTS } from "../../harness/sandbox-clients";
import type { Catalog } from "./workload";

const DAY_MS = 86_400_000;

async function getJson<T>(url: string, bearer: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

export async function loadCatalog(serviceUrl: string): Promise<Catalog> {
  const todayMs = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const locations = await getJson<{ data: { id: string }[] }>(
    `${serviceUrl}/v1/locations`,
    await clientToken(serviceUrl, { id: "sandbox-locations", secret: "sandbox-locations-secret" }),
  );
  const query = new URLSearchParams({
    from: new Date(todayMs - 89 * DAY_MS).toISOString(),
    to: new Date(todayMs + DAY_MS).toISOString(),
    limit: "500",
  });
  const tasks = await getJson<{ data: { mva: string; vehicle_id: string }[] }>(
    `${serviceUrl}/v1/tasks?${query.toString()}`,
    await clientToken(serviceUrl, SANDBOX_CLIENTS.tasks),
  );
  return {
    locationIds: locations.data.map((location) => location.id),
    mvas: [...new Set(tasks.data.map((task) => task.mva))],
    vehicleIds: [...new Set(tasks.data.map((task) => task.vehicle_id))],
    todayMs,
  };
}
