import "server-only";
import type { DashboardEnv } from "../env";
import type { StaffAccess } from "../staff";

// What a person signed in by the company's single sign-on may do: their identity provider's claim
// (groups, by default) looked up in the operator's map. A person in several mapped groups gets the
// most any of them gives: admin if one says admin, and every location any of them names. Someone
// no group maps gets the operator's default: no session, or a viewer of no location.

type SsoSettings = Pick<
  DashboardEnv,
  "AUTH_OIDC_ACCESS_CLAIM" | "AUTH_OIDC_ACCESS_MAP" | "AUTH_OIDC_ACCESS_DEFAULT"
>;

export function ssoAccess(profile: Record<string, unknown>, settings: SsoSettings): StaffAccess | undefined {
  const claim = profile[settings.AUTH_OIDC_ACCESS_CLAIM];
  const values = Array.isArray(claim) ? claim : [claim];
  const granted = values
    .filter((value): value is string => typeof value === "string")
    .flatMap((value) =>
      Object.hasOwn(settings.AUTH_OIDC_ACCESS_MAP, value) ? [settings.AUTH_OIDC_ACCESS_MAP[value]!] : [],
    );
  if (granted.length === 0)
    return settings.AUTH_OIDC_ACCESS_DEFAULT === "viewer" ? { role: "viewer", locations: [] } : undefined;
  const locations = granted.some((access) => access.locations === "all")
    ? "all"
    : [...new Set(granted.flatMap((access) => access.locations as readonly string[]))].sort();
  return { role: granted.some((access) => access.role === "admin") ? "admin" : "viewer", locations };
}
