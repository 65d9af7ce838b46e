import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerVisibleExport, dashboardBackend } from "@/lib/server/bff";

export const POST = dashboardRoute(async ({ request, staff }) =>
  answerVisibleExport(await dashboardBackend(), request, staff),
);

const { refuse, options } = methodsOtherThan("POST, OPTIONS");
export { refuse as GET, refuse as PUT, refuse as PATCH, refuse as DELETE, options as OPTIONS };
