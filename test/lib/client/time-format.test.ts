import { describe, expect, it } from "vitest";
import {
  formatInZone,
  formatWithOffset,
  roughDuration,
  toLocalInputValue,
  zoneAbbreviation,
} from "@/lib/client/time-format";

describe("times for people", () => {
  it("shows the wall-clock time in the zone with its short name", () => {
    expect(formatInZone("2026-11-20T08:31:35.951Z", "America/Los_Angeles")).toBe("2026-11-20 00:31 PST");
    expect(formatInZone("2026-07-20T08:31:35.951Z", "America/Los_Angeles")).toBe("2026-07-20 01:31 PDT");
    expect(formatInZone("2026-11-20T08:31:35.951Z", "UTC")).toBe("2026-11-20 08:31 UTC");
  });

  it("shows a local time with its offset that day, so rows of several zones read in order", () => {
    expect(formatWithOffset("2026-11-20T08:31:35.951Z", "America/Chicago")).toBe(
      "2026-11-20 02:31 UTC-06:00",
    );
    expect(formatWithOffset("2026-07-20T08:31:35.951Z", "America/Chicago")).toBe(
      "2026-07-20 03:31 UTC-05:00",
    );
    expect(formatWithOffset("2026-11-20T08:31:35.951Z", "Asia/Kolkata")).toBe("2026-11-20 14:01 UTC+05:30");
    expect(formatWithOffset("2026-11-20T08:31:35.951Z", "Europe/London")).toBe("2026-11-20 08:31 UTC+00:00");
  });

  it("names a zone by its abbreviation on a given day", () => {
    expect(zoneAbbreviation("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("EST");
    expect(zoneAbbreviation("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe("EDT");
  });

  it("writes a zone without an English abbreviation as its UTC offset, as location times do", () => {
    expect(zoneAbbreviation("Asia/Kolkata", new Date("2026-01-15T12:00:00Z"))).toBe("UTC+05:30");
    expect(zoneAbbreviation("Europe/Berlin", new Date("2026-01-15T12:00:00Z"))).toBe("UTC+01:00");
    expect(zoneAbbreviation("America/Sao_Paulo", new Date("2026-01-15T12:00:00Z"))).toBe("UTC-03:00");
    expect(formatInZone("2026-11-20T08:31:35.951Z", "Asia/Kolkata")).toBe("2026-11-20 14:01 UTC+05:30");
    expect(formatInZone("2026-11-20T08:31:35.951Z", "Etc/GMT")).toBe("2026-11-20 08:31 UTC");
  });

  it("fills a datetime-local input in the browser's zone", () => {
    const date = new Date(2026, 10, 2, 9, 5);
    expect(toLocalInputValue(date)).toBe("2026-11-02T09:05");
  });

  it("rounds an estimated duration to what an estimate can promise", () => {
    expect(roughDuration(0)).toBe("a few seconds");
    expect(roughDuration(9.4)).toBe("a few seconds");
    expect(roughDuration(12)).toBe("15 s");
    expect(roughDuration(54)).toBe("55 s");
    expect(roughDuration(59)).toBe("1 min");
    expect(roughDuration(89)).toBe("1 min");
    expect(roughDuration(150)).toBe("3 min");
    expect(roughDuration(3_599)).toBe("1 h 0 min");
    expect(roughDuration(4_800)).toBe("1 h 20 min");
  });
});
