// Where a vehicle's task happens: mostly at its home branch, sometimes at another branch of the same
// metro (one-way rentals within a city), occasionally elsewhere in the same country.

import type { CatalogLocation } from "./location-catalog";
import { WeightedTable, at, type Rng } from "../../../platform/prng";

const HOME_SHARE = 0.85;
/** Of the tasks away from home, the share at a sister branch in the same metro (when there is one). */
const SAME_METRO_SHARE = 0.5;

export type LocationChooser = (rng: Rng, homeIndex: number) => number;

interface Neighbours {
  sameMetro: readonly number[];
  sameCountry: WeightedTable<number> | null;
}

export function createLocationChooser(catalog: readonly CatalogLocation[]): LocationChooser {
  const neighbours: Neighbours[] = catalog.map((home, homeIndex) => {
    const others = catalog.flatMap((other, index) => (index === homeIndex ? [] : [{ other, index }]));
    const sameCountry = others.filter(({ other }) => other.country === home.country);
    return {
      sameMetro: sameCountry.filter(({ other }) => other.metro === home.metro).map(({ index }) => index),
      sameCountry:
        sameCountry.length === 0
          ? null
          : new WeightedTable(sameCountry.map(({ other, index }): [number, number] => [index, other.weight])),
    };
  });
  return (rng, homeIndex) => {
    if (rng.chance(HOME_SHARE)) return homeIndex;
    const { sameMetro, sameCountry } = at(neighbours, homeIndex);
    if (sameMetro.length > 0 && rng.chance(SAME_METRO_SHARE)) return at(sameMetro, rng.int(sameMetro.length));
    return sameCountry === null ? homeIndex : sameCountry.pick(rng);
  };
}

/** Homes are spread over branches by their weight, so airports hold most of the fleet. */
export function homeTable(catalog: readonly CatalogLocation[]): WeightedTable<number> {
  return new WeightedTable(catalog.map((location, index): [number, number] => [index, location.weight]));
}

/** For each branch, the branches of its country (itself included): a vehicle's home region. */
export function homeRegions(catalog: readonly CatalogLocation[]): number[][] {
  return catalog.map((home) =>
    catalog.flatMap((other, index) => (other.country === home.country ? [index] : [])),
  );
}
