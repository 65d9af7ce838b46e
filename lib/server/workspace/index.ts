// The workspace: what people create in the dashboard (program overrides, the audit trail), kept in
// a database of its own that the mirror's rebuilds and horizon never touch.
export { AUDIT_ACTIONS, pruneAudit, readAudit, recordAudit, recordAuditOnce } from "./audit";
export { keepAuditFor } from "./audit-retention";
export type { AuditAction, AuditFilters, AuditRecord } from "./audit";
export { overridesFile, readOverridesFile } from "./overrides-file";
export { listOverrides, removeOverride, replaceOverrides, saveOverride } from "./program-overrides";
export { openWorkspaceDb, type WorkspaceDb } from "./workspace-db";
