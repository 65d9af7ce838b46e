// Builds one task from the plan and the task's own random stream. This is the hot path (a million
// calls per large sandbox), so it only does arithmetic and cached look-ups.

import type { TaskRecord } from "../domain/records";
import { DAY_MS } from "../../../contract/query/day";
import { at, type Rng } from "../../../platform/prng";
import type { SandboxPlan } from "./sandbox-plan";
import { BATCH_SIZE, CANCELLED_INDEX, COMPLETED_INDEX, IN_PROGRESS_INDEX, PINNED_COUNT } from "./showcase";
import { futureSlot, pastStart } from "./task-times";
import { taskStatus, type TaskStatus } from "./task-status";
import type { Vehicle } from "./fleet";
import type { TaskDraft } from "./service-programs";
import { pickTaskType } from "./task-types";
import type { TypeSpacing } from "./type-spacing";

/** Share of tasks that are appointments after the anchor (30 of the window's 210 days, booked thinner). */
const FUTURE_SHARE = 0.12;

export function buildTask(plan: SandboxPlan, rng: Rng, index: number, spacing: TypeSpacing): TaskRecord {
  const { window, showcase } = plan;
  const fleetIndex = plan.fleetIndexOf(index);
  const vehicle = at(plan.fleet, fleetIndex);
  const programTask = plan.programs?.taskFor(fleetIndex, Math.floor(index / plan.fleet.length));
  if (programTask !== undefined) {
    spacing.remember(index, programTask.startMs, programTask.type);
    return taskRecord(plan, index, vehicle, programTask);
  }
  const candidate = pickTaskType(rng, vehicle.electric);
  let locationIndex: number;
  let startMs: number;
  let status: TaskStatus | null = null;
  if (index < BATCH_SIZE) {
    locationIndex = showcase.batchLocation;
    startMs = showcase.batchStart;
    status = "scheduled";
  } else if (index === IN_PROGRESS_INDEX) {
    locationIndex = showcase.recentLocation;
    startMs = showcase.recentStart;
    status = "in_progress";
  } else {
    locationIndex = plan.chooseLocation(rng, vehicle.homeIndex);
    const zone = at(plan.zones, locationIndex);
    const future = index >= PINNED_COUNT && rng.chance(FUTURE_SHARE);
    startMs = future ? futureSlot(rng, zone, window) : pastStart(rng, zone, window);
    if (index === COMPLETED_INDEX) status = "completed";
    else if (index === CANCELLED_INDEX) status = "cancelled";
  }
  const reserved = plan.programs?.reservedTypes(fleetIndex) ?? 0;
  const type = spacing.settle(index, startMs, candidate, vehicle.electric, reserved);
  status ??= taskStatus(rng, startMs, window.anchorMs, type.minutes);
  return taskRecord(plan, index, vehicle, { type, startMs, locationIndex, status });
}

function taskRecord(plan: SandboxPlan, index: number, vehicle: Vehicle, task: TaskDraft): TaskRecord {
  // Mileage is a function of time per vehicle, so a vehicle's odometer never decreases.
  const odometer = vehicle.baseMiles + (vehicle.milesPerDay * (task.startMs - plan.mileageFromMs)) / DAY_MS;
  return {
    id: plan.taskId(index),
    vehicle_id: vehicle.id,
    mva: vehicle.mva,
    vin: vehicle.vin,
    task_type: task.type.name,
    status: task.status,
    location_id: at(plan.locations, task.locationIndex).id,
    started_at: new Date(task.startMs),
    odometer_miles: Math.floor(odometer),
  };
}
