import { describe, expect, it } from "vitest";
import { noteTaskTypes, taskTypesLike } from "@/lib/client/seen-task-types";

describe("seen task types", () => {
  it("keeps every type seen, sorted, across calls", () => {
    noteTaskTypes(["tire_rotation", "oil_change"]);
    expect(noteTaskTypes(["brake_inspection"])).toEqual(["brake_inspection", "oil_change", "tire_rotation"]);
  });

  it("offers the types a partial or differently written text is part of", () => {
    noteTaskTypes(["oil_change", "oil_leak_check", "detailing"]);
    expect(taskTypesLike("oil")).toEqual(["oil_change", "oil_leak_check"]);
    expect(taskTypesLike("Oil Change")).toEqual(["oil_change"]);
    expect(taskTypesLike("OIL-CHANGE")).toEqual(["oil_change"]);
    expect(taskTypesLike("oil_change")).toEqual([]);
    expect(taskTypesLike("  ")).toEqual([]);
  });
});
