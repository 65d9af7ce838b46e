// What an import line must look like. Tasks may use the API's own shape (location: {id, name} and
// updated_at), so an export of the API can be imported back. A line is refused here, by its number,
// for anything the store would refuse later without one: a NUL, a lone surrogate, a year 0.
import { z } from "zod";
import { hasControlCharacter, isWellFormedText } from "../../../contract/query/control-characters";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { parseWrittenInstant } from "../../../contract/query/instant-text";
import { isTaskType, TASK_TYPE_RULE } from "../../../contract/query/task-type";
import { canonicalZoneName } from "../../../contract/query/zone-name";
import type { LocationRecord, TaskRecord } from "../domain/records";

const WELL_FORMED_RULE = "well-formed Unicode (no lone surrogate)";

const identifier = z
  .string()
  .regex(IDENTIFIER_PATTERN, 'letters, digits, ".", "_", ":" or "-", 1-128 characters');

/** A name or an address: shown on one line, so a line break or any other control character is refused. */
const singleLineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !hasControlCharacter(text), "one line, without control characters")
    .refine(isWellFormedText, WELL_FORMED_RULE);

/** A string read by one of the contract's parsers, which decides both whether it is valid and what it means. */
function readWith<T>(parse: (text: string) => T | undefined, rule: string) {
  return z.string().transform((text, context) => {
    const value = parse(text);
    if (value !== undefined) return value;
    context.issues.push({ code: "custom", input: text, message: rule });
    return z.NEVER;
  });
}

/** An instant as the API reads one (instant-text.ts): with Z or an offset, in the years 0001-9999. */
const instant = readWith((text) => {
  const epochMs = parseWrittenInstant(text);
  return epochMs === undefined ? undefined : new Date(epochMs);
}, "an ISO 8601 timestamp with Z or an offset, in the years 0001-9999");

export const locationLine = z.strictObject({
  id: identifier,
  name: singleLineText(200),
  // Stored as the zone's canonical name ("europe/berlin" becomes "Europe/Berlin"): Intl ignores
  // case, but a client that looks the zone up by its exact name does not.
  timezone: readWith(canonicalZoneName, "an IANA time zone name, e.g. Europe/Berlin"),
  address: singleLineText(500),
});

export const taskLine = z
  .strictObject({
    id: identifier,
    vehicle_id: identifier,
    mva: identifier,
    vin: z
      .string()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, "17 characters without I, O or Q")
      .nullable()
      .default(null),
    task_type: z.string().refine(isTaskType, TASK_TYPE_RULE).refine(isWellFormedText, WELL_FORMED_RULE),
    status: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "lowercase snake_case"),
    location_id: identifier.optional(),
    location: z.object({ id: identifier }).optional(),
    started_at: instant,
    odometer_miles: z.number().int().min(0).max(10_000_000),
    updated_at: instant.optional(),
  })
  .refine((task) => (task.location_id ?? task.location?.id) !== undefined, "location_id is required")
  .refine(
    (task) => !task.location_id || !task.location || task.location.id === task.location_id,
    "location_id and location.id disagree",
  );

export function toLocationRecord(line: z.infer<typeof locationLine>): LocationRecord {
  return line;
}

export function toTaskRecord(line: z.infer<typeof taskLine>): TaskRecord {
  // Checked but not kept, like location.name: the service sets updated_at itself whenever it writes.
  const { location, location_id, updated_at: _updatedAt, ...rest } = line;
  return { ...rest, location_id: (location_id ?? location?.id)! };
}
