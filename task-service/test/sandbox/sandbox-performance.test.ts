import { describe, expect, it } from "vitest";
import { sandboxTasks } from "../../src/sandbox/generate-sandbox-data";
import { anchor } from "./sandbox-fixture";

describe("performance", () => {
  // Reports the time only: a shared CI machine is too noisy for a timing assertion.
  it("streams 1,000,000 tasks", { timeout: 120_000 }, () => {
    const started = performance.now();
    let count = 0;
    let vehicles = 0;
    for (const task of sandboxTasks({ seed: 1, taskCount: 1_000_000, anchor })) {
      count += 1;
      if (task.vehicle_id === "veh_000001") vehicles += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`sandbox generator: 1,000,000 tasks in ${seconds.toFixed(2)} s`);
    expect(count).toBe(1_000_000);
    expect(vehicles).toBeGreaterThan(0);
  });
});
