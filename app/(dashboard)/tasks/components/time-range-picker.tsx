"use client";
import { useState } from "react";
import { RANGE_PRESETS } from "@/lib/client/filter-words";
import {
  isCalendarRange,
  type RangePreset,
  type TaskFilters,
  type TimeWindow,
} from "@/lib/client/task-filters";
import { browserTimeZone } from "@/lib/client/browser-zone";
import { toLocalInputValue, zoneAbbreviation } from "@/lib/client/time-format";
import { useInBrowser } from "@/lib/client/use-in-browser";

// "From" and "To" in the browser's zone (named beside them), with presets that stay relative:
// whole days, weeks (from Monday) and months in the zone the table shows, or spans ending now.
export function TimeRangePicker({
  filters,
  window,
  zone: calendarZone,
  onChange,
}: {
  filters: TaskFilters;
  window: TimeWindow;
  /** The zone calendar presets are counted in (table-view.ts's calendarZone). */
  zone: string;
  onChange: (change: Partial<TaskFilters>) => void;
}) {
  const zone = browserTimeZone();
  // The fields and the zone's name are the browser's: the server's zone may differ (use-in-browser.ts).
  const inBrowser = useInBrowser();

  function setBound(bound: "from" | "to", text: string) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return;
    const next = {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      [bound]: instant.toISOString(),
    };
    onChange({ range: "custom", ...next });
  }

  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Time window</legend>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Range
        <select
          value={filters.range}
          onChange={(event) => {
            const range = event.target.value as RangePreset | "custom";
            if (range === "custom") setBound("from", toLocalInputValue(window.from));
            else onChange({ range, from: undefined, to: undefined });
          }}
          className="rounded border border-slate-400 bg-white px-2 py-1 font-normal dark:bg-slate-900"
        >
          {Object.entries(RANGE_PRESETS).map(([preset, label]) => (
            <option key={preset} value={preset}>
              {label}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      {(["from", "to"] as const).map((bound) => (
        <DateTimeField
          key={`${bound}-${window[bound].getTime()}-${inBrowser}`}
          label={bound === "from" ? "From" : "To"}
          value={toLocalInputValue(window[bound])}
          onCommit={(text) => setBound(bound, text)}
        />
      ))}
      <span className="pb-1.5 text-xs text-slate-600 dark:text-slate-400" data-testid="picker-zone">
        {inBrowser && (
          <>
            Times in {zone}
            {zoneAbbreviation(zone) !== zone && ` (${zoneAbbreviation(zone)})`}
            {calendarZone !== zone && isCalendarRange(filters.range) && `; days counted in ${calendarZone}`}
          </>
        )}
      </span>
    </fieldset>
  );
}

/** Commits on Enter or leaving the field, not on every segment typed, so one edit is one query. */
function DateTimeField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type="datetime-local"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        className="rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
      />
    </label>
  );
}
