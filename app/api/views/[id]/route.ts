import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerChangeView, answerDeleteView, dashboardBackend } from "@/lib/server/bff";

export const PATCH = dashboardRoute<{ id: string }>(async ({ request, params, staff }) =>
  answerChangeView(await dashboardBackend(), request, params.id, staff),
);

export const DELETE = dashboardRoute<{ id: string }>(async ({ request, params, staff }) =>
  answerDeleteView(await dashboardBackend(), request, params.id, staff),
);

const { refuse, options } = methodsOtherThan("PATCH, DELETE, OPTIONS");
export { refuse as GET, refuse as POST, refuse as PUT, options as OPTIONS };
