"use client";
import { useMemo, useState } from "react";
import type { Location } from "@/lib/client/api-types";
import { locationsByName } from "@/lib/client/location-order";
import { locationMatches } from "@/lib/client/location-search";

// A location by name: a search box narrows the list (31 branches are too many to scan), the
// select picks one. The selected one always stays in the list.
export function LocationPicker({
  locations,
  value,
  onChange,
  anyFilterActive,
}: {
  locations: readonly Location[];
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  /** Whether any task filter is on; when they all go (Clear filters), the search goes too. */
  anyFilterActive: boolean;
}) {
  const [search, setSearch] = useState("");
  // Set during render, not in an effect, so the narrowed list never shows for a frame after a clear.
  const [wasFiltered, setWasFiltered] = useState(anyFilterActive);
  if (anyFilterActive !== wasFiltered) {
    setWasFiltered(anyFilterActive);
    if (!anyFilterActive) setSearch("");
  }

  const sorted = useMemo(() => locationsByName(locations), [locations]);
  const matching = useMemo(
    () => sorted.filter((location) => locationMatches(location, search)),
    [sorted, search],
  );
  const shown = useMemo(
    () => sorted.filter((location) => location.id === value || matching.includes(location)),
    [sorted, matching, value],
  );
  const selected = locations.find((location) => location.id === value);

  return (
    <div className="flex max-w-full flex-wrap items-end gap-1">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Location
        {/* Wide enough for most names; the longest ones are whole in the tooltip. */}
        <select
          value={value ?? ""}
          title={selected?.name ?? value}
          onChange={(event) => onChange(event.target.value || undefined)}
          className="w-80 max-w-full rounded border border-slate-400 bg-white px-2 py-1 font-normal dark:bg-slate-900"
        >
          <option value="">All locations</option>
          {value && !selected && <option value={value}>{value}</option>}
          {shown.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        <span className="sr-only">Search locations</span>
        <input
          type="search"
          value={search}
          placeholder="Search locations"
          onChange={(event) => setSearch(event.target.value)}
          // Enter takes the one branch the search leaves, as a search box in a form is expected to.
          onKeyDown={(event) => {
            const [only, ...more] = matching;
            if (event.key === "Enter" && search.trim() && only && more.length === 0) {
              event.preventDefault();
              onChange(only.id);
            }
          }}
          className="w-36 rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
        />
      </label>
    </div>
  );
}
