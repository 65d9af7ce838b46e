import { describe, expect, it } from "vitest";
import { filterLinkProblems } from "@/lib/client/filter-link-problems";
import { parseTaskFilters } from "@/lib/client/task-filters";

const problems = (query: string) => filterLinkProblems(new URLSearchParams(query));

describe("a link's filters that cannot be shown as they are", () => {
  it("are none for a link the dashboard wrote", () => {
    expect(problems("")).toEqual([]);
    expect(problems("range=30d&mva=61234567&order=asc&tz=utc&cols=mva,id")).toEqual([]);
    expect(problems("from=2026-11-01T00:00:00.000Z&to=2026-11-08T00:00:00.000Z")).toEqual([]);
    expect(problems("cols=mva,vehicle_id,id&pin=mva,vehicle_id")).toEqual([]);
  });

  it("name pins of no column, or of a column the link hides, and which are kept", () => {
    expect(problems("cols=mva,id&pin=mva,evil,vin")).toEqual([
      '"pin" in the link (evil, vin) is not a shown column; pinning MVA only.',
    ]);
    expect(problems("pin=evil")).toEqual([
      '"pin" in the link (evil) is not a shown column; pinning no column.',
    ]);
  });

  it("name a time that is not one, a start without an end, and an unknown range", () => {
    expect(problems("from=garbage&to=2026-11-08T00:00:00Z")).toEqual([
      '"from" in the link (garbage) is not a date and time; showing Last 7 days instead.',
    ]);
    expect(problems("from=2026-11-01T00:00:00Z")).toEqual([
      'The link has a "from" but no "to"; showing Last 7 days instead.',
    ]);
    expect(problems("range=30d&to=2026-11-01T00:00:00Z")).toEqual([
      'The link has a "to" but no "from"; showing Last 30 days instead.',
    ]);
    expect(problems("range=999d")).toEqual([
      '"range" in the link (999d) is not one of Today, Yesterday, This week, Last week, This month, Last month, Last 24 hours, Last 7 days, Last 30 days; showing Last 7 days instead.',
    ]);
    expect(problems("order=sideways")).toEqual([
      '"order" in the link (sideways) is not asc or desc; showing newest first instead.',
    ]);
  });

  it("name a filter given twice, and which value is shown", () => {
    expect(problems("mva=10000001&mva=10000002")).toEqual([
      'The link gives "mva" 2 times (10000001, 10000002); showing MVA 10000001 only.',
    ]);
  });

  it("name an MVA or vehicle the service would refuse, which is then not sent", () => {
    expect(problems("mva=123%20456&vehicle_id=a/b")).toEqual([
      '"mva" in the link (123 456) is not an MVA: letters, digits, ".", "_", ":" or "-", without spaces; showing every MVA instead.',
      '"vehicle_id" in the link (a/b) is not a vehicle id: letters, digits, ".", "_", ":" or "-", without spaces; showing every vehicle instead.',
    ]);
    expect(parseTaskFilters(new URLSearchParams("mva=123%20456&vehicle_id=a/b&task_type=x"))).toEqual({
      range: "7d",
      sort: [{ key: "started_at", order: "desc" }],
      task_type: ["x"],
    });
  });

  it("name the values of a list the service would refuse, and which are shown", () => {
    expect(problems("status=completed,in%20progress&location_id=a/b")).toEqual([
      '"status" in the link (in progress) is not a status: letters, digits, ".", "_", ":" or "-", without spaces; showing status completed only.',
      '"location_id" in the link (a/b) is not a location id: letters, digits, ".", "_", ":" or "-", without spaces; showing every location instead.',
    ]);
  });

  it("name a list longer than the API takes, and an unknown sort", () => {
    const many = Array.from({ length: 51 }, (_, index) => `M${index}`).join(",");
    expect(problems(`mva=${many}`)).toEqual(['The link gives 51 values of "mva"; showing the first 50.']);
    expect(problems("sort=colour")).toEqual([
      '"sort" in the link (colour) is not 1 to 3 distinct columns of started_at, task_type, status, mva, vehicle_id, location, odometer_miles; sorting by started_at instead.',
    ]);
    expect(problems("sort=odometer_miles&status=completed,cancelled&q=ford")).toEqual([]);
    expect(problems("sort=location,odometer_miles&order=asc,desc")).toEqual([]);
    expect(problems("sort=location,location")[0]).toMatch(/^"sort" in the link \(location,location\)/);
    expect(problems("sort=location,odometer_miles&order=asc,desc,asc")).toEqual([
      '"order" in the link (asc,desc,asc) is not asc or desc, once or once per sort column; sorting by location, odometer_miles descending instead.',
    ]);
  });

  it("name a search longer than the API takes, which is cut, and one it refuses, which is dropped", () => {
    const long = "a".repeat(499) + "ü";
    expect(problems(`q=${encodeURIComponent(long)}`)).toEqual([
      "The link's search is 500 characters long; searching for its first 100.",
    ]);
    expect(parseTaskFilters(new URLSearchParams({ q: long })).q).toBe("a".repeat(100));
    expect(problems(`q=${encodeURIComponent("ab\u0007c")}`)).toEqual([
      'The link\'s search (ab\u0007c) cannot be run ("q" must not contain control characters); showing every task instead.',
    ]);
    expect(problems(`q=${encodeURIComponent("a".repeat(100))}`)).toEqual([]);
    expect(problems("q=%20%20")).toEqual([]);
  });

  it("echo at most 40 characters of a value from the link", () => {
    const long = "x".repeat(5_000);
    const shown = `${"x".repeat(39)}…`;
    const all = [
      ...problems(`from=${long}&to=2026-11-08T00:00:00Z`),
      ...problems(`range=${long}`),
      ...problems(`order=${long}`),
      ...problems(`mva=${long}`),
      ...problems(`vehicle_id=${long}`),
      ...problems(`task_type=${long}&task_type=${long}`),
    ];
    expect(all).toHaveLength(6);
    for (const problem of all) {
      expect(problem).toContain(shown);
      expect(problem).not.toContain("x".repeat(40));
    }
    expect(problems("order=sideways")[0]).toContain("(sideways)");
    expect(problems(Array(500).fill("mva=61234567").join("&"))).toEqual([
      'The link gives "mva" 500 times (61234567, 61234567, 61234567, …); showing MVA 61234567 only.',
    ]);
  });
});
