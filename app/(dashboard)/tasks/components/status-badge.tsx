const STYLES: Record<string, string> = {
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  in_progress: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  cancelled: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

// Statuses the service may add later still show, in a neutral badge.
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status] ?? STYLES.cancelled}`}>
      {status.replace(/_/g, " ")}
    </span>
  );
}
