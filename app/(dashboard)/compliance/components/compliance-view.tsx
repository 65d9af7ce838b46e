"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { intervalWords } from "@/components/due-cells";
import { ErrorNotice } from "@/components/error-notice";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import { complianceQuery } from "@/lib/client/maintenance-queries";
import { locationsQuery, mirrorFilling } from "@/lib/client/task-queries";
import { LocalDay } from "@/components/local-day";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { ShareTable, type ShareRow } from "./share-table";
import { PlainTableHead, VehicleLink } from "@/components/table-parts";

/** The month before this one, YYYY-MM, in the reader's calendar: "how did last month go". */
function lastMonth(now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

// Preventive-maintenance compliance from the task mirror: on-time jobs over completed ones, by
// month; for the chosen month, by location and by program, each row narrowing the late jobs below
// to its own. The month, location and program are in the URL.
export function ComplianceView() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const month = params.get("month") ?? lastMonth();
  const locationId = params.get("location_id") ?? "";
  const taskType = params.get("task_type") ?? "";
  const go = (next: Record<string, string>) => {
    const search = new URLSearchParams({ month, location_id: locationId, task_type: taskType, ...next });
    for (const [name, value] of [...search]) if (!value) search.delete(name);
    router.replace(`${pathname}?${search.toString()}`, { scroll: false });
  };
  // by_month covers every month whatever month is asked for, so one answer draws the whole page.
  const chosen = useQuery(complianceQuery(new URLSearchParams({ month })));
  // A late job is listed under its month in its location's calendar, so its day is that calendar's.
  const locations = useQuery(locationsQuery);
  const zoneOf = (locationId: string) =>
    locations.data?.find((location) => location.id === locationId)?.timezone;

  if (chosen.isPending) {
    return mirrorFilling(chosen.failureReason) ? (
      <MirrorFillingNotice message={chosen.failureReason.message} what="Compliance" />
    ) : (
      <p role="status">Loading compliance…</p>
    );
  }
  if (chosen.isError) {
    return (
      <ErrorNotice
        error={chosen.error}
        fallback="Compliance could not be loaded."
        onRetry={() => void chosen.refetch()}
      />
    );
  }
  const answer = chosen.data;
  const lateJobs = answer.late_jobs.filter(
    (job) => (!locationId || job.location_id === locationId) && (!taskType || job.task_type === taskType),
  );
  const monthRows: ShareRow[] = answer.by_month.map((row) => ({
    key: row.month,
    label: row.month,
    ...row,
    selected: row.month === month,
    onPick: () => go({ month: row.month, location_id: "", task_type: "" }),
  }));
  const locationRows: ShareRow[] = answer.by_location.map((row) => ({
    key: row.location_id,
    label: row.location_name,
    ...row,
    selected: row.location_id === locationId,
    onPick: () => go({ location_id: row.location_id === locationId ? "" : row.location_id }),
  }));
  const typeRows: ShareRow[] = answer.by_task_type.map((row) => ({
    key: row.task_type,
    label: taskTypeLabel(row.task_type),
    ...row,
    selected: row.task_type === taskType,
    onPick: () => go({ task_type: row.task_type === taskType ? "" : row.task_type }),
  }));
  const tolerance = `${Math.round(answer.late_tolerance * 100)}%`;

  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        A program&apos;s job is late when it was done more than {tolerance} past its interval since the
        vehicle&apos;s job before, by date or by miles. Compliance is the share of completed jobs done on
        time. Months are each location&apos;s own.{" "}
        <Link href="/due" className="underline">
          What is due now
        </Link>
      </p>
      <ShareTable
        title="By month"
        columnLabel="Month"
        rows={monthRows}
        pickLabel="Show this month"
        testId="compliance-by-month"
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ShareTable
          title={`By location, ${month}`}
          columnLabel="Location"
          rows={locationRows}
          pickLabel="Show its late jobs"
          testId="compliance-by-location"
        />
        <ShareTable
          title={`By program, ${month}`}
          columnLabel="Program"
          rows={typeRows}
          pickLabel="Show its late jobs"
          testId="compliance-by-type"
        />
      </div>
      <section aria-labelledby="late-jobs-heading" className="flex flex-col gap-2">
        <h2 id="late-jobs-heading" className="text-lg font-semibold">
          Late jobs, {month}
          {locationId &&
            `, ${answer.by_location.find((row) => row.location_id === locationId)?.location_name ?? locationId}`}
          {taskType && `, ${taskTypeLabel(taskType)}`}
        </h2>
        {lateJobs.length === 0 ? (
          <p className="text-sm">No job was late.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] border-collapse text-left text-sm" data-testid="late-jobs">
              <caption className="sr-only">Jobs done late, newest first</caption>
              <PlainTableHead
                headers={["Done", "Vehicle", "Program", "Location", "Since the job before", "Interval"]}
              />
              <tbody>
                {lateJobs.map((job) => (
                  <tr
                    key={job.task_id}
                    data-task-id={job.task_id}
                    className="border-t border-slate-200 dark:border-slate-800"
                  >
                    <td className="px-2 py-1 whitespace-nowrap">
                      <Link
                        prefetch={false}
                        href={`/tasks/${encodeURIComponent(job.task_id)}`}
                        className="underline underline-offset-2"
                      >
                        <LocalDay instant={job.started_at} timeZone={zoneOf(job.location_id)} />
                      </Link>
                    </td>
                    <td className="px-2 py-1">
                      <VehicleLink vehicleId={job.vehicle_id} mva={job.mva} />
                    </td>
                    <td className="px-2 py-1">{taskTypeLabel(job.task_type)}</td>
                    <td className="px-2 py-1">{job.location_name}</td>
                    <td className="px-2 py-1 whitespace-nowrap">
                      {job.days_since_previous.toLocaleString("en-US")} days,{" "}
                      {job.miles_since_previous.toLocaleString("en-US")} mi
                    </td>
                    <td className="px-2 py-1 whitespace-nowrap">{intervalWords(job)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
