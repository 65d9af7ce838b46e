import { describe, expect, it } from "vitest";
import {
  describeAccess,
  normaliseAccess,
  parseLocationScope,
  scopedLocations,
  seesLocation,
} from "@/lib/server/staff";

const branch = { role: "viewer", locations: ["loc_a", "loc_b"] } as const;
const everywhere = { role: "admin", locations: "all" } as const;

describe("a location scope", () => {
  it("narrows what a read asks for to the reader's locations, and never widens it", () => {
    expect(scopedLocations(everywhere, undefined)).toBeUndefined();
    expect(scopedLocations(everywhere, ["loc_z"])).toEqual(["loc_z"]);
    expect(scopedLocations(branch, undefined)).toEqual(["loc_a", "loc_b"]);
    expect(scopedLocations(branch, ["loc_b", "loc_z"])).toEqual(["loc_b"]);
    expect(scopedLocations(branch, ["loc_z"])).toEqual([]);
    expect(scopedLocations({ role: "viewer", locations: [] }, undefined)).toEqual([]);
    expect(seesLocation(branch, "loc_a")).toBe(true);
    expect(seesLocation(branch, "loc_z")).toBe(false);
    expect(seesLocation(everywhere, "loc_z")).toBe(true);
  });

  it("is written on the command line as all or ids separated by commas", () => {
    expect(parseLocationScope("all")).toBe("all");
    expect(
      normaliseAccess({ role: "viewer", locations: parseLocationScope(" loc_b, loc_a ,loc_b") }),
    ).toEqual({
      role: "viewer",
      locations: ["loc_a", "loc_b"],
    });
    expect(parseLocationScope("")).toEqual([]);
    // Location ids are the service's identifiers: text that is none names no location.
    for (const bad of ["loc a", "loc_a,Main Street", "loc_\u0000", "x".repeat(129)])
      expect(() => parseLocationScope(bad), bad).toThrow();
    expect(describeAccess(branch)).toBe("viewer of loc_a, loc_b");
    expect(describeAccess(everywhere)).toBe("admin of all locations");
    expect(describeAccess({ role: "viewer", locations: [] })).toBe("viewer of no location");
  });
});
