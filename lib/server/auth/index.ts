export { SSO_PROVIDER_ID, auth, handlers, signIn, signOut } from "./auth";
export { apiSession, type StaffSession } from "./session-check";
export { DEFAULT_CALLBACK_PATH, safeCallbackPath, withoutForgedCallback } from "./callback-path";
