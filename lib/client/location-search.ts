import type { Location } from "./api-types";

// Staff type what is on their keyboard: "zur" must find "Zürich Airport" and "sao" "São
// Paulo–Guarulhos", so names and the search are compared without accents or case.
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Whether a location's name, id, address or zone holds the search; an empty search matches all. */
export function locationMatches(location: Location, search: string): boolean {
  const needle = fold(search.trim());
  return (
    needle === "" ||
    fold(`${location.name} ${location.id} ${location.address} ${location.timezone}`).includes(needle)
  );
}
