import { expect, it } from "vitest";
import { onTimePercent } from "@/app/(dashboard)/compliance/components/share-table";

it("reads 100% only when no job was late, and otherwise rounds down to a tenth", () => {
  expect(onTimePercent({ completed: 2_001, late: 0 })).toBe(100);
  expect(onTimePercent({ completed: 2_001, late: 1 })).toBe(99.9);
  expect(onTimePercent({ completed: 100, late: 43 })).toBe(57);
  expect(onTimePercent({ completed: 3, late: 1 })).toBe(66.6);
  expect(onTimePercent({ completed: 0, late: 0 })).toBe(0);
});
