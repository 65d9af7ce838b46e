// The budget the dashboard builds for itself: grants are held a little longer than the service's
// minute, so calls whose slots free at once cannot crowd into one of the service's windows.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBackend, type DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";

let backend: DashboardBackend;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  backend = await createBackend(
    parseDashboardEnv({
      VTS_BASE_URL: "http://service.test",
      VTS_CLIENT_ID: "dashboard",
      VTS_CLIENT_SECRET: "secret",
      AUTH_SECRET: "x".repeat(40),
    }),
  );
});

afterEach(async () => {
  await backend.close();
  vi.useRealTimers();
});

describe("the dashboard's upstream budget", () => {
  it("frees a slot one second after the service's minute, not at it", async () => {
    const { budget } = backend;
    await budget.recordResponse(200, new Headers({ "x-ratelimit-limit": "60" }));
    const acquire = () => budget.acquire("interactive", { deadlineMs: Date.now() + 5 * 60_000 });
    for (let i = 0; i < 58; i++) await acquire();
    let granted = false;
    void acquire().then(() => (granted = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(granted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(granted).toBe(true);
  });
});
