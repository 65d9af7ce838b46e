import type { TimeZoneChoice } from "./table-view";
import { browserTimeZone } from "./browser-zone";

// The one IANA zone the summary counts days in. "Location time" has one zone only when the tasks
// in view share it (one location chosen, or all locations in one zone); otherwise a day would
// mean different hours per location, so the browser's zone stands in and the chart says so.

export function summaryZone(
  choice: TimeZoneChoice,
  locationIds: readonly string[],
  zoneOfLocation: ReadonlyMap<string, string>,
): string {
  if (choice === "utc") return "UTC";
  if (choice === "local") return browserTimeZone();
  const ids = locationIds.length > 0 ? locationIds : [...zoneOfLocation.keys()];
  const zones = new Set(ids.map((id) => zoneOfLocation.get(id)));
  const [only] = zones;
  return zones.size === 1 && only ? only : browserTimeZone();
}
