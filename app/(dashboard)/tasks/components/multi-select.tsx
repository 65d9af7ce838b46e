"use client";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import type { FilterOption } from "@/lib/client/filter-options";

// A filter that takes several values (any of them matches): a button that names what is chosen,
// opening a list of checkboxes. The list is loaded the first time one opens, not with the page.
const MultiSelectOptions = lazy(() =>
  import("./multi-select-options").then((module) => ({ default: module.MultiSelectOptions })),
);

/** One empty list for "nothing chosen", so the open list sees the same value from render to render. */
const NONE: readonly string[] = [];

export function MultiSelect({
  label,
  anyLabel,
  options,
  selected,
  onChange,
  waiting,
  oneAtMost,
  testId,
}: {
  label: string;
  /** The button's text with nothing chosen ("Any status"). */
  anyLabel: string;
  options: readonly FilterOption[];
  selected: readonly string[] | undefined;
  onChange: (values: string[] | undefined) => void;
  /** Why (part of) the choice waits for the mirror; shown in the list. */
  waiting: string | undefined;
  /** While waiting: one value may still be chosen (the live path takes one), or none at all. */
  oneAtMost: boolean;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const chosen = selected ?? NONE;
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const summary =
    chosen.length === 0 ? anyLabel : chosen.length === 1 ? labelOf(chosen[0]!) : `${chosen.length} selected`;

  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="font-medium" id={`${testId}-label`}>
        {label}
      </span>
      <details
        ref={menu}
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="relative"
        data-testid={testId}
      >
        <summary
          ref={button}
          aria-labelledby={`${testId}-label ${testId}-summary`}
          // The chosen values in full: a long name or several do not fit the button.
          title={chosen.length > 0 ? chosen.map(labelOf).join(", ") : undefined}
          className="flex w-44 cursor-pointer list-none items-center justify-between gap-1 rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-900 [&::-webkit-details-marker]:hidden"
        >
          {/* Cut with an ellipsis, beside the arrow: a name longer than the box never takes a
              second line (a floated arrow after it did). */}
          <span id={`${testId}-summary`} className="min-w-0 truncate">
            {summary}
          </span>
          <span aria-hidden="true" className="shrink-0">
            ▾
          </span>
        </summary>
        {open && (
          <Suspense>
            <MultiSelectOptions
              label={label}
              options={options}
              selected={chosen}
              onChange={onChange}
              waiting={waiting}
              oneAtMost={oneAtMost}
              menu={menu}
              button={button}
              close={close}
            />
          </Suspense>
        )}
      </details>
    </div>
  );
}
