export {
  authenticateStaff,
  isStaffMember,
  normaliseEmail,
  readStaff,
  removeStaffMember,
  setStaffDisabled,
  upsertStaffMember,
} from "./staff-directory";
