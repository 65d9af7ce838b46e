import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerRemoveProgram, answerSetProgram, dashboardBackend, withServerTiming } from "@/lib/server/bff";

export const PUT = dashboardRoute<{ task_type: string }>(({ request, params, staffEmail }) =>
  withServerTiming(async () =>
    answerSetProgram(await dashboardBackend(), request, params.task_type, staffEmail),
  ),
);

export const DELETE = dashboardRoute<{ task_type: string }>(({ request, params, staffEmail }) =>
  withServerTiming(async () =>
    answerRemoveProgram(await dashboardBackend(), request, params.task_type, staffEmail),
  ),
);

const { refuse, options } = methodsOtherThan("PUT, DELETE, OPTIONS");
export { refuse as GET, refuse as POST, refuse as PATCH, options as OPTIONS };
