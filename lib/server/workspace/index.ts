// The workspace: what people create in the dashboard (program overrides, saved views, the audit
// trail), kept in a database of its own that the mirror's rebuilds and horizon never touch.
export { AUDIT_ACTIONS, pruneAudit, readAudit, recordAudit, recordAuditOnce } from "./audit";
export { keepAuditFor } from "./audit-retention";
export type { AuditAction, AuditFilters, AuditPosition, AuditRecord } from "./audit";
export { overridesFile, readOverridesFile } from "./overrides-file";
export { listOverrides, removeOverride, replaceOverrides, saveOverride } from "./program-overrides";
export { openWorkspaceDb, workspaceMayHoldData, type WorkspaceDb } from "./workspace-db";
export {
  changeSavedView,
  clearStartView,
  createSavedView,
  deleteSavedView,
  listSavedViews,
  mayDeleteView,
  readSavedView,
  setStartView,
  startViewOf,
} from "./saved-views";
export type { SavedView, ViewOutcome } from "./saved-views";
export { viewNameSchema, viewStateSchema, VIEWS_PER_OWNER_MAX } from "./saved-view-shape";
export type { ViewState } from "./saved-view-shape";
