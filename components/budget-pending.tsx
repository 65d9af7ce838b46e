/** The budget meter before its first reading (and before its code is in: budget-meter-slot.tsx). */
export function BudgetPending() {
  return <span className="text-xs text-slate-500 dark:text-slate-400">Budget: …</span>;
}
