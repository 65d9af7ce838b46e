"use client";
import { lazy } from "react";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { ToolbarMenu } from "./toolbar-menu";

// Saved views: save the page as it is shown under a name, open one, and manage one's own. The
// panel (views-menu-panel.tsx) and its reads load the first time the menu opens, not with the page.
const ViewsMenuPanel = lazy(() =>
  import("./views-menu-panel").then((module) => ({ default: module.ViewsMenuPanel })),
);

export function ViewsMenu({ state }: { state: TaskListState }) {
  return (
    <ToolbarMenu
      label="Views"
      loading={<p className="absolute z-20 mt-1 rounded bg-white p-2 dark:bg-slate-900">Loading…</p>}
      panel={(controls) => <ViewsMenuPanel state={state} {...controls} />}
    />
  );
}
