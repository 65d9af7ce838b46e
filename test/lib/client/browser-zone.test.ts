import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTimeZone } from "@/lib/client/browser-zone";

function browserReports(timeZone: string) {
  const options = Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({ ...options, timeZone });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the browser's zone", () => {
  it("is named by its current name where the browser reports one the time-zone database renamed", () => {
    browserReports("Asia/Calcutta");
    expect(browserTimeZone()).toBe("Asia/Kolkata");
    browserReports("Europe/Kiev");
    expect(browserTimeZone()).toBe("Europe/Kyiv");
  });

  it("is the browser's own otherwise", () => {
    browserReports("America/Chicago");
    expect(browserTimeZone()).toBe("America/Chicago");
  });
});
