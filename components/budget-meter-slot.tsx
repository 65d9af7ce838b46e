"use client";
import { lazy, Suspense } from "react";
import { BudgetPending } from "./budget-pending";

// The header's budget meter loads after the page (its first figure waits for /api/budget anyway):
// every page's first load carries the header, and /tasks has a first-load budget (issue 16).
const BudgetMeter = lazy(() => import("./budget-meter").then((module) => ({ default: module.BudgetMeter })));

export function BudgetMeterSlot() {
  return (
    <Suspense fallback={<BudgetPending />}>
      <BudgetMeter />
    </Suspense>
  );
}
