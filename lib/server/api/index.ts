export { DashboardError, dashboardErrorResponse, readQueryParams } from "../dashboard-error";
export { dashboardRoute, otherMethods } from "./dashboard-route";
