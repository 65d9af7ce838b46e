import { describe, expect, it } from "vitest";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { createPermutation } from "../../src/sandbox/permutation";
import { TASK_ID_PATTERN, base36Width10, createTaskIdEncoder } from "../../src/sandbox/task-ids";

describe("createPermutation", () => {
  it.each([1, 2, 3, 10, 97, 1_000, 4_096, 10_007])("is a bijection of [0, %i)", (range) => {
    const permute = createPermutation(42, range);
    const images = Array.from({ length: range }, (_, value) => permute(value));
    expect(new Set(images).size).toBe(range);
    expect(images.every((image) => image >= 0 && image < range)).toBe(true);
  });

  it("depends on the key and scatters neighbouring values", () => {
    const a = createPermutation(1, 1_000_000);
    const b = createPermutation(2, 1_000_000);
    const first = Array.from({ length: 20 }, (_, value) => a(value));
    expect(first).not.toEqual(Array.from({ length: 20 }, (_, value) => b(value)));
    const steps = new Set(first.slice(1).map((image, i) => image - (first[i] ?? 0)));
    expect(steps.size).toBeGreaterThan(15);
  });

  it("rejects values outside the range", () => {
    const permute = createPermutation(1, 10);
    expect(() => permute(10)).toThrow(RangeError);
    expect(() => permute(-1)).toThrow(RangeError);
    expect(() => createPermutation(1, 0)).toThrow(RangeError);
  });
});

describe("base36Width10", () => {
  it("matches Number#toString(36), zero-padded to 10 characters", () => {
    for (const value of [0, 1, 35, 36, 1_295, 1_296, 2 ** 32, 2 ** 50 - 1, 36 ** 10 - 1]) {
      expect(base36Width10(value)).toBe(value.toString(36).padStart(10, "0"));
    }
  });
});

describe("createTaskIdEncoder", () => {
  it("gives unique ids of the documented shape", () => {
    const encode = createTaskIdEncoder(7);
    const ids = Array.from({ length: 200_000 }, (_, index) => encode(index));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 1_000)) {
      expect(id).toMatch(TASK_ID_PATTERN);
      expect(id).toMatch(IDENTIFIER_PATTERN);
    }
  });

  it("is deterministic per key and differs between keys", () => {
    expect(createTaskIdEncoder(7)(123)).toBe(createTaskIdEncoder(7)(123));
    expect(createTaskIdEncoder(7)(123)).not.toBe(createTaskIdEncoder(8)(123));
  });

  it("does not reveal creation order", () => {
    const encode = createTaskIdEncoder(7);
    const ids = Array.from({ length: 10_000 }, (_, index) => encode(index));
    const ascending = ids.slice(1).filter((id, i) => id > (ids[i] ?? "")).length;
    expect(ascending / (ids.length - 1)).toBeGreaterThan(0.45);
    expect(ascending / (ids.length - 1)).toBeLessThan(0.55);
    expect(new Set(ids.map((id) => id.slice(4, 6))).size).toBeGreaterThan(300); // leading characters vary
  });
});
