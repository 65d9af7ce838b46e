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
export { firstReadSession, internalUrl, pageSession, readWithin, searchOf } from "./first-render";
export {
  answerLocations,
  answerMirrorStatus,
  answerSummary,
  answerTask,
  answerVehicle,
  mirroredLocations,
  taskExistence,
} from "./mirror-reads";
export { answerAuditExport, answerAuditList, recordRefusedLocations, refusedLocations } from "./audit-trail";
export { withServerTiming } from "./request-timing";
export {
  answerChangeView,
  answerClearStartView,
  answerCreateView,
  answerDeleteView,
  answerSetStartView,
  answerViewList,
  openedView,
} from "./saved-views";
export {
  answerSetSingleSignOn,
  answerSetStaffAccess,
  answerSetStaffDisabled,
  answerStaffList,
  answerUseGroupMapping,
} from "./staff-admin";
export { answerExport } from "./task-export";
export { answerVisibleExport } from "./visible-export";
export { answerTaskList } from "./task-list";
export { asDashboardError } from "./upstream-failure";
