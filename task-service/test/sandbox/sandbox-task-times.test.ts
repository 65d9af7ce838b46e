import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../../src/domain/records";
import {
  DAY,
  HOUR,
  anchor,
  generate,
  localTime,
  maxSharedStart,
  tasks,
  windowEnd,
  windowStart,
  zoneOf,
} from "./sandbox-fixture";

describe("time window", () => {
  it("keeps every start within [anchor - 180 days, anchor + 30 days) as a whole-millisecond Date", () => {
    const outside = tasks.filter((task) => {
      const time = task.started_at instanceof Date ? task.started_at.getTime() : Number.NaN;
      return !(Number.isInteger(time) && time >= windowStart && time < windowEnd);
    });
    expect(outside).toEqual([]);
  });

  it("spans the whole window", () => {
    const times = tasks.map((task) => task.started_at.getTime());
    expect(Math.min(...times)).toBeLessThan(windowStart + 2 * DAY);
    expect(Math.max(...times)).toBeGreaterThan(windowEnd - 2 * DAY);
    const future = times.filter((time) => time >= anchor.getTime()).length / times.length;
    expect(future).toBeGreaterThan(0.08);
    expect(future).toBeLessThan(0.16);
  });

  it("starts tasks during local business hours (07:00-19:00) in the branch's time zone", () => {
    const afterHours = tasks.filter((task) => {
      const { hour } = localTime(task.started_at, zoneOf.get(task.location_id) ?? "UTC");
      return hour < 7 || hour >= 19;
    });
    expect(afterHours).toEqual([]);
  });

  it("books future tasks on local quarter hours, so start times repeat", () => {
    const future = tasks.filter((task) => task.started_at.getTime() >= anchor.getTime());
    const offSlot = future.filter((task) => {
      const { minute, second } = localTime(task.started_at, zoneOf.get(task.location_id) ?? "UTC");
      return minute % 15 !== 0 || second !== 0 || task.started_at.getUTCMilliseconds() !== 0;
    });
    expect(future.length).toBeGreaterThan(1_000);
    expect(offSlot).toEqual([]);
    expect(maxSharedStart(tasks)).toBeGreaterThanOrEqual(3);
  });

  it("has at least 3 tasks sharing one start time even in tiny sandboxes", () => {
    const seeds = Array.from({ length: 30 }, (_, seed) => seed);
    expect(seeds.filter((seed) => maxSharedStart(generate(seed, 10)) < 3)).toEqual([]);
  });
});

describe("statuses", () => {
  const now = anchor.getTime();

  it("keeps status consistent with the start time", () => {
    const inconsistent = tasks.filter((task) => {
      const time = task.started_at.getTime();
      const allowed = time >= now ? ["scheduled", "cancelled"] : ["in_progress", "completed", "cancelled"];
      return !allowed.includes(task.status) || (task.status === "in_progress" && now - time > 4 * HOUR);
    });
    expect(inconsistent).toEqual([]);
  });

  it("mostly schedules future tasks and completes past ones, with some cancelled", () => {
    const future = tasks.filter((task) => task.started_at.getTime() >= now);
    const past = tasks.filter((task) => task.started_at.getTime() < now - 4 * HOUR);
    const share = (list: TaskRecord[], status: string): number =>
      list.filter((task) => task.status === status).length / list.length;
    expect(share(future, "scheduled")).toBeGreaterThan(0.9);
    expect(share(future, "cancelled")).toBeGreaterThan(0.01);
    expect(share(past, "completed")).toBeGreaterThan(0.85);
    expect(share(past, "cancelled")).toBeGreaterThan(0.02);
    expect(share(past, "cancelled")).toBeLessThan(0.12);
    const recent = tasks.filter(
      (task) => task.started_at.getTime() < now && now - task.started_at.getTime() < HOUR,
    );
    expect(recent.some((task) => task.status === "in_progress")).toBe(true);
    expect(recent.some((task) => task.status === "completed")).toBe(true);
  });

  it("has every status in every sandbox of 10 or more tasks", () => {
    const all = ["cancelled", "completed", "in_progress", "scheduled"];
    const missing: string[] = [];
    for (let seed = 0; seed < 30; seed++) {
      for (const taskCount of [10, 11, 37]) {
        const statuses = [...new Set(generate(seed, taskCount).map((task) => task.status))].sort();
        if (statuses.join() !== all.join())
          missing.push(`seed ${seed}, ${taskCount} tasks: ${statuses.join()}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
