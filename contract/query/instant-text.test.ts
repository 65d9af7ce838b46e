// The strict ISO 8601 reading of the window's `from` and `to`, as the service and the dashboard
// both apply it.
import { describe, expect, it } from "vitest";
import { parseInstantText, parseWrittenInstant } from "./instant-text";
import { readWindow } from "./time-window";

const at = (iso: string) => Date.parse(iso);
const LATER = "9999-01-01T00:00:00Z";

/** What the API answers for this `from` (or `to`, before a valid `from`): the message, or undefined. */
function rejection(text: string, name: "from" | "to" = "from"): string | undefined {
  const reading =
    name === "from" ? readWindow(text, LATER, 1e7) : readWindow("0001-01-01T00:00:00Z", text, 1e7);
  return reading.ok ? undefined : reading.message;
}

describe("parseInstantText accepts", () => {
  it.each([
    ["2026-05-01T00:00:00Z", "2026-05-01T00:00:00.000Z"],
    ["2026-05-01T14:30:15.123Z", "2026-05-01T14:30:15.123Z"],
    ["2026-05-01T02:00:00+02:00", "2026-05-01T00:00:00.000Z"],
    ["2026-05-01T00:00:00-0530", "2026-05-01T05:30:00.000Z"],
    ["2026-05-01T00:00:00+0000", "2026-05-01T00:00:00.000Z"],
    ["2026-05-01T00:00:00-00:00", "2026-05-01T00:00:00.000Z"],
    ["2026-05-01T23:59:00+23:59", "2026-05-01T00:00:00.000Z"],
    ["2026-05-01T00:00:00-23:59", "2026-05-01T23:59:00.000Z"],
    ["2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00.000Z"],
    ["2026-05-01T10:00Z", "2026-05-01T10:00:00.000Z"],
    ["2026-05-01T12:00+02:00", "2026-05-01T10:00:00.000Z"],
    ["2026-05-01t10:00:00z", "2026-05-01T10:00:00.000Z"],
    ["2026-05-01T10:00:00,250Z", "2026-05-01T10:00:00.250Z"],
    ["2028-02-29T00:00:00Z", "2028-02-29T00:00:00.000Z"],
    ["2000-02-29T00:00:00Z", "2000-02-29T00:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", "2026-12-31T23:59:59.999Z"],
  ])("%s as %s", (text, expected) => {
    expect(parseInstantText(text)).toBe(at(expected));
  });

  it('reads a space where the offset sign goes as "+" (an unencoded "+" in a query string arrives as a space)', () => {
    expect(parseInstantText("2026-05-01T02:00:00 02:00")).toBe(at("2026-05-01T00:00:00Z"));
    expect(parseInstantText("2026-05-01T02:00:00 0200")).toBe(at("2026-05-01T00:00:00Z"));
  });
});

describe("parseInstantText rounds fractions up to the next millisecond", () => {
  // The store keeps milliseconds, so every stored started_at is a whole number of milliseconds m.
  // For a bound b that falls between two milliseconds, m >= b holds exactly when m >= ceil(b), and
  // m < b exactly when m < ceil(b). Rounding both ends of the half-open window up therefore selects
  // exactly the stored tasks the exact bounds select. Rounding down would be wrong at both ends:
  // from=...00.0005 would include a task at ...00.000, and to=...00.0025 would drop one at ...00.002.
  it.each([
    ["2026-05-01T00:00:00.0001Z", "2026-05-01T00:00:00.001Z"],
    ["2026-05-01T00:00:00.1231Z", "2026-05-01T00:00:00.124Z"],
    ["2026-05-01T00:00:00.123000000Z", "2026-05-01T00:00:00.123Z"],
    ["2026-05-01T00:00:00.123456789Z", "2026-05-01T00:00:00.124Z"],
    ["2026-05-01T00:00:00.000000001Z", "2026-05-01T00:00:00.001Z"],
    ["2026-05-01T00:00:00.9999Z", "2026-05-01T00:00:01.000Z"],
    ["2026-12-31T23:59:59.9999999+00:00", "2027-01-01T00:00:00.000Z"],
    ["2026-05-01T00:00:00.5Z", "2026-05-01T00:00:00.500Z"],
    ["2026-05-01T00:00:00.05Z", "2026-05-01T00:00:00.050Z"],
  ])("%s -> %s", (text, expected) => {
    expect(parseInstantText(text)).toBe(at(expected));
  });

  it("keeps every exact millisecond exact (no floating-point drift)", () => {
    for (let ms = 0; ms < 1000; ms++) {
      const fraction = String(ms).padStart(3, "0");
      for (const text of [`2026-05-01T00:00:00.${fraction}Z`, `2026-05-01T00:00:00.${fraction}000000Z`]) {
        expect(parseInstantText(text), text).toBe(at("2026-05-01T00:00:00Z") + ms);
      }
    }
  });

  it("selects exactly the stored milliseconds the exact bounds select", () => {
    const stored = [0, 1, 2, 3].map((ms) => at("2026-05-01T00:00:00Z") + ms);
    const from = parseInstantText("2026-05-01T00:00:00.0005Z") ?? Number.NaN;
    const to = parseInstantText("2026-05-01T00:00:00.0025Z") ?? Number.NaN;
    expect(stored.filter((m) => m >= from && m < to)).toEqual([stored[1], stored[2]]);
  });
});

describe("parseInstantText rejects", () => {
  it.each([
    ["no offset", "2026-05-01T00:00:00"],
    ["no offset, with a fraction", "2026-05-01T00:00:00.123"],
    ["a date only", "2026-05-01"],
    ["2026-02-29 (2026 is not a leap year)", "2026-02-29T00:00:00Z"],
    ["1900-02-29 (not a leap year)", "1900-02-29T00:00:00Z"],
    ["2026-02-30", "2026-02-30T00:00:00Z"],
    ["2026-04-31", "2026-04-31T00:00:00Z"],
    ["month 13", "2026-13-01T00:00:00Z"],
    ["month 00", "2026-00-01T00:00:00Z"],
    ["day 00", "2026-05-00T00:00:00Z"],
    ["24:00", "2026-05-01T24:00:00Z"],
    ["25:00", "2026-05-01T25:00:00Z"],
    ["23:60", "2026-05-01T23:60:00Z"],
    ["a leap second 23:59:60", "2026-06-30T23:59:60Z"],
    ["an offset of 24 hours", "2026-05-01T00:00:00+24:00"],
    ["an offset of 60 minutes", "2026-05-01T00:00:00+05:60"],
    ["a one-digit offset hour", "2026-05-01T00:00:00+5:30"],
    ["a space instead of T", "2026-05-01 00:00:00Z"],
    ["ten fraction digits", "2026-05-01T00:00:00.1234567890Z"],
    ["an empty fraction", "2026-05-01T00:00:00.Z"],
    ["a five-digit year", "99999-01-01T00:00:00Z"],
    ["an expanded year", "+002026-05-01T00:00:00Z"],
    ["a one-digit month", "2026-5-01T00:00:00Z"],
    ["trailing text", "2026-05-01T00:00:00Zjunk"],
    ["leading space", " 2026-05-01T00:00:00Z"],
    ["trailing newline", "2026-05-01T00:00:00Z\n"],
    ["a zone name", "2026-05-01T00:00:00+02:00[Europe/Berlin]"],
    ["fullwidth digits", "２０２６-05-01T00:00:00Z"],
    ["epoch milliseconds", "1777593600000"],
    ["the empty string", ""],
  ])("%s", (_name, text) => {
    expect(parseInstantText(text)).toBeUndefined();
    expect(rejection(text)).toMatch(/^"from" must be an ISO 8601 timestamp/);
  });

  it("names the parameter it was given", () => {
    expect(rejection("yesterday", "to")).toMatch(/^"to" must be/);
  });
});

describe("an instant written in a file or on a command line", () => {
  it("takes no space for the offset's sign, which only a query string's decoding puts there", () => {
    expect(parseWrittenInstant("2026-01-01T10:00:00+02:00")).toBe(Date.parse("2026-01-01T08:00:00Z"));
    expect(parseInstantText("2026-01-01T10:00:00 02:00")).toBe(Date.parse("2026-01-01T08:00:00Z"));
    expect(parseWrittenInstant("2026-01-01T10:00:00 02:00")).toBeUndefined();
  });
});
