import { describe, expect, it } from "vitest";
import { parseTaskFilters } from "@/lib/client/task-filters";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { parseTaskListParams } from "@/lib/server/bff/task-list-params";
import {
  parseMirrorExportParams,
  parseMirrorSummaryParams,
  parseMirrorTaskParams,
  parseVehicleId,
} from "@/lib/server/mirror/read/parse-mirror-params";
import { encodeKeyset } from "@/lib/server/mirror/read/keyset-cursor";
import { FULL_ACCESS } from "@/lib/server/staff";

// Every parameter problem is answered from the parameters alone: the parsers take no database, so
// no query can run before them. Each message names the parameter it is about.

const cursors = new DashboardCursorCodec("read-params-test");
const WINDOW = "from=2026-05-01T00:00:00Z&to=2026-05-08T00:00:00Z";
const url = (query: string, path = "/api/tasks") => new URL(`http://dashboard${path}?${query}`);
const tasks = (query: string) =>
  parseMirrorTaskParams(url(query), { maxWindowDays: 92, access: FULL_ACCESS, cursors });

function problem(
  result: { ok: true } | { ok: false; error: { code: string; status: number; message: string } },
) {
  if (result.ok) throw new Error("expected a problem");
  expect(result.error.code).toBe("invalid_request");
  expect(result.error.status).toBe(400);
  return result.error.message;
}

describe("mirror list parameters", () => {
  it("reads lists, status, sort, order, q and limit", () => {
    const result = tasks(
      `${WINDOW}&location_id=loc_a,loc_b,loc_a&status=completed&task_type=oil_change,tire%20rotation` +
        `&mva=M1&vehicle_id=V1,V2&sort=odometer_miles&order=desc&q=${encodeURIComponent("50% _off")}&limit=7`,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        filters: {
          from: "2026-05-01T00:00:00.000Z",
          to: "2026-05-08T00:00:00.000Z",
          lists: {
            location_id: ["loc_a", "loc_b"],
            task_type: ["oil_change", "tire rotation"],
            status: ["completed"],
            mva: ["M1"],
            vehicle_id: ["V1", "V2"],
          },
          q: "50% _off",
        },
        sort: [{ key: "odometer_miles", order: "desc" }],
        limit: 7,
        after: undefined,
      },
    });
  });

  it("defaults to the service's order: started_at ascending, 100 rows", () => {
    const result = tasks(WINDOW);
    expect(result.ok && [result.value.sort, result.value.limit]).toEqual([
      [{ key: "started_at", order: "asc" }],
      100,
    ]);
  });

  it.each([
    ["sort=location,odometer_miles", "location asc, odometer_miles asc"],
    ["sort=location,odometer_miles&order=desc", "location desc, odometer_miles desc"],
    ["sort=location,odometer_miles&order=asc,desc", "location asc, odometer_miles desc"],
    ["sort=status,started_at,mva&order=desc,asc,desc", "status desc, started_at asc, mva desc"],
    ["order=desc", "started_at desc"],
  ])("reads the sort list %s as %s", (query, expected) => {
    const result = tasks(`${WINDOW}&${query}`);
    if (!result.ok) throw result.error;
    expect(result.value.sort.map(({ key, order }) => `${key} ${order}`).join(", ")).toBe(expected);
  });

  const SORT_MESSAGE =
    '"sort" must be 1 to 3 distinct keys separated by commas, each one of started_at, task_type, status, mva, vehicle_id, location, odometer_miles.';
  const ORDER_MESSAGE =
    '"order" must be "asc" or "desc" for every sort key, or one of them per key, separated by commas.';
  it.each([
    ["sort=odometer", SORT_MESSAGE],
    ["sort=", SORT_MESSAGE],
    ["sort=location,", SORT_MESSAGE],
    ["sort=,location", SORT_MESSAGE],
    ["sort=location,,mva", SORT_MESSAGE],
    ["sort=location,colour", SORT_MESSAGE],
    ["sort=location,location", SORT_MESSAGE],
    ["sort=location,%20mva", SORT_MESSAGE],
    ["sort=location,mva,status,task_type", SORT_MESSAGE],
    ["order=up", ORDER_MESSAGE],
    ["order=", ORDER_MESSAGE],
    ["sort=location,mva&order=asc,", ORDER_MESSAGE],
    ["sort=location,mva&order=asc,up", ORDER_MESSAGE],
    ["sort=location,mva&order=ASC", ORDER_MESSAGE],
    [
      "sort=location,mva&order=asc,desc,asc",
      '"order" gives 3 directions for 2 sort keys: give one for all keys or one per key.',
    ],
    ["order=asc,desc", '"order" gives 2 directions for 1 sort keys: give one for all keys or one per key.'],
  ])("refuses the sort %s", (query, message) => {
    expect(problem(tasks(`${WINDOW}&${query}`))).toBe(message);
    const exported = parseMirrorExportParams(url(`${WINDOW}&${query}`, "/api/export"), {
      maxWindowDays: 92,
      access: FULL_ACCESS,
    });
    expect(problem(exported)).toBe(message);
  });

  const fifty = Array.from({ length: 50 }, (_, i) => `V${i}`).join(",");
  it.each([
    [`${WINDOW}&vehicle_id=${fifty},V50`, '"vehicle_id" takes at most 50 values.'],
    [
      `${WINDOW}&location_id=loc_a,,loc_b`,
      '"location_id" must be a comma-separated list of values of 1-128 letters, digits, ".", "_", ":" or "-" each.',
    ],
    [
      `${WINDOW}&status=in%20progress`,
      '"status" must be a comma-separated list of values of 1-128 letters, digits, ".", "_", ":" or "-" each.',
    ],
    [
      `${WINDOW}&mva=${"M".repeat(129)}`,
      '"mva" must be a comma-separated list of values of 1-128 letters, digits, ".", "_", ":" or "-" each.',
    ],
    [
      `${WINDOW}&task_type=oil%01change`,
      '"task_type" must be a comma-separated list of values of 1-128 characters without control characters each.',
    ],
    [`${WINDOW}&q=`, '"q" must be 1-100 characters.'],
    [`${WINDOW}&q=${"ü".repeat(101)}`, '"q" must be 1-100 characters.'],
    [`${WINDOW}&q=a%0Ab`, '"q" must not contain control characters.'],
    [`${WINDOW}&limit=501`, '"limit" must be a whole number from 1 to 500.'],
    [`${WINDOW}&cursor=abc.def`, "The cursor is invalid or belongs to other filters."],
    [`${WINDOW}&tz=UTC`, 'Unknown parameter "tz".'],
    [`${WINDOW}&q=a&q=b`, 'Parameter "q" is repeated.'],
    ["to=2026-05-08T00:00:00Z", '"from" is required.'],
    [
      "from=2026-05-01&to=2026-05-08T00:00:00Z",
      '"from" must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-05-01T00:00:00Z.',
    ],
    ["from=2026-01-01T00:00:00Z&to=2026-05-08T00:00:00Z", "The window may span at most 92 days."],
  ])("refuses %s", (query, message) => {
    expect(problem(tasks(query))).toBe(message);
  });

  it("accepts 50 values and 100 characters of q", () => {
    expect(tasks(`${WINDOW}&vehicle_id=${fifty}&q=${encodeURIComponent("🚗".repeat(100))}`).ok).toBe(true);
  });

  it("takes a list value exactly when today's single-value filter takes it", () => {
    const samples = [
      "loc_a",
      "a.b:c-d",
      "x".repeat(128),
      "x".repeat(129),
      "a b",
      "ü",
      "tire rotation",
      "a\tb",
      "%",
    ];
    for (const name of ["location_id", "mva", "vehicle_id", "task_type"]) {
      for (const value of samples) {
        const query = `${WINDOW}&${name}=${encodeURIComponent(value)}`;
        let single = true;
        try {
          parseTaskListParams(url(query), 92, FULL_ACCESS);
        } catch {
          single = false;
        }
        expect([name, value, tasks(query).ok]).toEqual([name, value, single]);
      }
    }
  });

  it("is what the page keeps of a link: a value, an instant or a search text the API refuses is dropped", () => {
    // (The page trims a value first, so one of spaces only is not among these: the page drops it.)
    const values = ["loc_a", "x".repeat(129), "a b", "tire rotation", "a\tb", "🚗".repeat(129), "ü"];
    for (const name of ["status", "location_id", "mva", "vehicle_id", "task_type"] as const) {
      for (const value of values) {
        const query = `${WINDOW}&${name}=${encodeURIComponent(value)}`;
        const kept = parseTaskFilters(new URLSearchParams(query))[name] !== undefined;
        expect([name, value, kept]).toEqual([name, value, tasks(query).ok]);
      }
    }
    for (const from of [
      "2026-05-01T00:00:00Z",
      "2026-05-01",
      "2026-05-01T00:00:00",
      "2026-02-30T00:00:00Z",
    ]) {
      const query = `from=${from}&to=2026-05-08T00:00:00Z`;
      const kept = parseTaskFilters(new URLSearchParams(query)).range === "custom";
      expect([from, kept]).toEqual([from, tasks(query).ok]);
    }
    for (const q of ["50% _off", "a\nb", "🚗".repeat(100)]) {
      const query = `${WINDOW}&q=${encodeURIComponent(q)}`;
      expect([q, parseTaskFilters(new URLSearchParams(query)).q === q]).toEqual([q, tasks(query).ok]);
    }
  });

  it("takes back its own cursor, and only for the same filters, sort and order", () => {
    const first = tasks(`${WINDOW}&sort=mva`);
    if (!first.ok) throw first.error;
    const cursor = encodeKeyset(cursors, ["M1", "2026-05-02T00:00:00.000Z", "T-1"], first.value);
    const next = tasks(`${WINDOW}&sort=mva&cursor=${cursor}&limit=5`);
    expect(next.ok && next.value.after).toEqual(["M1", "2026-05-02T00:00:00.000Z", "T-1"]);
    expect(problem(tasks(`${WINDOW}&sort=mva&order=desc&cursor=${cursor}`))).toMatch(/cursor/);
    expect(problem(tasks(`${WINDOW}&sort=status&cursor=${cursor}`))).toMatch(/cursor/);
    expect(problem(tasks(`${WINDOW}&sort=mva&q=x&cursor=${cursor}`))).toMatch(/cursor/);
  });

  it("binds a cursor to every key of the sort and each direction", () => {
    const sort = "sort=location,odometer_miles&order=asc,desc";
    const first = tasks(`${WINDOW}&${sort}`);
    if (!first.ok) throw first.error;
    const keyset = ["Denver", 41_000, "2026-05-02T00:00:00.000Z", "T-1"];
    const cursor = encodeKeyset(cursors, keyset, first.value);
    const next = tasks(`${WINDOW}&${sort}&cursor=${cursor}`);
    expect(next.ok && next.value.after).toEqual(keyset);
    for (const other of [
      "sort=location,odometer_miles&order=asc",
      "sort=location,odometer_miles&order=desc,asc",
      "sort=location&order=asc",
      "sort=odometer_miles,location&order=desc,asc",
      "sort=location,odometer_miles,mva&order=asc,desc,desc",
    ])
      expect(problem(tasks(`${WINDOW}&${other}&cursor=${cursor}`))).toMatch(/cursor/);
  });

  it("takes a cursor back whether its directions were written once or once per key", () => {
    const first = tasks(`${WINDOW}&sort=location,mva&order=desc,desc`);
    if (!first.ok) throw first.error;
    const cursor = encodeKeyset(cursors, ["Denver", "M1", "2026-05-02T00:00:00.000Z", "T-1"], first.value);
    expect(tasks(`${WINDOW}&sort=location,mva&order=desc&cursor=${cursor}`).ok).toBe(true);
  });
});

describe("mirror summary, export and vehicle parameters", () => {
  const summary = (query: string) =>
    parseMirrorSummaryParams(url(query, "/api/tasks/summary"), { maxWindowDays: 92, access: FULL_ACCESS });

  it("counts days in UTC unless tz names a zone, canonically", () => {
    expect(summary(WINDOW).ok && summary(WINDOW)).toMatchObject({ value: { tz: "UTC" } });
    expect(summary(`${WINDOW}&tz=America/Denver`)).toMatchObject({ value: { tz: "America/Denver" } });
    expect(summary(`${WINDOW}&tz=utc`)).toMatchObject({ value: { tz: "UTC" } });
  });

  it.each(["Mars/Olympus", "+05:00", "UTC+5", "America/Denver;", "", "x".repeat(65)])(
    "refuses tz=%j",
    (tz) => {
      expect(problem(summary(`${WINDOW}&tz=${encodeURIComponent(tz)}`))).toBe(
        '"tz" must be an IANA time zone name of an area and place, e.g. America/Denver, or UTC.',
      );
    },
  );

  // PostgreSQL reads CET, EST or MET as fixed-offset abbreviations where the runtime applies
  // daylight saving: such a name reaches the database only as the area/place zone it stands for.
  it.each(["CET", "EST", "MET", "EET", "WET"])(
    "passes tz=%s on as an area/place zone or refuses it",
    (tz) => {
      const parsed = summary(`${WINDOW}&tz=${tz}`);
      if (parsed.ok) expect(parsed.value.tz).toMatch(/^[A-Za-z]+\/[A-Za-z_]+/);
      else expect(problem(parsed)).toContain('"tz" must be an IANA time zone name');
    },
  );

  it("refuses sort and paging on the summary, paging on the export", () => {
    expect(problem(summary(`${WINDOW}&sort=mva`))).toBe('Unknown parameter "sort".');
    const exported = parseMirrorExportParams(url(`${WINDOW}&limit=5`, "/api/export"), {
      maxWindowDays: 92,
      access: FULL_ACCESS,
    });
    expect(problem(exported)).toBe('Unknown parameter "limit".');
  });

  it("checks a vehicle id by the vehicle_id rule", () => {
    expect(parseVehicleId("VH-00042")).toEqual({ ok: true, value: "VH-00042" });
    expect(problem(parseVehicleId("VH 42"))).toBe(
      'The vehicle id must be 1-128 letters, digits, ".", "_", ":" or "-".',
    );
  });
});
