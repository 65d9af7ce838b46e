"use client";
import { useQuery } from "@tanstack/react-query";
import { budgetQuery } from "@/lib/client/task-queries";
import { budgetIsLow, queuedTotal } from "@/lib/client/budget-level";

// The shared upstream budget as staff see it: calls left in this minute, and why things wait.
export function BudgetMeter() {
  const { data } = useQuery(budgetQuery);
  if (!data) return <span className="text-xs text-slate-500 dark:text-slate-400">Budget: …</span>;
  const low = budgetIsLow(data);
  const share = data.limit > 0 ? Math.max(0, Math.min(1, data.remaining / data.limit)) : 0;
  const queued = queuedTotal(data);
  const waiting =
    data.paused_for_seconds > 0
      ? `paused ${data.paused_for_seconds}s`
      : queued > 0
        ? `${queued} queued`
        : data.reset_in_seconds > 0
          ? `resets in ${data.reset_in_seconds}s`
          : undefined;
  return (
    <div
      className="flex items-center gap-2 text-xs"
      title="Upstream requests left in the current minute, shared by all staff"
    >
      <span id="budget-label">Upstream budget</span>
      <meter
        aria-labelledby="budget-label"
        min={0}
        max={Math.max(data.limit, 1)}
        low={Math.max(data.limit, 1) * 0.25}
        optimum={Math.max(data.limit, 1)}
        value={data.remaining}
        className="h-2 w-20"
      />
      <span
        data-testid="budget-remaining"
        className={low ? "font-semibold text-amber-700 dark:text-amber-300" : undefined}
      >
        {data.remaining}/{data.limit} left{(share < 1 || queued > 0) && waiting ? `, ${waiting}` : ""}
      </span>
    </div>
  );
}
