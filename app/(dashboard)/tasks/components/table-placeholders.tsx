"use client";

const SKELETON_ROWS = 12;

/**
 * Grey rows in the table's shape while the first page loads. They pulse, unless the person's
 * system asks for less motion: then they hold still, however long the list waits (a spent budget
 * can mean a minute of them).
 */
export function SkeletonRows({ columns, template }: { columns: number; template: string }) {
  return (
    <div aria-hidden="true" data-testid="skeleton-rows">
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <div
          key={row}
          className="grid h-9 items-center border-b border-slate-200 dark:border-slate-800"
          style={{ gridTemplateColumns: template }}
        >
          {Array.from({ length: columns }, (_, cell) => (
            <div
              key={cell}
              className="mx-2 h-3 motion-safe:animate-pulse rounded bg-slate-200 dark:bg-slate-800"
            />
          ))}
        </div>
      ))}
    </div>
  );
}
