// Keeps one vehicle from getting the same job twice within days (two oil changes hours apart).
// Task n belongs to vehicle slot n % fleetSize, so a vehicle's earlier tasks are n - fleetSize,
// n - 2 * fleetSize, ...; remembering each task's start and type (5 bytes a task) is enough.

import { MINUTE_MS } from "./local-time";
import { Rng, hash32 } from "../../../platform/prng";
import { GAP_MINUTES_BY_INDEX, pickOtherTaskType, type TaskType } from "./task-types";

export class TypeSpacing {
  private readonly minutes: Int32Array;
  private readonly types: Uint8Array;
  /** Redraws use a stream of their own, so the task's other draws stay where they were. */
  private readonly redraw = new Rng();

  constructor(
    taskCount: number,
    private readonly fleetSize: number,
    private readonly key: number,
    private readonly originMs: number,
  ) {
    this.minutes = new Int32Array(taskCount);
    this.types = new Uint8Array(taskCount);
  }

  /**
   * `candidate`, or another type when the vehicle had `candidate` too recently or it is one of the
   * `reserved` types (a mask of TaskType.index bits: the vehicle's programs); then remembered.
   */
  settle(index: number, startMs: number, candidate: TaskType, isElectric: boolean, reserved = 0): TaskType {
    const minute = Math.floor((startMs - this.originMs) / MINUTE_MS);
    let blocked = reserved;
    for (let earlier = index - this.fleetSize; earlier >= 0; earlier -= this.fleetSize) {
      const type = this.types[earlier] ?? 0;
      if (Math.abs(minute - (this.minutes[earlier] ?? 0)) < (GAP_MINUTES_BY_INDEX[type] ?? 0))
        blocked |= 1 << type;
    }
    let type = candidate;
    if ((blocked & (1 << candidate.index)) !== 0) {
      this.redraw.reseed(hash32(this.key, index));
      type = pickOtherTaskType(this.redraw, isElectric, blocked);
    }
    this.remember(index, startMs, type);
    return type;
  }

  /** A task whose type was not drawn (a program's job), so later draws keep their distance from it. */
  remember(index: number, startMs: number, type: TaskType): void {
    this.minutes[index] = Math.floor((startMs - this.originMs) / MINUTE_MS);
    this.types[index] = type.index;
  }
}
