import { describe, expect, it } from "vitest";
import { locationsByName } from "@/lib/client/location-order";

const location = (id: string, name: string) => ({ id, name });

describe("locations in name order", () => {
  it("orders by name, not by the id the service orders by", () => {
    const byId = [
      location("loc_anc_airport", "Ted Stevens Anchorage International Airport"),
      location("loc_atl_midtown", "Atlanta, Midtown"),
      location("loc_lax_airport", "Los Angeles International Airport (LAX)"),
    ];
    expect(locationsByName(byId).map(({ name }) => name)).toEqual([
      "Atlanta, Midtown",
      "Los Angeles International Airport (LAX)",
      "Ted Stevens Anchorage International Airport",
    ]);
  });

  it("sorts accented letters with their base letter, ignores case and counts numbers", () => {
    const names = ["Zürich Airport", "seattle", "São Paulo", "Terminal 12", "San Francisco", "Terminal 5"];
    const sorted = locationsByName(names.map((name, index) => location(`loc_${index}`, name)));
    expect(sorted.map(({ name }) => name)).toEqual([
      "San Francisco",
      "São Paulo",
      "seattle",
      "Terminal 5",
      "Terminal 12",
      "Zürich Airport",
    ]);
  });

  it("keeps two branches of one name in id order and leaves its input alone", () => {
    const input = [location("loc_b", "Downtown"), location("loc_a", "Downtown")];
    expect(locationsByName(input).map(({ id }) => id)).toEqual(["loc_a", "loc_b"]);
    expect(input.map(({ id }) => id)).toEqual(["loc_b", "loc_a"]);
  });
});
