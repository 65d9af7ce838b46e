import { describe, expect, it } from "vitest";
import { liveUrl, needsMirror } from "@/lib/server/bff/mirror-gate";

// The rule that keeps a request the service would answer wrongly away from it: a status, a search,
// a sort other than Started, or two or more values of one filter go to the mirror alone.

const url = (query: string) => new URL(`http://dashboard/api/tasks?from=a&to=b&${query}`);

describe("which requests only the mirror can answer", () => {
  it("leaves the service what it answers itself", () => {
    expect(needsMirror(url(""))).toBe(false);
    expect(needsMirror(url("mva=1&location_id=a&order=asc&sort=started_at"))).toBe(false);
    // One value that holds an escaped comma is one value.
    expect(needsMirror(url(`task_type=${encodeURIComponent("Oil\\, filter")}`))).toBe(false);
  });

  it("sends a status, a search, another sort or several values to the mirror", () => {
    expect(needsMirror(url("status=completed"))).toBe(true);
    expect(needsMirror(url("q=oil"))).toBe(true);
    expect(needsMirror(url("sort=mva"))).toBe(true);
    expect(needsMirror(url("location_id=a,b"))).toBe(true);
  });

  it("hands the live path one value and no sort", () => {
    const live = liveUrl(url(`sort=started_at&task_type=${encodeURIComponent("Oil\\, filter")}`));
    expect(live.searchParams.has("sort")).toBe(false);
    expect(live.searchParams.get("task_type")).toBe("Oil, filter");
  });
});
