import { describe, expect, it } from "vitest";
import { isoInZone } from "@/lib/time/zoned-iso";

describe("isoInZone", () => {
  it.each([
    ["2026-11-20T08:31:35.951Z", "America/Los_Angeles", "2026-11-20T00:31:35.951-08:00"],
    ["2026-07-20T08:31:35.951Z", "America/Los_Angeles", "2026-07-20T01:31:35.951-07:00"],
    ["2026-11-20T08:31:35.000Z", "Europe/London", "2026-11-20T08:31:35.000+00:00"],
    ["2026-11-20T20:00:00.000Z", "Asia/Kolkata", "2026-11-21T01:30:00.000+05:30"],
    ["2026-11-20T08:31:35.951Z", "UTC", "2026-11-20T08:31:35.951+00:00"],
  ])("%s in %s is %s", (instant, zone, expected) => {
    expect(isoInZone(instant, zone)).toBe(expected);
    expect(new Date(isoInZone(instant, zone)).toISOString()).toBe(instant);
  });
});
