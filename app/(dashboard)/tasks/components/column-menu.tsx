"use client";
import { lazy } from "react";
import type { ColumnId } from "@/lib/task-format/task-columns";
import { ToolbarMenu } from "./toolbar-menu";

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
  return (
    <ToolbarMenu
      label="Columns"
      panel={(controls) => <ColumnMenuList columns={columns} onChange={onChange} {...controls} />}
    />
  );
}
