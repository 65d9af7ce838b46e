"use client";
import { useMemo, useState } from "react";
import type { Location } from "@/lib/client/api-types";

// A location by name: a search box narrows the list (31 branches are too many to scan), the
// select picks one. The selected one always stays in the list.
export function LocationPicker({
  locations,
  value,
  onChange,
}: {
  locations: readonly Location[];
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return locations.filter(
      (location) =>
        location.id === value ||
        !needle ||
        `${location.name} ${location.id} ${location.address}`.toLowerCase().includes(needle),
    );
  }, [locations, search, value]);

  return (
    <div className="flex items-end gap-1">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Location
        <select
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value || undefined)}
          className="w-56 rounded border border-slate-400 bg-white px-2 py-1 font-normal dark:bg-slate-900"
        >
          <option value="">All locations</option>
          {value && !locations.some((location) => location.id === value) && (
            <option value={value}>{value}</option>
          )}
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
          className="w-36 rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
        />
      </label>
    </div>
  );
}
