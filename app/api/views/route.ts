import { dashboardRoute, methodsOtherThan } from "@/lib/server/api";
import { answerCreateView, answerViewList, dashboardBackend } from "@/lib/server/bff";

export const GET = dashboardRoute(async ({ request, staff }) =>
  answerViewList(await dashboardBackend(), new URL(request.url), staff),
);

export const POST = dashboardRoute(async ({ request, staff }) =>
  answerCreateView(await dashboardBackend(), request, staff),
);

const { refuse, options } = methodsOtherThan("GET, HEAD, POST, OPTIONS");
export { refuse as PUT, refuse as PATCH, refuse as DELETE, options as OPTIONS };
