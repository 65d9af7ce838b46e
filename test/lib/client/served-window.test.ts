import { describe, expect, it } from "vitest";
import { servedWindowOf, serverWindow } from "@/lib/client/served-window";
import { listParams } from "@/lib/client/task-queries";
import { parseTaskFilters } from "@/lib/client/task-filters";

const NOW = new Date("2026-11-26T15:37:42.123Z");
const params = (text: string) => new URLSearchParams(text);

describe("serverWindow", () => {
  it("pins a relative range to the minute, as a tab does", () => {
    const window = serverWindow(params("range=7d"), NOW);
    expect(window?.to.toISOString()).toBe("2026-11-26T15:37:00.000Z");
    expect(window?.from.toISOString()).toBe("2026-11-19T15:37:00.000Z");
  });

  it("takes a custom range as it is", () => {
    const window = serverWindow(params("from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z"), NOW);
    expect(window?.from.toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("counts a calendar period only when the URL asks for UTC: the browser's zone is unknown", () => {
    expect(serverWindow(params("range=yesterday"), NOW)).toBeUndefined();
    expect(serverWindow(params("range=yesterday&tz=location"), NOW)).toBeUndefined();
    expect(serverWindow(params("range=yesterday&tz=local"), NOW)).toBeUndefined();
    const window = serverWindow(params("range=yesterday&tz=utc"), NOW);
    expect(window?.from.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(window?.to.toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });
});

describe("servedWindowOf", () => {
  const search = params("range=7d&status=completed");
  const window = serverWindow(search, NOW)!;
  const served = {
    query: listParams(parseTaskFilters(search), window).toString(),
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    filters: JSON.stringify(parseTaskFilters(search)),
  };

  it("gives the served window to the filters it was read for", () => {
    expect(servedWindowOf(parseTaskFilters(search), served)).toEqual(window);
  });

  it("gives nothing to other filters, or without a served list", () => {
    expect(servedWindowOf(parseTaskFilters(params("range=7d&status=cancelled")), served)).toBeUndefined();
    expect(servedWindowOf(parseTaskFilters(params("range=30d&status=completed")), served)).toBeUndefined();
    expect(servedWindowOf(parseTaskFilters(search), undefined)).toBeUndefined();
  });
});
