import { z } from "zod";
import { IDENTIFIER_PATTERN, IDENTIFIER_RULE } from "@/contract/query/identifier";

// What a member of staff may do and see: a role, and the locations whose tasks they see. Every read
// the dashboard answers is narrowed to those locations (scopedLocations), so a location outside
// them is, to that person, a location with no tasks.

export const STAFF_ROLES = ["viewer", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** At most this many locations in one scope: more is a mistake in a file, not a branch. */
const MAX_SCOPE_LOCATIONS = 500;

/** The service's location ids are its identifiers; anything else names no location. */
const locationId = z.string().regex(IDENTIFIER_PATTERN, `a location id: ${IDENTIFIER_RULE}`);

export const locationScopeSchema = z.union([
  z.literal("all"),
  z.array(locationId).max(MAX_SCOPE_LOCATIONS).readonly(),
]);
export type LocationScope = z.infer<typeof locationScopeSchema>;

/**
 * A scope as the staff file holds it. A file written while any text of 1 to 100 characters was
 * taken for a location id may hold one that is no identifier, such as "Main St": it never named a
 * location, so it is left out on reading, and the member sees what they saw. Refusing the file
 * instead would refuse every member's sign-in and leave `npm run staff` unable to mend it.
 */
export const storedLocationScopeSchema = z.union([
  z.literal("all"),
  z
    .array(z.string().min(1).max(128))
    .max(MAX_SCOPE_LOCATIONS)
    .transform((ids): readonly string[] => ids.filter((id) => IDENTIFIER_PATTERN.test(id))),
]);

export const staffAccessSchema = z.object({
  role: z.enum(STAFF_ROLES),
  locations: locationScopeSchema,
});
export type StaffAccess = z.infer<typeof staffAccessSchema>;

/** An admin of every location: what the sandbox's demo account is. */
export const FULL_ACCESS: StaffAccess = { role: "admin", locations: "all" };

/** An admin of every location manages staff: one of some could otherwise hand out others' locations. */
export function managesStaff(access: StaffAccess): boolean {
  return access.role === "admin" && access.locations === "all";
}

export function seesLocation(access: StaffAccess, location: string): boolean {
  return access.locations === "all" || access.locations.includes(location);
}

/**
 * The locations a read may show, given the ones it asked for: undefined when nothing narrows it
 * (every location allowed, none asked for), else a list, empty when none of those asked for is
 * allowed. A read over an empty list shows nothing, which is the answer for a location outside
 * the scope: no tasks there, as far as this person can know.
 */
export function scopedLocations(
  access: StaffAccess,
  asked: readonly string[] | undefined,
): readonly string[] | undefined {
  if (access.locations === "all") return asked;
  if (!asked) return access.locations;
  const allowed = new Set(access.locations);
  return asked.filter((location) => allowed.has(location));
}

/** The one way a scope is kept: its locations once each, in order, however they were given. */
export function normaliseAccess(access: StaffAccess): StaffAccess {
  return {
    role: access.role,
    locations: access.locations === "all" ? "all" : [...new Set(access.locations)].sort(),
  };
}

/** "admin of all locations", "viewer of loc_a, loc_b", "viewer of no location". */
export function describeAccess(access: StaffAccess): string {
  if (access.locations === "all") return `${access.role} of all locations`;
  if (access.locations.length === 0) return `${access.role} of no location`;
  return `${access.role} of ${access.locations.join(", ")}`;
}

/** `all`, or location ids separated by commas (spaces ignored); an empty text is no location. */
export function parseLocationScope(text: string): LocationScope {
  const trimmed = text.trim();
  if (trimmed === "all") return "all";
  const ids = [
    ...new Set(
      trimmed
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  return locationScopeSchema.parse(ids);
}
