import { describe, expect, it } from "vitest";
import { Rng, WeightedTable, at, hash32, mix32, seedKey } from "../../../platform/prng";

describe("Rng", () => {
  it("repeats the same sequence for the same seed", () => {
    const a = new Rng(12345);
    const b = new Rng(12345);
    const first = Array.from({ length: 100 }, () => a.nextUint32());
    expect(Array.from({ length: 100 }, () => b.nextUint32())).toEqual(first);
    expect(new Rng(0).reseed(12345).nextUint32()).toBe(first[0]);
  });

  it("gives different sequences for different seeds", () => {
    const a = new Rng(1);
    const b = new Rng(2);
    expect(Array.from({ length: 10 }, () => a.next())).not.toEqual(
      Array.from({ length: 10 }, () => b.next()),
    );
  });

  it("draws uniformly in [0, 1) and in integer ranges", () => {
    const rng = new Rng(99);
    const buckets = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const value = rng.next();
      if (!(value >= 0 && value < 1)) outside++;
      const bucket = rng.int(10);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    for (const count of buckets) expect(count).toBeGreaterThan(9_500);
    for (const count of buckets) expect(count).toBeLessThan(10_500);
  });
});

describe("hashing", () => {
  it("mix32 is a bijection-like mixer with no trivial fixed mapping", () => {
    const seen = new Set(Array.from({ length: 10_000 }, (_, i) => mix32(i)));
    expect(seen.size).toBe(10_000);
  });

  it("hash32 gives distinct stream seeds per index", () => {
    const seen = new Set(Array.from({ length: 10_000 }, (_, i) => hash32(7, i)));
    expect(seen.size).toBe(10_000);
  });

  it("seedKey separates small, negative and large seeds and rejects non-integers", () => {
    const seeds = [0, 1, 2, -1, -2, 2 ** 32, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    expect(new Set(seeds.map(seedKey)).size).toBe(seeds.length);
    expect(new Set(Array.from({ length: 10_000 }, (_, i) => seedKey(i))).size).toBe(10_000);
    expect(() => seedKey(1.5)).toThrow(RangeError);
    expect(() => seedKey(Number.NaN)).toThrow(RangeError);
  });
});

describe("WeightedTable", () => {
  it("picks in proportion to the weights and never picks zero weights", () => {
    const table = new WeightedTable<string>([
      ["a", 1],
      ["b", 3],
      ["never", 0],
      ["c", 6],
    ]);
    const rng = new Rng(5);
    const counts = new Map<string, number>();
    for (let i = 0; i < 100_000; i++) {
      const item = table.pick(rng);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    expect(counts.get("never")).toBeUndefined();
    expect((counts.get("a") ?? 0) / 100_000).toBeCloseTo(0.1, 1);
    expect((counts.get("b") ?? 0) / 100_000).toBeCloseTo(0.3, 1);
    expect((counts.get("c") ?? 0) / 100_000).toBeCloseTo(0.6, 1);
  });

  it("rejects a table without positive weights", () => {
    expect(() => new WeightedTable([["x", 0]])).toThrow(RangeError);
  });
});

describe("at", () => {
  it("returns the item or throws instead of yielding undefined", () => {
    expect(at(["x", "y"], 1)).toBe("y");
    expect(() => at(["x"], 1)).toThrow(RangeError);
  });
});
