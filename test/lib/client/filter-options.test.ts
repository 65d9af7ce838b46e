import { describe, expect, it } from "vitest";
import type { Location, TaskSummary } from "@/lib/client/api-types";
import { filterOptions } from "@/lib/client/filter-options";

const locations: Location[] = [
  { id: "LOC-2", name: "Seattle", timezone: "America/Los_Angeles", address: "" },
  { id: "LOC-1", name: "Denver", timezone: "America/Denver", address: "" },
];

const summary: TaskSummary = {
  total: 10,
  by_status: { on_hold: 1, completed: 6, scheduled: 3 },
  by_task_type: { car_wash: 2, oil_change: 7, "hydrogen, refill": 1 },
  by_location: [{ id: "LOC-2", name: "Seattle", total: 10 }],
  by_day: [],
  as_of: "2026-11-22T00:00:00.000Z",
};

describe("the values the filters offer", () => {
  it("come with the mirror's counts and readable names, unknown codes as they are", () => {
    const options = filterOptions(summary, locations, []);
    expect(options.task_type).toEqual([
      { value: "oil_change", label: "Oil change", count: 7 },
      { value: "car_wash", label: "Car wash", count: 2 },
      { value: "hydrogen, refill", label: "hydrogen, refill", count: 1 },
    ]);
    expect(options.status.map((option) => option.value)).toEqual(["scheduled", "completed", "on_hold"]);
    expect(options.location_id).toEqual([
      { value: "LOC-1", label: "Denver", count: 0 },
      { value: "LOC-2", label: "Seattle", count: 10 },
    ]);
  });

  it("fall back to what is known without the mirror, without counts", () => {
    const options = filterOptions(undefined, locations, ["tire_rotation"]);
    expect(options.status.map((option) => option.label)).toEqual([
      "Scheduled",
      "In progress",
      "Completed",
      "Cancelled",
    ]);
    expect(options.task_type).toEqual([{ value: "tire_rotation", label: "Tire rotation" }]);
    expect(options.location_id[0]).toEqual({ value: "LOC-1", label: "Denver" });
  });
});
