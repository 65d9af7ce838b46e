export {
  accessOf,
  authenticateStaff,
  normaliseEmail,
  readStaff,
  removeStaffMember,
  setStaffAccess,
  setStaffDisabled,
  staffMemberAccess,
  upsertStaffMember,
  type StaffMember,
} from "./staff-directory";
export {
  describeAccess,
  FULL_ACCESS,
  managesStaff,
  normaliseAccess,
  parseLocationScope,
  scopedLocations,
  seesLocation,
  STAFF_ROLES,
  staffAccessSchema,
} from "./staff-access";
export type { StaffAccess, StaffRole } from "./staff-access";
export { leaveStaffAuditRecord, staffAuditInbox, waitingStaffAuditRecords } from "./staff-audit-inbox";
