import { dashboardRoute, methodsOtherThan, requireAdmin } from "@/lib/server/api";
import { answerRemoveProgram, answerSetProgram, dashboardBackend, withServerTiming } from "@/lib/server/bff";

// The programs are the fleet's, so only an admin changes them; everyone sees them.

export const PUT = dashboardRoute<{ task_type: string }>(({ request, params, staff }) =>
  withServerTiming(async () => {
    requireAdmin(staff);
    return answerSetProgram(await dashboardBackend(), request, params.task_type, staff.email);
  }),
);

export const DELETE = dashboardRoute<{ task_type: string }>(({ request, params, staff }) =>
  withServerTiming(async () => {
    requireAdmin(staff);
    return answerRemoveProgram(await dashboardBackend(), request, params.task_type, staff.email);
  }),
);

const { refuse, options } = methodsOtherThan("PUT, DELETE, OPTIONS");
export { refuse as GET, refuse as POST, refuse as PATCH, options as OPTIONS };
