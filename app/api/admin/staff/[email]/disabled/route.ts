import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerSetStaffDisabled, dashboardBackend } from "@/lib/server/bff";

export const PUT = dashboardRoute<{ email: string }>(async ({ request, params, staff }) =>
  answerSetStaffDisabled(await dashboardBackend(), request, params.email, staff),
);

const { refuse, options } = methodsOtherThan("PUT, OPTIONS");
export { refuse as GET, refuse as POST, refuse as PATCH, refuse as DELETE, options as OPTIONS };
