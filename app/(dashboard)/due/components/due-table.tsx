"use client";
import { ProgramStandingCells } from "@/components/due-cells";
import { SortableHeader } from "@/components/sortable-header";
import type { DueRow } from "@/lib/client/api-types";
import type { DueListState, DueSort } from "./due-params";
import { VehicleLink } from "@/components/table-parts";

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

// The due rows, under headers that sort them on the server.
export function DueTable(props: {
  rows: DueRow[];
  /** When the rows were evaluated: "Overdue by" counts to it. */
  evaluatedAt: string;
  view: DueListState;
  onSort: (sort: DueSort, order: "asc" | "desc") => void;
}) {
  const { rows, evaluatedAt, view, onSort } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[64rem] border-collapse text-left text-sm" data-testid="due-table">
        <caption className="sr-only">Vehicles and their maintenance programs, with what is due</caption>
        <thead className="bg-slate-100 dark:bg-slate-900">
          <tr>
            {COLUMNS.map(({ label, sort }) => (
              <SortableHeader key={label} label={label} sort={sort} current={view} onSort={onSort} />
            ))}
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
                <VehicleLink vehicleId={row.vehicle_id} mva={row.mva} />
              </td>
              <ProgramStandingCells row={row} evaluatedAt={evaluatedAt} />
              <td className="px-2 py-1.5">{row.last_location?.name ?? "Not one of yours"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
