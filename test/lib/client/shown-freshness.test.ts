import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { TaskPage } from "@/lib/client/api-types";
import { markShown, noteAnswerAsOf, oldestShown } from "@/lib/client/shown-freshness";

// Which data on the screen is oldest: only queries something observes count, a list by its
// oldest page, every other part by the answer its fetch kept.

const at = (iso: string) => new Response("{}", { headers: { "x-data-fetched-at": iso } });

const page = (fetchedAt: string): TaskPage => ({
  data: [],
  next_cursor: null,
  total: 0,
  source: "mirror",
  fetchedAt,
  stale: false,
  staleReason: null,
});

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

function shown(client: QueryClient) {
  return oldestShown(client.getQueryCache().getAll());
}

function observe(client: QueryClient, queryKey: string[]) {
  return new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => {});
}

describe("the oldest data shown", () => {
  it("is the oldest part observed, a list by its oldest page; unobserved and ageless parts do not count", () => {
    const client = new QueryClient();
    clients.push(client);
    const list = ["tasks", "list", "from=a"];
    client.setQueryData(list, {
      pages: [page("2026-11-28T10:05:00.000Z"), page("2026-11-28T10:02:00.000Z")],
      pageParams: ["", "c"],
    });
    const vehicle = ["vehicles", "veh_1"];
    noteAnswerAsOf(vehicle, at("2026-11-28T10:03:00.000Z"));
    client.setQueryData(vehicle, { vehicle_id: "veh_1" });
    const summary = ["tasks", "summary", "from=a"];
    noteAnswerAsOf(summary, at("2026-11-28T09:00:00.000Z"));
    client.setQueryData(summary, { total: 1 });
    client.setQueryData(["mirror"], { enabled: true });
    const stopList = observe(client, list);
    const stopVehicle = observe(client, vehicle);
    observe(client, ["mirror"]);
    expect(shown(client)).toEqual({ part: "Task list", asOfMs: Date.parse("2026-11-28T10:02:00.000Z") });
    stopList();
    expect(shown(client)).toEqual({
      part: "Vehicle history",
      asOfMs: Date.parse("2026-11-28T10:03:00.000Z"),
    });
    const stopSummary = observe(client, summary);
    expect(shown(client)).toEqual({ part: "Counts", asOfMs: Date.parse("2026-11-28T09:00:00.000Z") });
    stopSummary();
    stopVehicle();
    expect(shown(client)).toBeUndefined();
  });

  it("takes a maintenance answer's own as_of, so one the server put in the cache counts without a fetch", () => {
    const client = new QueryClient();
    clients.push(client);
    const programs = ["maintenance", "programs"];
    client.setQueryData(programs, { data: [], irregular: [], as_of: "2026-11-28T08:00:00.000Z" });
    const due = ["maintenance", "due", "sort=state"];
    client.setQueryData(due, {
      pages: [
        { data: [], as_of: "2026-11-28T07:30:00.000Z" },
        { data: [], as_of: "2026-11-28T07:45:00.000Z" },
      ],
      pageParams: [null, "c"],
    });
    observe(client, programs);
    expect(shown(client)).toEqual({ part: "Maintenance", asOfMs: Date.parse("2026-11-28T08:00:00.000Z") });
    observe(client, due);
    expect(shown(client)).toEqual({ part: "Maintenance", asOfMs: Date.parse("2026-11-28T07:30:00.000Z") });
  });

  it("counts a part the server rendered while it marks itself shown", () => {
    const client = new QueryClient();
    clients.push(client);
    const unmark = markShown({ part: "Vehicle history", asOfMs: Date.parse("2026-11-28T08:00:00.000Z") });
    expect(shown(client)).toEqual({
      part: "Vehicle history",
      asOfMs: Date.parse("2026-11-28T08:00:00.000Z"),
    });
    unmark();
    expect(shown(client)).toBeUndefined();
  });
});
