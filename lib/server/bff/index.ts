export { dashboardBackend, warmUpBackend } from "./dashboard-backend";
export type { DashboardBackend } from "./dashboard-backend";
export {
  answerCompliance,
  answerDue,
  answerDueExport,
  answerDueSummary,
  answerPrograms,
  answerRemoveProgram,
  answerSetProgram,
  answerVehicles,
} from "./maintenance-reads";
export { mirrorFreshness } from "./mirror-gate";
export { firstReadWanted, internalUrl, readWithin, searchOf } from "./first-render";
export {
  answerMirrorStatus,
  answerSummary,
  answerVehicle,
  mirroredLocations,
  mirroredTask,
  taskExistence,
} from "./mirror-reads";
export { withServerTiming } from "./request-timing";
export { readLocations, readTask } from "./task-data";
export { answerExport } from "./task-export";
export { answerTaskList } from "./task-list";
export { asDashboardError, freshnessHeaders } from "./upstream-failure";
