import type { ReactNode } from "react";

// The control in a chart or a table alternative that filters the task table to what it counts.
export function PickButton({
  label,
  title,
  onPick,
  children,
}: {
  /** What a screen reader announces: the action and the count. */
  label: string;
  title?: string;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title}
      onClick={onPick}
      className="w-full rounded px-1 text-left hover:bg-slate-100 focus-visible:outline-2 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}
