import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerSetSingleSignOn, answerUseGroupMapping, dashboardBackend } from "@/lib/server/bff";

export const PUT = dashboardRoute<{ email: string }>(async ({ request, params, staff }) =>
  answerSetSingleSignOn(await dashboardBackend(), request, params.email, staff),
);

export const DELETE = dashboardRoute<{ email: string }>(async ({ request, params, staff }) =>
  answerUseGroupMapping(await dashboardBackend(), request, params.email, staff),
);

const { refuse, options } = methodsOtherThan("PUT, DELETE, OPTIONS");
export { refuse as GET, refuse as POST, refuse as PATCH, options as OPTIONS };
