"use client";
import Link from "next/link";
import type { DueRow } from "@/lib/client/api-types";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { STATE_LABELS, type DueSort, type DueView } from "./due-params";

const STATE_STYLES: Record<DueRow["state"], string> = {
  overdue: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  due_soon: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  ok: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
};

const COLUMNS: { label: string; sort?: DueSort }[] = [
  { label: "Vehicle", sort: "mva" },
  { label: "Program", sort: "task_type" },
  { label: "State", sort: "state" },
  { label: "Due", sort: "due_at" },
  { label: "Overdue by" },
  { label: "Last done", sort: "last_done_at" },
  { label: "Booked" },
  { label: "Last location", sort: "location" },
];

const day = (instant: string) =>
  new Date(instant).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
const miles = (value: number) => `${value.toLocaleString("en-US")} mi`;

function overdueWords(row: DueRow): string {
  if (row.state !== "overdue") return "";
  const parts = [
    row.overdue_days
      ? `${row.overdue_days.toLocaleString("en-US")} ${row.overdue_days === 1 ? "day" : "days"}`
      : null,
    row.overdue_miles ? miles(row.overdue_miles) : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(", ") : "today";
}

// The due rows; a header with a sort is a button that sorts by it (again: the other way), and the
// sorted header says so to assistive technology (aria-sort).
export function DueTable(props: {
  rows: DueRow[];
  view: DueView;
  onSort: (sort: DueSort, order: "asc" | "desc") => void;
}) {
  const { rows, view, onSort } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[64rem] border-collapse text-left text-sm" data-testid="due-table">
        <caption className="sr-only">Vehicles and their maintenance programs, with what is due</caption>
        <thead className="bg-slate-100 dark:bg-slate-900">
          <tr>
            {COLUMNS.map(({ label, sort }) => {
              const sorted = sort !== undefined && view.sort === sort;
              return (
                <th
                  key={label}
                  scope="col"
                  aria-sort={sorted ? (view.order === "asc" ? "ascending" : "descending") : undefined}
                  className="px-2 py-2 font-semibold whitespace-nowrap"
                >
                  {sort ? (
                    <button
                      type="button"
                      className="font-semibold hover:underline"
                      onClick={() => onSort(sort, sorted && view.order === "asc" ? "desc" : "asc")}
                    >
                      {label}
                      <span aria-hidden="true">{sorted ? (view.order === "asc" ? " ▲" : " ▼") : ""}</span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.vehicle_id} ${row.task_type}`}
              data-vehicle-id={row.vehicle_id}
              data-task-type={row.task_type}
              data-state={row.state}
              className="border-b border-slate-200 dark:border-slate-800"
            >
              <td className="px-2 py-1.5">
                <Link
                  href={`/vehicles/${encodeURIComponent(row.vehicle_id)}`}
                  className="font-mono underline underline-offset-2"
                >
                  {row.mva}
                </Link>
              </td>
              <td className="px-2 py-1.5">{taskTypeLabel(row.task_type)}</td>
              <td className="px-2 py-1.5">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[row.state]}`}>
                  {STATE_LABELS[row.state]}
                </span>
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {day(row.due_at)}
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {row.due_by === "miles" && row.due_odometer !== null
                    ? `at ${miles(row.due_odometer)} (forecast)`
                    : "by date"}
                </span>
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap">{overdueWords(row)}</td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                <Link
                  href={`/tasks/${encodeURIComponent(row.last_done.task_id)}`}
                  className="underline underline-offset-2"
                >
                  {day(row.last_done.at)}
                </Link>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {miles(row.last_done.odometer_miles)}
                </span>
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {row.booked ? (
                  <Link
                    href={`/tasks/${encodeURIComponent(row.booked.task_id)}`}
                    className="underline underline-offset-2"
                  >
                    {day(row.booked.at)}
                  </Link>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">Not booked</span>
                )}
              </td>
              <td className="px-2 py-1.5">{row.last_location.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
