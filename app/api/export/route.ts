import { csvFileName, CSV_MEDIA_TYPE } from "@/lib/csv/csv-format";
import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { parseTaskListParams } from "@/lib/server/api/task-list-params";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { exportStream } from "@/lib/server/bff/task-export";

export const GET = dashboardRoute(async ({ request }) => {
  const { filters } = parseTaskListParams(
    new URL(request.url),
    (await dashboardBackend()).env.VTS_MAX_WINDOW_DAYS,
    { paging: false },
  );
  const window = `${filters.from.slice(0, 10)}--${filters.to.slice(0, 10)}`;
  const name = csvFileName(
    [filters.location_id, filters.mva, filters.vehicle_id, filters.task_type, window],
    new Date(),
  );
  return new Response(exportStream(await dashboardBackend(), filters), {
    headers: { "content-type": CSV_MEDIA_TYPE, "content-disposition": `attachment; filename="${name}"` },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
