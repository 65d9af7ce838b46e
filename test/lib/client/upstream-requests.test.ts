import { describe, expect, it } from "vitest";
import { describeUpstreamRequests, upstreamRequestsAtMost } from "@/lib/client/upstream-requests";

describe("upstream requests an export used", () => {
  it("is one per page of 500 rows, a partly received page included", () => {
    expect(upstreamRequestsAtMost(0, false)).toBe(0);
    expect(upstreamRequestsAtMost(1, false)).toBe(1);
    expect(upstreamRequestsAtMost(500, false)).toBe(1);
    expect(upstreamRequestsAtMost(501, false)).toBe(2);
    expect(upstreamRequestsAtMost(1_000, true)).toBe(2);
  });

  it("is one for a finished export that matched nothing: the first page was still read", () => {
    expect(upstreamRequestsAtMost(0, true)).toBe(1);
  });

  it("is worded as the upper bound it is", () => {
    expect(describeUpstreamRequests(1, false)).toBe("at most 1 upstream request");
    expect(describeUpstreamRequests(600_000, true)).toBe("at most 1,200 upstream requests");
  });
});
