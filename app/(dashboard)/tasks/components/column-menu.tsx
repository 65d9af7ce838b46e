"use client";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import type { ColumnId } from "@/lib/task-format/task-columns";

// Show, hide and reorder columns. The list itself (column-menu-list.tsx) is loaded the first time
// the menu opens, not with the tasks page.
const ColumnMenuList = lazy(() =>
  import("./column-menu-list").then((module) => ({ default: module.ColumnMenuList })),
);

export function ColumnMenu({
  columns,
  onChange,
}: {
  columns: readonly ColumnId[];
  onChange: (columns: ColumnId[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);

  return (
    <details
      ref={menu}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="relative text-sm"
    >
      <summary
        ref={button}
        className="cursor-pointer rounded border border-slate-400 px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        Columns
      </summary>
      {open && (
        <Suspense>
          <ColumnMenuList columns={columns} onChange={onChange} menu={menu} button={button} close={close} />
        </Suspense>
      )}
    </details>
  );
}
