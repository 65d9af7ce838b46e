import "server-only";
import { z } from "zod";
import type { components } from "@/contract/service/api-types";

// What the dashboard checks of the service's answers. Loose objects: unknown fields and unknown
// task_type or status values pass (the specification promises additive changes within /v1).

type Schemas = components["schemas"];

export const taskSchema = z.looseObject({
  id: z.string(),
  vehicle_id: z.string(),
  mva: z.string(),
  vin: z.string().nullable(),
  task_type: z.string(),
  status: z.string(),
  location: z.looseObject({ id: z.string(), name: z.string() }),
  started_at: z.string(),
  odometer_miles: z.number(),
  // Sent by services that offer the change feed; absent from older ones.
  updated_at: z.string().optional(),
});

export const taskPageSchema = z.looseObject({
  data: z.array(taskSchema),
  next_cursor: z.string().nullable(),
});

export const taskChangePageSchema = z.looseObject({
  data: z.array(taskSchema),
  next_cursor: z.string(),
  has_more: z.boolean(),
  caught_up: z.boolean(),
});

export const locationSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: z.string(),
});

export const locationListSchema = z.looseObject({ data: z.array(locationSchema) });

export type Task = z.infer<typeof taskSchema>;
export type TaskChangePage = z.infer<typeof taskChangePageSchema>;
export type Location = z.infer<typeof locationSchema>;

// The generated contract types and these schemas must describe the same fields.
export type TaskMatchesContract = Task extends Schemas["Task"] ? true : never;
export type LocationMatchesContract = Location extends Schemas["Location"] ? true : never;
export type ChangePageMatchesContract = TaskChangePage extends Schemas["TaskChangePage"] ? true : never;
const contractChecks: [TaskMatchesContract, LocationMatchesContract, ChangePageMatchesContract] = [
  true,
  true,
  true,
];
void contractChecks;
