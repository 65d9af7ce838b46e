import { describe, expect, it } from "vitest";
import type { MirrorStatus } from "@/lib/client/api-types";
import { agoText, mirrorFreshness } from "@/lib/client/mirror-freshness";

const NOW = Date.parse("2026-11-26T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function enabled(overrides: Partial<Extract<MirrorStatus, { enabled: true }>> = {}): MirrorStatus {
  return {
    enabled: true,
    horizon: { from: "2026-05-30T00:00:00.000Z", to: "2026-12-26T00:00:00.000Z" },
    windows: { synced: 211, total: 211 },
    hot: { synced: 3, total: 3, oldest_as_of: ago(65_000) },
    cold: { synced: 208, total: 208, oldest_as_of: ago(3_600_000) },
    rows: 3000,
    locations_as_of: ago(1000),
    sync_calls: { last_minute: 1, last_hour: 40 },
    leader: { instance: "host-a", since: ago(7_200_000) },
    last_error: null,
    mode: "windows",
    change_feed: { offered: false, checked_at: ago(60_000), since: null, as_of: null },
    ...overrides,
  };
}

describe("how long ago", () => {
  it("says seconds, minutes, hours, then days", () => {
    expect(agoText(NOW - 40_000, NOW)).toBe("40 s");
    expect(agoText(NOW - 119_000, NOW)).toBe("1 min");
    expect(agoText(NOW - 3 * 3_600_000, NOW)).toBe("3 h");
    expect(agoText(NOW - 50 * 3_600_000, NOW)).toBe("2 d");
    expect(agoText(NOW + 5_000, NOW)).toBe("0 s");
  });
});

describe("the header's freshness", () => {
  it("says how long ago the hot windows were synced", () => {
    expect(mirrorFreshness(enabled(), NOW)).toEqual({ label: "Synced 1 min ago", tone: "ok" });
  });

  it("says how far a filling mirror is", () => {
    expect(mirrorFreshness(enabled({ windows: { synced: 12, total: 211 } }), NOW)).toEqual({
      label: "Syncing 12/211",
      tone: "filling",
    });
  });

  it("marks old hot windows stale, and an error newer than the last sync", () => {
    const old = enabled({ hot: { synced: 3, total: 3, oldest_as_of: ago(20 * 60_000) } });
    expect(mirrorFreshness(old, NOW).tone).toBe("stale");
    const failing = enabled({ last_error: { message: "The service did not answer.", at: ago(1000) } });
    expect(mirrorFreshness(failing, NOW).tone).toBe("error");
    const mended = enabled({ last_error: { message: "The service did not answer.", at: ago(600_000) } });
    expect(mirrorFreshness(mended, NOW).tone).toBe("ok");
  });

  it("states the age of the oldest data on the screen, not of the last sync", () => {
    // The hot windows were synced a minute ago; the vehicle history shown was read 3 minutes ago.
    const shown = { part: "Vehicle history", asOfMs: NOW - 3 * 60_000 };
    expect(mirrorFreshness(enabled(), NOW, shown)).toEqual({ label: "Data as of 3 min ago", tone: "ok" });
    const old = { part: "Task list", asOfMs: NOW - 40 * 60_000 };
    expect(mirrorFreshness(enabled(), NOW, old)).toEqual({ label: "Data as of 40 min ago", tone: "stale" });
    // An error since the data shown was read.
    const failing = enabled({ last_error: { message: "The service did not answer.", at: ago(60_000) } });
    expect(mirrorFreshness(failing, NOW, shown).tone).toBe("error");
    // Still filling: how far, whatever is shown.
    expect(mirrorFreshness(enabled({ windows: { synced: 12, total: 211 } }), NOW, shown).label).toBe(
      "Syncing 12/211",
    );
  });

  it("says Live with the mirror off, and that it is unavailable when it could not open", () => {
    expect(mirrorFreshness({ enabled: false, setting: "off" }, NOW)).toEqual({ label: "Live", tone: "ok" });
    expect(mirrorFreshness({ enabled: false, setting: "on" }, NOW).tone).toBe("error");
  });

  it("says how old saved rows shown without the mirror are, not Live", () => {
    const off = { enabled: false, setting: "off" } as const;
    const shown = (agoMs: number) => ({ part: "Task list", asOfMs: NOW - agoMs });
    expect(mirrorFreshness(off, NOW, shown(20_000))).toEqual({ label: "Live", tone: "ok" });
    expect(mirrorFreshness(off, NOW, shown(12 * 60_000))).toEqual({
      label: "Data as of 12 min ago",
      tone: "stale",
    });
  });
});
