// A tab's pinned windows: a relative range keeps the minute it was first resolved at, and a later
// window the server served (a link followed hours on) replaces it, while an older one does not.
import { describe, expect, it } from "vitest";
import { adoptWindow, stableWindow } from "@/lib/client/stable-window";
import { parseTaskFilters } from "@/lib/client/task-filters";

const filters = parseTaskFilters(new URLSearchParams("range=7d&status=cancelled"));
const HOUR = 3_600_000;
const windowEndingAt = (to: Date) => ({ from: new Date(to.getTime() - 7 * 24 * HOUR), to });

describe("a tab's pinned window", () => {
  it("stays where it was first resolved, takes a later served window, and keeps its own over an older one", () => {
    const eight = new Date("2026-11-30T08:00:00.000Z");
    const pinned = stableWindow(filters, "UTC", eight);
    expect(stableWindow(filters, "UTC", new Date("2026-11-30T08:30:00.000Z"))).toEqual(pinned);

    const eleven = windowEndingAt(new Date("2026-11-30T11:00:00.000Z"));
    adoptWindow(filters, "UTC", eleven);
    expect(stableWindow(filters, "UTC")).toEqual(eleven);

    adoptWindow(filters, "UTC", windowEndingAt(eight));
    expect(stableWindow(filters, "UTC")).toEqual(eleven);
  });
});
