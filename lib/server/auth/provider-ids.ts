// The sign-in providers' ids: Auth.js's routes carry them (/api/auth/callback/<id>), and a session
// remembers which one signed it in (session-check.ts asks the staff file only for passwords).

export const PASSWORD_PROVIDER_ID = "staff-password";
export const SSO_PROVIDER_ID = "company-sso";
