import { readFileSync, readdirSync } from "node:fs";
import { isDeepStrictEqual as isEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import type { TaskRecord } from "../../src/domain/records";
import { sandboxTasks } from "../../src/sandbox/generate-sandbox-data";
import { DAY, anchor, generate, tasks, windowEnd, windowStart, zoneOf } from "./sandbox-fixture";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("determinism", () => {
  it("gives identical output for the same seed, taskCount and anchor", () => {
    // The whole sandbox: a smaller one is not a prefix of a larger one once programs apply.
    expect(generate(2024, 20_000)).toEqual(tasks);
    expect(generate(2024, 5_000)).toEqual(generate(2024, 5_000));
  });

  it("gives different data for a different seed or anchor", () => {
    const other = generate(2025, 5_000);
    expect(other.map((task) => task.id)).not.toEqual(tasks.slice(0, 5_000).map((task) => task.id));
    expect(other.map((task) => task.mva)).not.toEqual(tasks.slice(0, 5_000).map((task) => task.mva));
    const shifted = generate(2024, 100, new Date(anchor.getTime() + DAY));
    expect(shifted.map((task) => task.started_at)).not.toEqual(
      tasks.slice(0, 100).map((task) => task.started_at),
    );
  });

  it("gives the same tasks when generated moments apart on the same day", () => {
    // Two services started with the same seed and size a few minutes apart must serve the same
    // data: only what depends on "now" itself may differ (statuses near the anchor, the task pinned
    // in progress at it, and a draw that lands between the two anchors at a window edge).
    const later = generate(2024, 20_000, new Date(anchor.getTime() + 7 * 60_000));
    const withoutStatus = ({ status: _status, ...rest }: TaskRecord) => rest;
    const differing = later.filter((task, index) => {
      const earlier = tasks[index]!;
      return !isEqual(withoutStatus(task), withoutStatus(earlier));
    });
    expect(differing.length).toBeLessThanOrEqual(20); // 0.1%
    const statusChanges = later.filter((task, index) => task.status !== tasks[index]!.status);
    expect(statusChanges.length).toBeLessThanOrEqual(12);
  });

  it("uses neither Math.random nor Date.now", () => {
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random used");
    });
    const now = vi.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now used");
    });
    expect(generate(2024, 20_000)).toEqual(tasks);
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
    const sourceDir = fileURLToPath(new URL("../../src/sandbox/", import.meta.url));
    for (const file of readdirSync(sourceDir)) {
      // Comments may mention them; code may not.
      const code = readFileSync(`${sourceDir}${file}`, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect(code, file).not.toMatch(/Math\.random|Date\.now|new Date\(\)|performance\.now/);
    }
  });

  it("streams lazily and validates its options up front", () => {
    const stream = sandboxTasks({ seed: 1, taskCount: 1_000_000, anchor });
    expect(stream.next().done).toBe(false);
    expect(generate(1, 0)).toEqual([]);
    expect(() => sandboxTasks({ seed: 1.5, taskCount: 10, anchor })).toThrow(RangeError);
    expect(() => sandboxTasks({ seed: 1, taskCount: -1, anchor })).toThrow(RangeError);
    expect(() => sandboxTasks({ seed: 1, taskCount: 2.5, anchor })).toThrow(RangeError);
    expect(() => sandboxTasks({ seed: 1, taskCount: 10, anchor: new Date(Number.NaN) })).toThrow(RangeError);
  });
});

describe("identifiers", () => {
  it("gives unique task ids that match the identifier pattern and hide creation order", () => {
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length);
    expect(tasks.filter((task) => !/^tsk_[0-9a-z]{10}$/.test(task.id))).toEqual([]);
    const identifiers = tasks.flatMap((task) => [task.id, task.vehicle_id, task.mva, task.location_id]);
    expect(identifiers.filter((id) => !IDENTIFIER_PATTERN.test(id))).toEqual([]);
    const ascending = tasks.slice(1).filter((task, i) => task.id > (tasks[i]?.id ?? "")).length;
    expect(ascending / tasks.length).toBeGreaterThan(0.4);
    expect(ascending / tasks.length).toBeLessThan(0.6);
  });

  it("uses only catalogue locations, all of them", () => {
    expect(tasks.filter((task) => !zoneOf.has(task.location_id))).toEqual([]);
    expect(new Set(tasks.map((task) => task.location_id)).size).toBe(zoneOf.size);
  });
});

describe("small sandboxes", () => {
  it.each([1, 2, 3, 5, 9])("produces %i valid task(s)", (taskCount) => {
    const list = generate(3, taskCount);
    expect(list).toHaveLength(taskCount);
    for (const task of list) {
      expect(task.started_at.getTime()).toBeGreaterThanOrEqual(windowStart);
      expect(task.started_at.getTime()).toBeLessThan(windowEnd);
      expect(task.id).toMatch(IDENTIFIER_PATTERN);
    }
  });
});
