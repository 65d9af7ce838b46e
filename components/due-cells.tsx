import Link from "next/link";
import type { DueRow } from "@/lib/client/api-types";
import { LocalDay } from "@/components/local-day";
import { usePageZone } from "@/lib/client/use-in-browser";
import { calendarDaysBetween } from "@/lib/time/calendar-days";
import { taskTypeLabel } from "@/lib/task-format/task-labels";

// The cells of a due row that the due list and a vehicle's maintenance section draw alike: the
// program, the state's badge, when it is due, how late, the last job and the booked one.

export const STATE_LABELS: Record<DueRow["state"], string> = {
  overdue: "Overdue",
  due_soon: "Due soon",
  scheduled: "Booked",
  ok: "OK",
};

const STATE_STYLES: Record<DueRow["state"], string> = {
  overdue: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  due_soon: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  ok: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
};

const muted = "block text-xs text-slate-600 dark:text-slate-400";

const miles = (value: number) => `${value.toLocaleString("en-US")} mi`;

function DueStateBadge({ state }: { state: DueRow["state"] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[state]}`}>
      {STATE_LABELS[state]}
    </span>
  );
}

function DueWhen({ row }: { row: DueRow }) {
  // Miles alone, with no mileage rate to forecast a day by: the reading it is due at, no date.
  if (row.due_date === null && row.forecast_at === null && row.due_odometer !== null)
    return (
      <>
        At {miles(row.due_odometer)}
        <span className={muted}>no date: no mileage rate yet</span>
      </>
    );
  return (
    <>
      <LocalDay instant={row.due_at} />
      <span className={muted}>
        {row.due_by === "miles" && row.due_odometer !== null
          ? `at ${miles(row.due_odometer)} (forecast)`
          : "by date"}
      </span>
    </>
  );
}

/**
 * How late an overdue row is, in calendar days between the day it was due and the day it was
 * evaluated, in the zone its Due date is shown in (the browser's once hydrated, UTC before, as
 * LocalDay writes it): due the 4th and looked at on the 5th is a day, not "today" for being less
 * than 24 hours.
 */
function OverdueBy({ row, evaluatedAt }: { row: DueRow; evaluatedAt: string }) {
  const pageZone = usePageZone();
  if (row.state !== "overdue") return null;
  const days =
    row.overdue_days === null
      ? null
      : Math.max(0, calendarDaysBetween(new Date(row.due_at), new Date(evaluatedAt), pageZone));
  const parts = [
    days ? `${days.toLocaleString("en-US")} ${days === 1 ? "day" : "days"}` : null,
    row.overdue_miles ? miles(row.overdue_miles) : null,
  ].filter((part) => part !== null);
  return <>{parts.length > 0 ? parts.join(", ") : "today"}</>;
}

/** A job's day, opening the task; a job at a location outside the reader's is a day alone. */
function JobDay({ taskId, at }: { taskId: string | null; at: string }) {
  if (taskId === null) {
    return (
      <span title="At a location outside yours">
        <LocalDay instant={at} />
      </span>
    );
  }
  return (
    <Link
      href={`/tasks/${encodeURIComponent(taskId)}`}
      prefetch={false}
      className="underline underline-offset-2"
    >
      <LocalDay instant={at} />
    </Link>
  );
}

function LastJob({ row }: { row: DueRow }) {
  return (
    <>
      <JobDay taskId={row.last_done.task_id} at={row.last_done.at} />
      <span className={muted}>{miles(row.last_done.odometer_miles)}</span>
    </>
  );
}

function BookedJob({ row }: { row: DueRow }) {
  return row.booked ? (
    <JobDay taskId={row.booked.task_id} at={row.booked.at} />
  ) : (
    <span className="text-slate-600 dark:text-slate-400">Not booked</span>
  );
}

/** The headers of ProgramStandingCells, in their order. */
export const PROGRAM_STANDING_HEADERS = [
  "Program",
  "State",
  "Due",
  "Overdue by",
  "Last done",
  "Booked",
] as const;

/** `evaluatedAt`: when the page's rows were evaluated (its evaluated_at), which "Overdue by" counts to. */
export function ProgramStandingCells({ row, evaluatedAt }: { row: DueRow; evaluatedAt: string }) {
  const cell = "px-2 py-1.5";
  return (
    <>
      <td className={cell}>{taskTypeLabel(row.task_type)}</td>
      <td className={cell}>
        <DueStateBadge state={row.state} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <DueWhen row={row} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <OverdueBy row={row} evaluatedAt={evaluatedAt} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <LastJob row={row} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <BookedJob row={row} />
      </td>
    </>
  );
}

/** "90 days or 5,000 miles": a program's interval, whichever comes first. */
export function intervalWords(program: {
  interval_days: number | null;
  interval_miles: number | null;
}): string {
  return [
    program.interval_days === null ? null : `${program.interval_days} days`,
    program.interval_miles === null ? null : `${program.interval_miles.toLocaleString("en-US")} miles`,
  ]
    .filter((part) => part !== null)
    .join(" or ");
}
