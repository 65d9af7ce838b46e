import { describe, expect, it } from "vitest";
import { statusLabel, taskTypeLabel } from "@/lib/task-format/task-labels";

describe("readable task types and statuses", () => {
  it("names known codes for people", () => {
    expect(taskTypeLabel("oil_change")).toBe("Oil change");
    expect(taskTypeLabel("ev_battery_diagnostic")).toBe("EV battery diagnostic");
    expect(statusLabel("in_progress")).toBe("In progress");
  });

  it("shows an unknown code as it is", () => {
    expect(taskTypeLabel("hydrogen_refill")).toBe("hydrogen_refill");
    expect(taskTypeLabel("tires, front")).toBe("tires, front");
    expect(taskTypeLabel("constructor")).toBe("constructor");
    expect(statusLabel("on_hold")).toBe("on_hold");
  });
});
