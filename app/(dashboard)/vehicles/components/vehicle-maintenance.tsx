"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { PROGRAM_STANDING_HEADERS, ProgramStandingCells } from "@/components/due-cells";
import { ErrorNotice } from "@/components/error-notice";
import { dueQuery } from "@/lib/client/maintenance-queries";
import { mirrorFilling } from "@/lib/client/task-queries";
import { PlainTableHead } from "@/components/table-parts";

// The vehicle's standing on each maintenance program it follows, as the Due page states it (one
// page of /api/maintenance/due for this vehicle: it has a row per program at most).
export function VehicleMaintenance({ vehicleId }: { vehicleId: string }) {
  const due = useInfiniteQuery(dueQuery(new URLSearchParams({ vehicle_id: vehicleId, sort: "state" })));
  const rows = due.data?.pages[0]?.data;
  const evaluatedAt = due.data?.pages[0]?.evaluated_at ?? "";
  return (
    <section
      aria-labelledby="maintenance-heading"
      className="flex flex-col gap-2"
      data-testid="vehicle-maintenance"
    >
      <h2 id="maintenance-heading" className="text-lg font-semibold">
        Maintenance
      </h2>
      {due.isError ? (
        <ErrorNotice
          error={due.error}
          fallback="Its maintenance could not be loaded."
          onRetry={() => void due.refetch()}
        />
      ) : !rows ? (
        <p role="status" className="text-sm">
          {mirrorFilling(due.failureReason)
            ? "Waiting for the dashboard's copy of the tasks to fill…"
            : "Loading…"}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm">This vehicle has done no job of a maintenance program the fleet follows.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full max-w-4xl border-collapse text-left text-sm">
            <caption className="sr-only">The vehicle&apos;s maintenance programs and what is due</caption>
            <PlainTableHead headers={PROGRAM_STANDING_HEADERS} />
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.task_type}
                  data-task-type={row.task_type}
                  data-state={row.state}
                  className="border-t border-slate-200 dark:border-slate-800"
                >
                  <ProgramStandingCells row={row} evaluatedAt={evaluatedAt} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Link href="/due" className="text-sm underline underline-offset-2">
        What is due across the fleet
      </Link>
    </section>
  );
}
