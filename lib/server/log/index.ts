export { createDashboardLogger, dashboardLogger } from "./dashboard-logger";
export type { DashboardLogger } from "./dashboard-logger";
export { logRequest, routePattern } from "./request-log";
export type { RequestLogLine } from "./request-log";
