// "Export all matching": the CSV a person downloads holds every task of the filters, once, in
// the service's order, readable by any RFC 4180 reader and by Excel (BOM); and a cancelled
// download stops spending upstream budget.
import { describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { EXPORT_HEADER, exportStream } from "@/lib/server/bff/task-export";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { CATALOG } from "@/task-service/src/sandbox/location-catalog";
import {
  DAY_MS,
  allTasksDirect,
  dashboardUpstreamCalls,
  isoMinutesFromNow,
  serviceCounters,
  sleep,
  taskListParams,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { parseCsv } from "./support/csv";

const suite = bffSuite({ VTS_SEED_TASKS: "5000" }, { startTimeoutMs: 120_000 });
const freshBackend = () => suite.backend();

/** What GET /api/export streams for these query parameters. */
function exportFor(backend: DashboardBackend, query: Record<string, string>) {
  return exportStream(backend, taskListParams(backend, query).filters, new AbortController().signal);
}

const zoneOf = new Map(CATALOG.map((location) => [location.id, location.timezone]));

function expectRowMatches(row: string[], task: Task, index: number) {
  const at = `row ${index + 1} (${task.id})`;
  const [id, local, utc, type, status, mva, vehicle, vin, locationId, locationName, zone, odometer] = row;
  expect(row, at).toHaveLength(EXPORT_HEADER.length);
  expect(id, at).toBe(task.id);
  expect(utc, at).toBe(task.started_at);
  // The location's wall-clock time with its offset: the same instant as started_at.
  expect(local, at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/);
  expect(new Date(local!).getTime(), at).toBe(new Date(task.started_at).getTime());
  expect([type, status, mva, vehicle, vin], at).toEqual([
    task.task_type,
    task.status,
    task.mva,
    task.vehicle_id,
    task.vin ?? "",
  ]);
  expect([locationId, locationName, zone], at).toEqual([
    task.location.id,
    task.location.name,
    zoneOf.get(task.location.id),
  ]);
  expect(Number(odometer), at).toBe(task.odometer_miles);
}

describe("export all matching", () => {
  it("streams a CSV with a BOM, the header and one row per task, in the service's order", async () => {
    const now = Date.now();
    const query = { from: isoMinutesFromNow(-150 * DAY_MS, now), to: isoMinutesFromNow(-105 * DAY_MS, now) };
    const expected = await allTasksDirect(suite.vts.url, { ...query, order: "asc" });
    // The scenario needs an export that spans several upstream pages (~1,200 tasks).
    expect(expected.length).toBeGreaterThan(1_000);
    expect(expected.length).toBeLessThan(1_500);

    const backend = await freshBackend();
    const before = await serviceCounters(suite.vts.url);
    const bytes = new Uint8Array(await new Response(await exportFor(backend, query)).arrayBuffer());
    const after = await serviceCounters(suite.vts.url);

    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(EXPORT_HEADER);
    expect(header?.[0]).toBe("Task ID");
    expect(rows.length).toBe(expected.length);
    expect(rows.map((row) => row[0])).toEqual(expected.map((task) => task.id));
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    rows.forEach((row, index) => expectRowMatches(row, expected[index]!, index));
    // Names with commas and quotes ("Boston "Back Bay"") survived the round trip.
    expect(rows.some((row) => row[9]?.includes('"') || row[9]?.includes(","))).toBe(true);

    // One call per 500-row page plus the locations, nothing repeated.
    const pages = Math.ceil(expected.length / 500);
    expect(after.v1TasksForClient - before.v1TasksForClient).toBe(pages);
    expect(await dashboardUpstreamCalls(backend)).toBe(pages + 1);
  }, 60_000);

  it("a cancelled download stops the upstream calls", async () => {
    const now = Date.now();
    const query = { from: isoMinutesFromNow(-179 * DAY_MS, now), to: isoMinutesFromNow(-88 * DAY_MS, now) };
    const backend = await freshBackend();
    const before = await serviceCounters(suite.vts.url);
    const reader = (await exportFor(backend, query)).getReader();
    const decoder = new TextDecoder();
    let text = "";
    // The header, then the first page of rows; then the person closes the tab.
    for (let chunks = 0; chunks < 2; chunks++) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value, { stream: true });
    }
    expect(text.split("\r\n").length - 2).toBe(500);
    await reader.cancel();
    await sleep(1_000);
    const settled = await serviceCounters(suite.vts.url);
    const dashboardCalls = await dashboardUpstreamCalls(backend);
    await sleep(1_500);
    const later = await serviceCounters(suite.vts.url);

    const taskCalls = settled.v1TasksForClient - before.v1TasksForClient;
    // The page read, and at most the one being fetched ahead when the download was cancelled...
    expect(taskCalls).toBeGreaterThanOrEqual(1);
    expect(taskCalls).toBeLessThanOrEqual(2);
    // ...out of the 4+ this export would have needed...
    const all = await allTasksDirect(suite.vts.url, { ...query, order: "asc" });
    expect(Math.ceil(all.length / 500)).toBeGreaterThanOrEqual(4);
    // ...and nothing after that, on either side.
    expect(later.v1TasksForClient).toBe(settled.v1TasksForClient);
    expect(await dashboardUpstreamCalls(backend)).toBe(dashboardCalls);
    expect(dashboardCalls).toBeLessThanOrEqual(3); // locations + the two pages above
  }, 60_000);
});
