"use client";
import Link from "next/link";
import { ProgramStandingCells } from "@/components/due-cells";
import type { DueRow } from "@/lib/client/api-types";
import type { DueSort, DueView } from "./due-params";

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
              <ProgramStandingCells row={row} />
              <td className="px-2 py-1.5">{row.last_location.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
