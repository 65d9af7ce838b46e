import type { Location } from "./api-types";

// People look a branch up by its name, as their language orders names ("São Paulo" among the
// S's, "Terminal 5" before "Terminal 12"); the service lists branches by id, which reads as no
// order at all. The id breaks ties, so two branches of one name keep a stable order.
const names = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

export function locationsByName<T extends Pick<Location, "id" | "name">>(locations: readonly T[]): T[] {
  return [...locations].sort((a, b) => names.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}
