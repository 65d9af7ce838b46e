// What an import line must look like. Tasks may use the API's own shape (location: {id, name}),
// so an export of the API can be imported back.
import { z } from "zod";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { isTaskType, TASK_TYPE_RULE } from "../../../contract/query/task-type";
import type { LocationRecord, TaskRecord } from "../domain/records";

const identifier = z
  .string()
  .regex(IDENTIFIER_PATTERN, 'letters, digits, ".", "_", ":" or "-", 1-128 characters');
const text = (max: number) => z.string().trim().min(1).max(max);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const locationLine = z.strictObject({
  id: identifier,
  name: text(200),
  timezone: z.string().refine(isTimeZone, "not an IANA time zone"),
  address: text(500),
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
    task_type: z.string().refine(isTaskType, TASK_TYPE_RULE),
    status: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "lowercase snake_case"),
    location_id: identifier.optional(),
    location: z.object({ id: identifier }).optional(),
    started_at: z.iso.datetime({ offset: true }),
    odometer_miles: z.number().int().min(0).max(10_000_000),
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
  const { location, location_id, started_at, ...rest } = line;
  return { ...rest, location_id: (location_id ?? location?.id)!, started_at: new Date(started_at) };
}
