// Public entry point of the sandbox data generator: a fixed branch catalogue and a deterministic,
// streamed set of maintenance tasks derived from a seed and an anchor time.

import type { LocationRecord, TaskRecord } from "../domain/records";
import { catalogRecords } from "./location-catalog";
import { Rng, hash32 } from "../../../platform/prng";
import { createPlan, type SandboxOptions, type SandboxPlan } from "./sandbox-plan";
import { buildTask } from "./task-builder";
import { TypeSpacing } from "./type-spacing";

export { type SandboxOptions } from "./sandbox-plan";

/** The branch catalogue: the same records on every call, ordered by id. */
export function sandboxLocations(): LocationRecord[] {
  return catalogRecords();
}

function* streamTasks(plan: SandboxPlan): Generator<TaskRecord> {
  const rng = new Rng();
  const spacing = new TypeSpacing(plan.taskCount, plan.fleet.length, plan.retypeKey, plan.window.startMs);
  for (let index = 0; index < plan.taskCount; index++) {
    // Each task has its own random stream, so task n does not depend on how tasks before it were
    // drawn; only its type may yield to the same vehicle's earlier tasks (type-spacing.ts).
    rng.reseed(hash32(plan.taskKey, index));
    yield buildTask(plan, rng, index, spacing);
  }
}

/**
 * Streams `taskCount` tasks (in no particular order). The same options always give the same tasks.
 * Options are validated, and the fleet built, when called rather than on the first `next()`, so bad
 * input fails where it is passed.
 */
export function sandboxTasks(options: SandboxOptions): Generator<TaskRecord> {
  return streamTasks(createPlan(options));
}
