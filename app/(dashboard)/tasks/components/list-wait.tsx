"use client";
import { BudgetWaitNotice, ServiceWaitNotice } from "@/components/wait-notices";
import { budgetIsSpent } from "@/lib/client/budget-level";
import { budgetResetSeconds, type BudgetReading } from "@/lib/client/export-waiting";
import { useNow } from "@/lib/client/use-now";
import { useRetryWait } from "@/lib/client/use-retry-countdown";
import type { TaskListQuery } from "./table-status";

// What the list is waiting for, while it waits, with a countdown: a request refused for the
// shared budget or not answered by the service (both sent again by themselves), or one still
// queued on the server because the budget says it is spent. The last is shown as soon as the
// budget says so: its answer may take until the request's deadline, seconds of blank table.
export function ListWait({ list, budget }: { list: TaskListQuery; budget: BudgetReading | undefined }) {
  const retry = useRetryWait(list.failureReason, list.failureCount, list.fetchStatus === "fetching");
  const queued = retry === undefined && list.isFetching && budgetIsSpent(budget?.snapshot);
  const now = useNow(queued);
  if (retry?.budget) return <BudgetWaitNotice seconds={retry.seconds} />;
  if (retry) return <ServiceWaitNotice message={retry.message} seconds={retry.seconds} />;
  if (queued) return <BudgetWaitNotice freesIn={budgetResetSeconds(budget, now)} />;
  return null;
}
