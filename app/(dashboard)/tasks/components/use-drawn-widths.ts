"use client";
import { useEffect, useState, type RefObject } from "react";
import { isColumnId, type ColumnId } from "@/lib/task-format/task-columns";
import type { ColumnWidths } from "@/lib/client/table-view";

/**
 * The width each `[data-column]` cell inside `row` is drawn at, in whole CSS pixels (padding and
 * border included), following its resizes. A column that shares the room left has no width of its
 * own until it is measured: none on the server, nor in the browser before its first layout.
 * `columns` says when cells come and go.
 */
export function useDrawnWidths(
  row: RefObject<HTMLElement | null>,
  columns: readonly ColumnId[],
): ColumnWidths {
  const [drawn, setDrawn] = useState<ColumnWidths>({});
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) =>
      setDrawn((old) => {
        // The same object while nothing moved, so a resize elsewhere renders nothing.
        let next = old;
        for (const entry of entries) {
          const id = entry.target instanceof HTMLElement ? entry.target.dataset.column : undefined;
          if (id === undefined || !isColumnId(id)) continue;
          const px = Math.round(entry.borderBoxSize[0]?.inlineSize ?? 0);
          // A grid that is not laid out (hidden) has drawn nothing to tell.
          const width = px > 0 ? px : undefined;
          if (next[id] === width) continue;
          if (next === old) next = { ...old };
          if (width === undefined) delete next[id];
          else next[id] = width;
        }
        return next;
      }),
    );
    for (const cell of element.querySelectorAll<HTMLElement>("[data-column]")) observer.observe(cell);
    return () => observer.disconnect();
  }, [row, columns]);
  return drawn;
}
