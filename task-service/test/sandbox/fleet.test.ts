import { describe, expect, it } from "vitest";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { buildFleet, fleetSize } from "../../src/sandbox/fleet";
import { CATALOG } from "../../src/sandbox/location-catalog";
import { homeTable } from "../../src/sandbox/task-location";
import { VEHICLE_MAKES } from "../../src/sandbox/vehicle-makes";
import { VIN_ALPHABET, isValidVin } from "../../src/sandbox/vin";

const homes = homeTable(CATALOG);
const fleet = buildFleet({ key: 11, size: 25_000, currentYear: 2025, homes });

describe("fleetSize", () => {
  it("is min(taskCount, max(1000, ceil(taskCount / 40)))", () => {
    expect(fleetSize(1)).toBe(1);
    expect(fleetSize(10)).toBe(10);
    expect(fleetSize(999)).toBe(999);
    expect(fleetSize(1_000)).toBe(1_000);
    expect(fleetSize(20_000)).toBe(1_000);
    expect(fleetSize(40_001)).toBe(1_001);
    expect(fleetSize(1_000_000)).toBe(25_000);
  });
});

describe("buildFleet", () => {
  it("is deterministic for a key and changes with the key", () => {
    const small = buildFleet({ key: 11, size: 50, currentYear: 2025, homes });
    expect(buildFleet({ key: 11, size: 50, currentYear: 2025, homes })).toEqual(small);
    // Growing the fleet keeps the existing vehicles' numbers.
    expect(small.map((vehicle) => vehicle.mva)).toEqual(fleet.slice(0, 50).map((vehicle) => vehicle.mva));
    const other = buildFleet({ key: 12, size: 50, currentYear: 2025, homes });
    expect(other.map((vehicle) => vehicle.mva)).not.toEqual(small.map((vehicle) => vehicle.mva));
  });

  it("gives unique ids and unique 8-digit fleet numbers matching the identifier pattern", () => {
    expect(new Set(fleet.map((vehicle) => vehicle.id)).size).toBe(fleet.length);
    expect(new Set(fleet.map((vehicle) => vehicle.mva)).size).toBe(fleet.length);
    expect(fleet.filter((vehicle) => !/^veh_\d{6}$/.test(vehicle.id))).toEqual([]);
    expect(fleet.filter((vehicle) => !/^[1-9]\d{7}$/.test(vehicle.mva))).toEqual([]);
    const identifiers = fleet.flatMap((vehicle) => [vehicle.id, vehicle.mva]);
    expect(identifiers.filter((id) => !IDENTIFIER_PATTERN.test(id))).toEqual([]);
  });

  it("gives valid, unique VINs from real manufacturer codes", () => {
    const vins = fleet.flatMap((vehicle) => (vehicle.vin === null ? [] : [vehicle.vin]));
    expect(new Set(vins).size).toBe(vins.length);
    const wmis = new Set(VEHICLE_MAKES.map((make) => make.wmi));
    expect(vins.filter((vin) => !isValidVin(vin) || !wmis.has(vin.slice(0, 3)))).toEqual([]);
    expect(new Set(vins.map((vin) => vin.slice(0, 3))).size).toBe(wmis.size);
    // Model years stay within a young rental fleet: 2021-2026 for the 2025 anchor year.
    expect(new Set(vins.map((vin) => vin.charAt(9)))).toEqual(new Set(["M", "N", "P", "R", "S", "T"]));
  });

  it("describes every make with VIN-legal characters", () => {
    for (const make of VEHICLE_MAKES) {
      for (const part of [make.wmi, ...make.descriptors, make.plants]) {
        for (const char of part) expect(VIN_ALPHABET).toContain(char);
      }
      expect(make.wmi).toHaveLength(3);
      for (const descriptor of make.descriptors) expect(descriptor).toHaveLength(5);
    }
  });

  it("leaves about 2-3% of vehicles without a VIN, and always at least one", () => {
    const missing = fleet.filter((vehicle) => vehicle.vin === null).length / fleet.length;
    expect(missing).toBeGreaterThan(0.015);
    expect(missing).toBeLessThan(0.035);
    for (let key = 0; key < 20; key++) {
      const small = buildFleet({ key, size: 10, currentYear: 2025, homes });
      expect(small.some((vehicle) => vehicle.vin === null)).toBe(true);
    }
  });

  it("has plausible mileage profiles, a share of EVs and homes across the catalogue", () => {
    const implausible = fleet.filter(
      (vehicle) =>
        !(vehicle.baseMiles >= 3_000 && vehicle.baseMiles <= 60_000) ||
        !(vehicle.milesPerDay >= 20 && vehicle.milesPerDay <= 120),
    );
    expect(implausible).toEqual([]);
    const electric = fleet.filter((vehicle) => vehicle.electric).length / fleet.length;
    expect(electric).toBeGreaterThan(0.05);
    expect(electric).toBeLessThan(0.15);
    expect(new Set(fleet.map((vehicle) => vehicle.homeIndex)).size).toBe(CATALOG.length);
  });
});
