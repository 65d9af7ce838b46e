import "server-only";
import type { DashboardEnv } from "../env";
import type { StaffAccess, Standing } from "../staff";

// What a person signed in by the company's single sign-on may do. First the staff file: an admin
// may list the person there (the Staff page, `npm run staff -- add --sso`), and then its role and
// locations are theirs whatever their groups say, and a disable there shuts them out. Someone the
// staff file does not list gets what their identity provider's claim (groups, by default) maps to
// in the operator's map: a person in several mapped groups gets the most any of them gives (admin
// if one says admin, and every location any of them names); someone no group maps gets the
// operator's default: no session, or a viewer of no location.

type SsoSettings = Pick<
  DashboardEnv,
  "AUTH_OIDC_ACCESS_CLAIM" | "AUTH_OIDC_ACCESS_MAP" | "AUTH_OIDC_ACCESS_DEFAULT"
>;

/**
 * Whether the identity provider says the email is not verified. The standard's claim is a boolean,
 * but some providers send it in their userinfo answer as a text: "false" (in any case) says the
 * same as false. A profile without the claim says nothing either way, and is not refused for it.
 */
export function saysEmailUnverified(profile: Record<string, unknown>): boolean {
  const claim = profile.email_verified;
  return claim === false || (typeof claim === "string" && claim.toLowerCase() === "false");
}

/** What the operator's map gives these claims, or undefined when it gives nothing and the default denies. */
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
  const locations = locationsOf(granted);
  // Admin only of what admin grants give between them: an admin of one branch who is also in a
  // group that views every location would otherwise be an admin of every location, and so
  // manage staff, which no group gave.
  const admin = locationsOf(granted.filter((access) => access.role === "admin"));
  return { role: covers(admin, locations) ? "admin" : "viewer", locations };
}

/** Every location any of the grants names ("all" when one gives all). */
function locationsOf(grants: readonly StaffAccess[]): StaffAccess["locations"] {
  if (grants.some((access) => access.locations === "all")) return "all";
  return [...new Set(grants.flatMap((access) => access.locations as readonly string[]))].sort();
}

function covers(outer: StaffAccess["locations"], inner: StaffAccess["locations"]): boolean {
  if (outer === "all") return true;
  if (inner === "all") return false;
  return inner.length > 0 && inner.every((location) => outer.includes(location));
}

/**
 * What a single sign-on person may do, given the staff file's standing on them and what their
 * claims map to (ssoAccess): the staff file's role and locations when it lists them, nothing when
 * it refuses them (disabled, or a session from before their sessions were ended), else the map's.
 */
export function singleSignOnAccess(
  standing: Standing,
  mapped: StaffAccess | undefined,
): StaffAccess | undefined {
  if (standing.kind === "listed") return standing.access;
  return standing.kind === "unlisted" ? mapped : undefined;
}
