export {
  accessOf,
  authenticateStaff,
  isStaffEmail,
  normaliseEmail,
  readStaff,
  removeSingleSignOnMember,
  removeStaffMember,
  setSingleSignOnMember,
  setStaffAccess,
  setStaffDisabled,
  signInOf,
  staffStanding,
  upsertStaffMember,
  type RecordChange,
  type SignInWay,
  type Standing,
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
