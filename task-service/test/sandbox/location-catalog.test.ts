import { describe, expect, it } from "vitest";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { sandboxLocations } from "../../src/sandbox/generate-sandbox-data";
import { CATALOG } from "../../src/sandbox/location-catalog";

const locations = sandboxLocations();

describe("sandboxLocations", () => {
  it("returns the same catalogue on every call, as fresh objects", () => {
    const again = sandboxLocations();
    expect(again).toEqual(locations);
    expect(again[0]).not.toBe(locations[0]);
    expect(Object.keys(locations[0] ?? {}).sort()).toEqual(["address", "id", "name", "timezone"]);
  });

  it("has at least 20 branches with unique ids matching the identifier pattern, ordered by id", () => {
    expect(locations.length).toBeGreaterThanOrEqual(20);
    const ids = locations.map((location) => location.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(IDENTIFIER_PATTERN);
      expect(id).toMatch(/^loc_[a-z0-9_]+$/);
    }
    expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
  });

  it("spans at least 6 real IANA time zones", () => {
    const zones = new Set(locations.map((location) => location.timezone));
    expect(zones.size).toBeGreaterThanOrEqual(6);
    for (const timeZone of zones) {
      expect(() => new Intl.DateTimeFormat(undefined, { timeZone })).not.toThrow();
      expect(timeZone).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_]+$/);
    }
  });

  it("mixes airport and downtown branches", () => {
    const airports = CATALOG.filter((location) => location.kind === "airport");
    expect(airports.length).toBeGreaterThanOrEqual(10);
    expect(CATALOG.length - airports.length).toBeGreaterThanOrEqual(5);
    expect(airports.every((location) => /Airport/.test(location.name))).toBe(true);
  });

  it("has names with commas, double quotes and non-ASCII text", () => {
    const names = locations.map((location) => location.name);
    expect(names.filter((name) => name.includes(",")).length).toBeGreaterThanOrEqual(2);
    expect(names.filter((name) => name.includes('"')).length).toBeGreaterThanOrEqual(2);
    // eslint-disable-next-line no-control-regex
    expect(names.filter((name) => /[^\x00-\x7f]/.test(name)).length).toBeGreaterThanOrEqual(3);
    expect(names).toContain("Montréal–Trudeau Airport");
  });

  it("has single-line, plausible postal addresses", () => {
    for (const { name, address } of locations) {
      expect(name.trim()).toBe(name);
      expect(name).not.toMatch(/[\r\n|]/);
      expect(address).not.toMatch(/[\r\n|]/);
      expect(address).toMatch(/^\S.*, [A-Za-z ]+$/); // ends with the country
      expect(address).toMatch(/\d/);
    }
    expect(locations.filter(({ address }) => address.endsWith(", USA")).length).toBeGreaterThan(15);
  });

  it("weights every branch positively and groups branches by metro and country", () => {
    for (const location of CATALOG) {
      expect(location.weight).toBeGreaterThan(0);
      expect(location.metro).toMatch(/^[A-Z]{2,3}$/);
      expect(location.country.length).toBeGreaterThan(1);
    }
  });
});
