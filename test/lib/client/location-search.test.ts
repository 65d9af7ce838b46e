import { describe, expect, it } from "vitest";
import type { Location } from "@/lib/client/api-types";
import { locationMatches } from "@/lib/client/location-search";

const zurich: Location = {
  id: "loc_zrh_airport",
  name: "Zürich Airport",
  timezone: "Europe/Zurich",
  address: "Flughafen, 8058 Zürich, Switzerland",
};
const saoPaulo: Location = {
  id: "loc_gru_airport",
  name: "São Paulo–Guarulhos International Airport",
  timezone: "America/Sao_Paulo",
  address: "Rod. Hélio Smidt, Guarulhos, Brazil",
};

describe("searching locations", () => {
  it("ignores accents and case on both sides", () => {
    expect(locationMatches(zurich, "zur")).toBe(true);
    expect(locationMatches(zurich, "ZÜR")).toBe(true);
    expect(locationMatches(saoPaulo, "sao paulo")).toBe(true);
    expect(locationMatches(saoPaulo, "helio")).toBe(true);
  });

  it("looks at the id and the zone too, and an empty search matches everything", () => {
    expect(locationMatches(saoPaulo, "gru_")).toBe(true);
    expect(locationMatches(zurich, "europe/")).toBe(true);
    expect(locationMatches(zurich, "  ")).toBe(true);
    expect(locationMatches(zurich, "paulo")).toBe(false);
  });
});
