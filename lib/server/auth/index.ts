export { apiSessionEmail } from "./api-session";
export { SSO_PROVIDER_ID, auth, handlers, signIn, signOut } from "./auth";
export { readStaff, removeStaffMember, setStaffDisabled, upsertStaffMember } from "./staff-directory";
