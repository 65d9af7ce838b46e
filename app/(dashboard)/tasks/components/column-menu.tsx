"use client";
import { lazy } from "react";
import type { TableView } from "@/lib/client/table-view";
import { ToolbarMenu } from "./toolbar-menu";

// Show, hide, reorder and pin columns. The list itself (column-menu-list.tsx) is loaded the first time
// the menu opens, not with the tasks page.
const ColumnMenuList = lazy(() =>
  import("./column-menu-list").then((module) => ({ default: module.ColumnMenuList })),
);

export function ColumnMenu({
  view,
  onChange,
}: {
  view: TableView;
  onChange: (change: Partial<TableView>) => void;
}) {
  return (
    <ToolbarMenu
      label="Columns"
      panel={(controls) => (
        <ColumnMenuList columns={view.columns} pinned={view.pinned} onChange={onChange} {...controls} />
      )}
    />
  );
}
