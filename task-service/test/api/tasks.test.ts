// GET /v1/tasks and GET /v1/tasks/{id}: windows, filters, parameters, cursors, single tasks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../src/repositories/tasks-repository";
import { startTestService, type TestService } from "../support/test-service";
import { getPage, sandboxWindows, scanAll } from "./tasks-api";

let service: TestService;
let token: string;
let allTasks: Task[];
const wide = () => sandboxWindows()[1]!;

beforeAll(async () => {
  service = await startTestService();
  token = await service.token("sandbox-full");
  allTasks = [];
  for (const window of sandboxWindows())
    allTasks.push(...(await scanAll(service, token, { ...window, limit: 500 })));
});
afterAll(() => service.close());

const byTimeThenId = (a: Task, b: Task) =>
  a.started_at === b.started_at ? (a.id < b.id ? -1 : 1) : a.started_at < b.started_at ? -1 : 1;

async function expectInvalid(params: Record<string, string | number | undefined>, url?: string) {
  const response = url
    ? await service.request({ method: "GET", url, headers: { authorization: `Bearer ${token}` } })
    : (await getPage(service, token, params)).response;
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json<{ error: { code: string } }>().error.code).toBe("invalid_request");
}

describe("the window", () => {
  it("returns tasks ordered by started_at then id, all inside the window", async () => {
    const { page } = await getPage(service, token, { ...wide(), limit: 500 });
    expect(page!.data.length).toBe(500);
    expect(page!.data).toEqual([...page!.data].sort(byTimeThenId));
    for (const task of page!.data) {
      expect(task.started_at >= wide().from && task.started_at < wide().to).toBe(true);
    }
  });

  it("is half-open: from is inclusive, to is exclusive", async () => {
    const task = allTasks[Math.floor(allTasks.length / 2)]!;
    const at = task.started_at;
    const later = new Date(Date.parse(at) + 1000).toISOString();
    const earlier = new Date(Date.parse(at) - 1000).toISOString();
    const fromThere = (await getPage(service, token, { from: at, to: later, limit: 500 })).page!;
    expect(fromThere.data.map((t) => t.id)).toContain(task.id);
    const upToThere = (await getPage(service, token, { from: earlier, to: at, limit: 500 })).page!;
    expect(upToThere.data.map((t) => t.id)).not.toContain(task.id);
  });

  it("normalises numeric offsets to UTC", async () => {
    const task = allTasks[100]!;
    const instant = new Date(task.started_at);
    const local = new Date(instant.getTime() + 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "");
    const fromOffset = `${local}.${String(instant.getUTCMilliseconds()).padStart(3, "0")}+02:00`;
    const to = new Date(instant.getTime() + 86_400_000).toISOString().replace("Z", "+00:00");
    const { page } = await getPage(service, token, { from: fromOffset, to });
    expect(page!.data[0]!.started_at >= task.started_at).toBe(true);
    expect(page!.data.map((t) => t.id)).toContain(task.id);
  });

  it("allows exactly the longest window and refuses one millisecond more", async () => {
    const from = "2026-01-01T00:00:00.000Z";
    const max = new Date(Date.parse(from) + 92 * 86_400_000).toISOString();
    expect((await getPage(service, token, { from, to: max })).response.statusCode).toBe(200);
    await expectInvalid({ from, to: new Date(Date.parse(max) + 1).toISOString() });
  });

  it.each([
    ["from missing", { to: "2026-01-02T00:00:00Z" }],
    ["to missing", { from: "2026-01-01T00:00:00Z" }],
    ["no offset", { from: "2026-01-01T00:00:00", to: "2026-01-02T00:00:00Z" }],
    ["a date only", { from: "2026-01-01", to: "2026-01-02T00:00:00Z" }],
    ["from equal to to", { from: "2026-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }],
    ["from after to", { from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" }],
    ["an impossible date", { from: "2026-02-30T00:00:00Z", to: "2026-03-02T00:00:00Z" }],
    ["not a timestamp", { from: "yesterday", to: "2026-01-02T00:00:00Z" }],
  ])("rejects %s", async (_name, params) => expectInvalid(params));
});

describe("filters", () => {
  const cases = [
    ["location_id", (task: Task) => task.location.id],
    ["mva", (task: Task) => task.mva],
    ["vehicle_id", (task: Task) => task.vehicle_id],
    ["task_type", (task: Task) => task.task_type],
  ] as const;

  it.each(cases)("%s narrows to exactly the matching tasks", async (name, value) => {
    const sample = allTasks.find((task) => task.started_at >= wide().from && task.started_at < wide().to)!;
    const wanted = value(sample);
    const expected = allTasks
      .filter(
        (task) => task.started_at >= wide().from && task.started_at < wide().to && value(task) === wanted,
      )
      .map((task) => task.id);
    const found = await scanAll(service, token, { ...wide(), [name]: wanted, limit: 500 });
    expect(found.map((task) => task.id)).toEqual(expected);
    expect(found.length).toBeLessThan(allTasks.length);
  });

  it("combines filters", async () => {
    const sample = allTasks[allTasks.length - 1]!;
    const window = sandboxWindows()[2]!;
    const found = await scanAll(service, token, {
      ...window,
      location_id: sample.location.id,
      task_type: sample.task_type,
    });
    expect(found.length).toBeGreaterThan(0);
    for (const task of found)
      expect([task.location.id, task.task_type]).toEqual([sample.location.id, sample.task_type]);
  });

  it("an unknown value matches nothing rather than failing", async () => {
    const { page } = await getPage(service, token, { ...wide(), task_type: "teleporter_calibration" });
    expect(page).toEqual({ data: [], next_cursor: null });
  });

  it.each([
    ["location_id", "loc/../x"],
    ["mva", "a b"],
    ["vehicle_id", "x".repeat(129)],
    ["task_type", "oil\u0000change"],
  ])("rejects a malformed %s", async (name, value) => expectInvalid({ ...wide(), [name]: value }));
});

describe("parameters", () => {
  it("defaults to 100 tasks and honours 1 and 500", async () => {
    expect((await getPage(service, token, wide())).page!.data).toHaveLength(100);
    expect((await getPage(service, token, { ...wide(), limit: 1 })).page!.data).toHaveLength(1);
    expect((await getPage(service, token, { ...wide(), limit: 500 })).page!.data).toHaveLength(500);
  });

  it.each(["0", "501", "-1", "10.5", "abc", "", "1e2"])("rejects limit=%s without clamping", (limit) =>
    expectInvalid({ ...wide(), limit }),
  );

  it("rejects an unknown parameter, a misspelt one, and a repeated one", async () => {
    await expectInvalid({ ...wide(), status: "completed" });
    await expectInvalid({ ...wide(), locationid: "loc_x" });
    await expectInvalid({}, `/v1/tasks?from=${wide().from}&to=${wide().to}&mva=1&mva=2`);
  });

  it("order=desc is the exact reverse", async () => {
    const window = sandboxWindows()[2]!;
    const ascending = await scanAll(service, token, { ...window, limit: 500 });
    const descending = await scanAll(service, token, { ...window, limit: 500, order: "desc" });
    expect(descending.map((t) => t.id)).toEqual(ascending.map((t) => t.id).reverse());
    await expectInvalid({ ...window, order: "DESC" });
  });
});

describe("cursors", () => {
  async function firstCursor() {
    const { page } = await getPage(service, token, { ...wide(), limit: 10 });
    return page!.next_cursor!;
  }

  it("continue the same query, and limit may change between pages", async () => {
    const cursor = await firstCursor();
    const { page } = await getPage(service, token, { ...wide(), limit: 3, cursor });
    const direct = (await getPage(service, token, { ...wide(), limit: 13 })).page!.data.slice(10);
    expect(page!.data.map((t) => t.id)).toEqual(direct.map((t) => t.id));
  });

  it("are refused with other filters, window or order", async () => {
    const cursor = await firstCursor();
    await expectInvalid({ ...wide(), cursor, task_type: "oil_change" });
    await expectInvalid({ ...wide(), cursor, order: "desc" });
    await expectInvalid({
      from: wide().from,
      to: new Date(Date.parse(wide().to) - 1000).toISOString(),
      cursor,
    });
  });

  it("are refused when tampered with or made up", async () => {
    const cursor = await firstCursor();
    const flipped = cursor.slice(0, 5) + (cursor[5] === "A" ? "B" : "A") + cursor.slice(6);
    await expectInvalid({ ...wide(), cursor: flipped });
    await expectInvalid({ ...wide(), cursor: cursor.slice(0, -2) });
    await expectInvalid({ ...wide(), cursor: "abc" });
    await expectInvalid({ ...wide(), cursor: "" });
  });
});

describe("GET /v1/tasks/{id}", () => {
  it("returns the task itself, equal to its list entry", async () => {
    const task = allTasks[42]!;
    const response = await service.request({
      method: "GET",
      url: `/v1/tasks/${task.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(task);
  });

  it("answers an unknown id with 404 not_found", async () => {
    const response = await service.request({
      method: "GET",
      url: "/v1/tasks/tsk_doesnotexist",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("not_found");
  });

  it.each(["a%2Fb", "%00", "x".repeat(129), "caf%C3%A9"])("rejects the malformed id %s", async (id) => {
    await expectInvalid({}, `/v1/tasks/${id}`);
  });

  it("rejects ids of 5,000 and 15,000 characters as malformed, not as unknown paths", async () => {
    for (const length of [5_000, 15_000]) await expectInvalid({}, `/v1/tasks/${"x".repeat(length)}`);
  });

  it("HEAD answers like GET without a body", async () => {
    const response = await service.request({
      method: "HEAD",
      url: `/v1/tasks/${allTasks[0]!.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });
});

describe("the sandbox data, as a client sees it", () => {
  it("holds every documented status, null VINs, shared start times and at least 1,000 vehicles", () => {
    expect(new Set(allTasks.map((t) => t.status))).toEqual(
      new Set(["scheduled", "in_progress", "completed", "cancelled"]),
    );
    expect(allTasks.some((t) => t.vin === null)).toBe(true);
    const starts = allTasks.map((t) => t.started_at);
    expect(new Set(starts).size).toBeLessThan(starts.length);
    expect(new Set(allTasks.map((t) => t.vehicle_id)).size).toBeGreaterThanOrEqual(1000);
    expect(allTasks).toHaveLength(3000);
  });

  it("lists at least 20 locations in 6 zones, ordered by id, with awkward names", async () => {
    const response = await service.request({
      method: "GET",
      url: "/v1/locations",
      headers: { authorization: `Bearer ${token}` },
    });
    const locations = response.json<{ data: { id: string; name: string; timezone: string }[] }>().data;
    expect(locations.length).toBeGreaterThanOrEqual(20);
    expect(new Set(locations.map((l) => l.timezone)).size).toBeGreaterThanOrEqual(6);
    expect(locations.map((l) => l.id)).toEqual(locations.map((l) => l.id).sort());
    const names = locations.map((l) => l.name);
    expect(names.some((n) => n.includes(","))).toBe(true);
    expect(names.some((n) => n.includes('"'))).toBe(true);
    expect(names.some((n) => /[^\x20-\x7e]/.test(n))).toBe(true);
  });
});
