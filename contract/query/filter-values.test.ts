// One filter value, a list's values and the search text, by the rules every reader shares.
import { describe, expect, it } from "vitest";
import { hasControlCharacter, isWellFormedText, replaceControlCharacters } from "./control-characters";
import { filterValueRule, isFilterValue, searchTextProblem } from "./filter-values";
import { isTaskType } from "./task-type";

describe("control characters", () => {
  it("are C0 and DEL, not other characters", () => {
    for (const text of ["\u0000", "a\nb", "\t", "\u001f", "\u007f"])
      expect(hasControlCharacter(text)).toBe(true);
    for (const text of ["", " ", "ü", "\u0080", "\u2028", "🚗"])
      expect(hasControlCharacter(text)).toBe(false);
    expect(replaceControlCharacters("a\u0000b\nc\u007f", "?")).toBe("a?b?c?");
  });
});

describe("well-formed text", () => {
  it("is any text without a lone surrogate", () => {
    for (const text of ["", "ü", "🚗", "\ud83d\ude97"]) expect(isWellFormedText(text)).toBe(true);
    for (const text of ["\ud800", "a\udc00", "\ude97\ud83d"]) expect(isWellFormedText(text)).toBe(false);
  });
});

describe("a task type", () => {
  it("is 1-128 characters (code points) without control characters, spaces allowed", () => {
    expect(["oil_change", "tire rotation", " ", "x".repeat(128), "🚗".repeat(128)].every(isTaskType)).toBe(
      true,
    );
    expect(["", "x".repeat(129), "🚗".repeat(129), "a\tb"].some(isTaskType)).toBe(false);
  });
});

describe("isFilterValue", () => {
  it("takes identifiers for statuses, locations, MVAs and vehicles, and task types for task_type", () => {
    for (const name of ["status", "location_id", "mva", "vehicle_id"] as const) {
      expect(isFilterValue(name, "loc_a.b:c-1")).toBe(true);
      expect(isFilterValue(name, "in progress")).toBe(false);
      expect(filterValueRule(name)).toBe('1-128 letters, digits, ".", "_", ":" or "-"');
    }
    expect(isFilterValue("task_type", "tire rotation")).toBe(true);
    expect(isFilterValue("task_type", "oil\u0001change")).toBe(false);
    expect(filterValueRule("task_type")).toBe("1-128 characters without control characters");
  });
});

describe("searchTextProblem", () => {
  it("takes 1-100 characters (code points) without control characters", () => {
    expect(searchTextProblem("50% _off")).toBeUndefined();
    expect(searchTextProblem("🚗".repeat(100))).toBeUndefined();
    expect(searchTextProblem("")).toBe('"q" must be 1-100 characters.');
    expect(searchTextProblem("ü".repeat(101))).toBe('"q" must be 1-100 characters.');
    expect(searchTextProblem("a\nb")).toBe('"q" must not contain control characters.');
  });
});
