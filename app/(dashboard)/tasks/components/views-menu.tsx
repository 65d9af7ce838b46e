"use client";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// Saved views: save the page as it is shown under a name, open one, and manage one's own. The
// panel (views-menu-panel.tsx) and its reads load the first time the menu opens, not with the page.
const ViewsMenuPanel = lazy(() =>
  import("./views-menu-panel").then((module) => ({ default: module.ViewsMenuPanel })),
);

export function ViewsMenu({ state }: { state: TaskListState }) {
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
        Views
      </summary>
      {open && (
        <Suspense
          fallback={<p className="absolute z-20 mt-1 rounded bg-white p-2 dark:bg-slate-900">Loading…</p>}
        >
          <ViewsMenuPanel state={state} menu={menu} button={button} close={close} />
        </Suspense>
      )}
    </details>
  );
}
