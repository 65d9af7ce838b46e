"use client";
import { useRouter } from "next/navigation";
import { useLayoutEffect, useRef } from "react";
import { useFocusTrap } from "@/components/use-focus-trap";
import { TaskDetail } from "./task-detail";

// The task opened from the table, over the list. Esc or the close button go back to the list
// (the drawer is a history entry, so the browser's back button closes it too). While it is open,
// Tab stays inside it, as in any dialog: the rows behind it are partly covered, and focus on one
// of them would be out of sight.
// Its keys are listened for from the commit that shows it (a layout effect): a passive effect
// runs after paint, so an Esc pressed as the drawer appears could go unheard.
export function TaskDrawer({ id }: { id: string }) {
  const router = useRouter();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog);

  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") router.back();
    };
    document.addEventListener("keydown", onKey);
    document.getElementById("task-detail-heading")?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [router, id]);

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby="task-detail-heading"
      className="absolute inset-y-0 right-0 z-30 w-full max-w-xl overflow-y-auto border-l border-slate-300 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-950"
      data-testid="task-drawer"
    >
      <button
        type="button"
        onClick={() => router.back()}
        className="float-right rounded border border-slate-400 px-2 py-0.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        Close <span className="sr-only">task</span>
        <kbd className="ml-1 text-xs text-slate-500 dark:text-slate-400">Esc</kbd>
      </button>
      <TaskDetail id={id} headingLevel="h2" />
    </div>
  );
}
