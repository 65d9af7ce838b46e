export { DashboardError, dashboardErrorResponse, readQueryParams } from "../dashboard-error";
export { dashboardRoute, methodsOtherThan, otherMethods } from "./dashboard-route";
