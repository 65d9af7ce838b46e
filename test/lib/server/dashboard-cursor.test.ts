// The dashboard's cursors, cut by the codec the service's are (platform/signed-cursor.ts): a
// position round-trips for its own query only, and only the exact text issued is read back, so
// a cursor that Node's lenient base64 decoder would read the same is still refused.
import { describe, expect, it } from "vitest";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import { DashboardError } from "@/lib/server/dashboard-error";

const codec = new DashboardCursorCodec("dashboard-cursor-test");
const BINDING = JSON.stringify(["2026-05-01T00:00:00.000Z", "2026-05-08T00:00:00.000Z", "asc"]);

function refusal(cursor: string, binding = BINDING): string | undefined {
  try {
    codec.decode(cursor, binding);
  } catch (error) {
    expect(error).toBeInstanceOf(DashboardError);
    return (error as DashboardError).message;
  }
  return undefined;
}

describe("DashboardCursorCodec", () => {
  it("round-trips a position for its binding, as two URL-safe parts", () => {
    for (const position of [
      { upstreamCursor: null, offset: 0 },
      { upstreamCursor: "eyJzIjoi.abc", offset: 499 },
    ]) {
      const cursor = codec.encode(position, BINDING);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
      expect(codec.decode(cursor, BINDING)).toEqual(position);
    }
  });

  it("refuses a cursor of another query or another secret", () => {
    const cursor = codec.encode({ upstreamCursor: null, offset: 3 }, BINDING);
    expect(refusal(cursor, `${BINDING} `)).toBe("The cursor is invalid or belongs to other filters.");
    expect(() => new DashboardCursorCodec("another-secret").decode(cursor, BINDING)).toThrow(DashboardError);
  });

  it("refuses text that decodes to the same bytes but is not the text issued", () => {
    const cursor = codec.encode({ upstreamCursor: "x", offset: 1 }, BINDING);
    const [payload = "", signature = ""] = cursor.split(".");
    // A stray character Node's decoder skips, padding it never writes, and a changed spare bit of
    // the signature's last character (22 characters carry 132 bits for 128).
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spare = alphabet[alphabet.indexOf(signature.at(-1) ?? "A") + 1];
    for (const lookalike of [
      `${payload}*.${signature}`,
      `${payload}.${signature}==`,
      `${payload}.${signature.slice(0, -1)}${spare}`,
    ]) {
      expect(refusal(lookalike), lookalike).toBe("The cursor is invalid or belongs to other filters.");
    }
  });

  it("refuses garbage", () => {
    for (const text of ["", ".", "abc", "abc.def", "a.b.c", "%%%.%%%"])
      expect(refusal(text), text).toBeDefined();
  });
});
