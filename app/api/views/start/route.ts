import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerClearStartView, answerSetStartView, dashboardBackend } from "@/lib/server/bff";

export const PUT = dashboardRoute(async ({ request, staff }) =>
  answerSetStartView(await dashboardBackend(), request, staff),
);

export const DELETE = dashboardRoute(async ({ request, staff }) =>
  answerClearStartView(await dashboardBackend(), request, staff),
);

const { refuse, options } = methodsOtherThan("PUT, DELETE, OPTIONS");
export { refuse as GET, refuse as POST, refuse as PATCH, options as OPTIONS };
