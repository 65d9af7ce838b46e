export { DashboardError, dashboardErrorResponse, readQueryParams } from "../dashboard-error";
export { dashboardRoute, methodsOtherThan, otherMethods, requireAdmin } from "./dashboard-route";
