"use client";
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { FilterOption } from "@/lib/client/filter-options";
import { useMenuDismissal } from "@/lib/client/use-menu-dismissal";

// The open list of a multi-value filter (multi-select.tsx): a checkbox per value with its count,
// chosen values first; a search box narrows long lists. Each change is a new view (and history
// entry) at once, so the count and rows follow the boxes as they are ticked.

/** Above this many values the list gets a search box. */
const SEARCH_FROM = 8;

export function MultiSelectOptions({
  label,
  options,
  selected,
  onChange,
  waiting,
  oneAtMost,
  menu,
  button,
  close,
}: {
  label: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (values: string[] | undefined) => void;
  waiting: string | undefined;
  oneAtMost: boolean;
  menu: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  close: () => void;
}) {
  useMenuDismissal({ menu, button, close });
  const [search, setSearch] = useState("");
  // Opens to the right of its button, or to its left where the window ends first (the last
  // filter of a row on a wide screen), so the counts are never cut off.
  const panel = useRef<HTMLDivElement>(null);
  const [toLeft, setToLeft] = useState(false);
  useLayoutEffect(() => {
    const box = panel.current?.getBoundingClientRect();
    if (box && box.right > document.documentElement.clientWidth) setToLeft(true);
  }, []);
  const blocked = waiting !== undefined && !oneAtMost;
  // A chosen value the window has no task of still shows, so it can be unticked.
  const all = useMemo((): FilterOption[] => {
    const known = new Set(options.map((option) => option.value));
    const missing = selected.filter((value) => !known.has(value)).map((value) => ({ value, label: value }));
    return [...missing, ...options];
  }, [options, selected]);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? all.filter(
        (option) =>
          selected.includes(option.value) ||
          option.label.toLowerCase().includes(needle) ||
          option.value.toLowerCase().includes(needle),
      )
    : all;

  const toggle = (value: string, on: boolean) => {
    if (waiting !== undefined && oneAtMost) return onChange(on ? [value] : undefined);
    const next = on ? [...selected, value] : selected.filter((chosen) => chosen !== value);
    onChange(next.length > 0 ? next : undefined);
  };

  return (
    <div
      ref={panel}
      className={`absolute ${toLeft ? "right-0" : "left-0"} z-20 mt-1 flex max-h-96 w-72 max-w-[calc(100vw-2rem)] flex-col gap-2 overflow-auto rounded border border-slate-300 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
    >
      {waiting && (
        <p className="text-xs text-amber-900 dark:text-amber-200" data-testid="filter-waits">
          {oneAtMost ? `One at a time for now. ${waiting}` : waiting}
        </p>
      )}
      {all.length > SEARCH_FROM && (
        <input
          type="search"
          aria-label={`Find a ${label.toLowerCase()}`}
          placeholder="Find…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="rounded border border-slate-400 bg-transparent px-2 py-1"
        />
      )}
      <fieldset className="flex flex-col" disabled={blocked}>
        <legend className="sr-only">{label}</legend>
        {shown.length === 0 && (
          <p className="px-1 text-slate-600 dark:text-slate-400">None to choose from.</p>
        )}
        {shown.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              title={option.value}
              className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <input
                // The name alone, then the count: "Oil change, 123 tasks" (not "Oil change123").
                aria-label={
                  option.count === undefined ? option.label : `${option.label}, ${option.count} tasks`
                }
                type={waiting !== undefined && oneAtMost ? "radio" : "checkbox"}
                name={waiting !== undefined && oneAtMost ? `${label}-one` : undefined}
                checked={checked}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onClick={(event) => {
                  // A radio cannot be unticked by itself: a second click on the chosen one clears it.
                  if (checked && event.currentTarget.type === "radio") toggle(option.value, false);
                }}
              />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              {option.count !== undefined && (
                <span aria-hidden="true" className="tabular-nums text-slate-600 dark:text-slate-400">
                  {option.count.toLocaleString("en-US")}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      {selected.length > 0 && (
        <button type="button" onClick={() => onChange(undefined)} className="self-start text-xs underline">
          Clear
        </button>
      )}
    </div>
  );
}
