export { DashboardCursorCodec } from "../dashboard-cursor";
export { DashboardError, dashboardErrorResponse, readQueryParams } from "../dashboard-error";
export { dashboardRoute, otherMethods } from "./dashboard-route";
export { jsonAroundRows, slicePage } from "./page-slicer";
export type { SlicedPage, UpstreamPage } from "./page-slicer";
export { parseTaskListParams } from "./task-list-params";
export type { TaskListParams } from "./task-list-params";
export { asDashboardError, freshnessHeaders, staleReason } from "./upstream-failure";
