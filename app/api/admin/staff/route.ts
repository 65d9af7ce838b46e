import { dashboardRoute, otherMethods } from "@/lib/server/api";
import { answerStaffList } from "@/lib/server/bff";

export const GET = dashboardRoute(({ request, staff }) => answerStaffList(new URL(request.url), staff));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
