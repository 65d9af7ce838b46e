import { describe, expect, it } from "vitest";
import { INFO, WARN, readableLine } from "@/scripts/start-output";

const running = { minLevel: WARN, plainText: false };
const json = (fields: Record<string, unknown>) =>
  JSON.stringify({ time: "2026-11-25T12:00:00.000Z", ...fields });

describe("what npm start shows of a program's output", () => {
  it("shows a warning or an error as one line with what went wrong", () => {
    const warning = json({
      level: "warn",
      service: "dashboard",
      msg: "dashboard api request",
      status: 502,
      path: "/api/tasks",
      error_code: "upstream_unavailable",
      err: { type: "Error", message: "connect ECONNREFUSED 127.0.0.1:4010" },
      request_id: "r-1",
    });
    expect(readableLine("dashboard", warning, running)).toBe(
      "dashboard: WARN dashboard api request (connect ECONNREFUSED 127.0.0.1:4010, upstream_unavailable, 502, /api/tasks, r-1)",
    );
    expect(readableLine("service", json({ level: 50, msg: "store failed", err: "gone" }), running)).toBe(
      "service: ERROR store failed (gone)",
    );
  });

  it("keeps info lines and request lines in the file, and shows startup progress while asked to", () => {
    expect(
      readableLine("service", json({ level: 30, msg: "request completed", res: { status: 200 } }), running),
    ).toBeNull();
    expect(readableLine("dashboard", json({ level: "info", msg: "signed in" }), running)).toBeNull();
    const starting = { minLevel: INFO, plainText: false };
    expect(
      readableLine("service", json({ level: 30, msg: "generating 50000 sandbox tasks" }), starting),
    ).toBe("service: generating 50000 sandbox tasks");
    expect(
      readableLine(
        "service",
        json({ level: 30, msg: "incoming request", req: { url: "/healthz" } }),
        starting,
      ),
    ).toBeNull();
  });

  it("shows plain text from stderr without its stack frames, and none from stdout", () => {
    const stderr = { minLevel: WARN, plainText: true };
    expect(readableLine("dashboard", "⨯ Error: boom", stderr)).toBe("dashboard: ⨯ Error: boom");
    expect(readableLine("dashboard", "    at handler (/app/route.js:1:2)", stderr)).toBeNull();
    expect(readableLine("dashboard", "✓ Ready in 240ms", running)).toBeNull();
    expect(readableLine("dashboard", "", stderr)).toBeNull();
  });
});
