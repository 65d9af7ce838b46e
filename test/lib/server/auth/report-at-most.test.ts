import { describe, expect, it } from "vitest";
import { reportAtMostEvery } from "@/lib/server/auth/auth-logger";

describe("a report at most once per interval", () => {
  it("reports the first occurrence, then the next after the interval with the count it held back", () => {
    let now = 0;
    const reports: [unknown, number][] = [];
    const report = reportAtMostEvery(
      60_000,
      (error, suppressed) => reports.push([error, suppressed]),
      () => now,
    );
    for (let i = 0; i < 100; i++) report(`e${i}`);
    expect(reports).toEqual([["e0", 0]]);
    now = 60_000;
    report("later");
    expect(reports).toEqual([
      ["e0", 0],
      ["later", 99],
    ]);
  });
});
