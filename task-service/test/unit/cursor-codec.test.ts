// CursorCodec: opaque, tamper-evident cursors bound to the query they came from (decisions.md).
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/api-error";
import { CursorCodec } from "../../src/pagination/cursor-codec";

const KEY = Buffer.alloc(32, 7);
const codec = new CursorCodec(KEY);
const POSITION = { started_at: "2026-05-01T14:30:00.123Z", id: "tsk_0123456789" };
const BINDING = JSON.stringify([
  "2026-05-01T00:00:00.000Z",
  "2026-05-08T00:00:00.000Z",
  "asc",
  null,
  null,
  null,
  null,
]);
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function decodeError(cursor: string, binding = BINDING): unknown {
  try {
    codec.decode(cursor, binding);
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Fails with a count and a few examples rather than thousands of lines. */
function expectNoneAccepted(accepted: string[]): void {
  expect(accepted.length, `accepted:\n${accepted.slice(0, 6).join("\n")}`).toBe(0);
}

function expectRejected(cursor: string, binding = BINDING): void {
  const error = decodeError(cursor, binding);
  expect(error, JSON.stringify(cursor)).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ statusCode: 400, code: "invalid_request" });
}

describe("CursorCodec", () => {
  it("round-trips a position for its binding", () => {
    const cursor = codec.encode(POSITION, BINDING);
    expect(codec.decode(cursor, BINDING)).toEqual(POSITION);
  });

  it("round-trips ids and timestamps with any characters", () => {
    for (const position of [
      { started_at: "1970-01-01T00:00:00.000Z", id: "a" },
      { started_at: "2026-05-01T00:00:00.000Z", id: "T:1.2_3-4" },
      { started_at: "2026-05-01T00:00:00.000Z", id: 'quote" and \\ and é 🚗' },
    ]) {
      expect(codec.decode(codec.encode(position, BINDING), BINDING)).toEqual(position);
    }
  });

  it("is URL-safe and opaque (base64url, no padding)", () => {
    expect(codec.encode(POSITION, BINDING)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("is bound to its binding: another window, filter or order fails", () => {
    const cursor = codec.encode(POSITION, BINDING);
    for (const other of [
      JSON.stringify([
        "2026-05-01T00:00:00.000Z",
        "2026-05-08T00:00:00.000Z",
        "desc",
        null,
        null,
        null,
        null,
      ]),
      JSON.stringify(["2026-05-01T00:00:00.001Z", "2026-05-08T00:00:00.000Z", "asc", null, null, null, null]),
      JSON.stringify([
        "2026-05-01T00:00:00.000Z",
        "2026-05-08T00:00:00.000Z",
        "asc",
        "loc_1",
        null,
        null,
        null,
      ]),
      "",
    ]) {
      expectRejected(cursor, other);
    }
  });

  it("rejects a cursor with any single character replaced", () => {
    const cursor = codec.encode(POSITION, BINDING);
    const accepted: string[] = [];
    for (let i = 0; i < cursor.length; i++) {
      for (const replacement of `${BASE64URL}.=+/!~ `) {
        if (replacement === cursor[i]) continue;
        const altered = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
        if (!(decodeError(altered) instanceof ApiError))
          accepted.push(`position ${i} -> ${replacement}: ${altered}`);
      }
    }
    expectNoneAccepted(accepted);
  });

  it("rejects a cursor with a character added or removed", () => {
    const cursor = codec.encode(POSITION, BINDING);
    const accepted: string[] = [];
    for (let i = 0; i <= cursor.length; i++) {
      if (i < cursor.length) {
        const removed = cursor.slice(0, i) + cursor.slice(i + 1);
        if (!(decodeError(removed) instanceof ApiError)) accepted.push(removed);
      }
      for (const added of ["A", "=", "!", "~", " "]) {
        const longer = cursor.slice(0, i) + added + cursor.slice(i);
        if (!(decodeError(longer) instanceof ApiError)) accepted.push(`${added} at ${i}: ${longer}`);
      }
    }
    expectNoneAccepted(accepted);
  });

  it("rejects garbage", () => {
    const cursor = codec.encode(POSITION, BINDING);
    const [payload = "", signature = ""] = cursor.split(".");
    for (const garbage of [
      "",
      ".",
      "..",
      "abc",
      "abc.",
      ".abc",
      `${payload}.`,
      `.${signature}`,
      `${cursor}.${signature}`,
      `${signature}.${payload}`,
      "eyJzIjoiMjAyNi0wNS0wMVQxNDozMDowMC4xMjNaIiwiaSI6InRza18xIn0.AAAAAAAAAAAAAAAAAAAAAA",
      `${Buffer.from("not json").toString("base64url")}.${signature}`,
      "%zz.%zz",
      "\u0000.\u0000",
      "x".repeat(10_000),
      `${"A".repeat(5_000)}.${"A".repeat(22)}`,
    ]) {
      expectRejected(garbage);
    }
  });

  it("throws the one invalid_request message, whatever was wrong", () => {
    const cursor = codec.encode(POSITION, BINDING);
    const messages = new Set(
      [cursor.slice(1), "garbage", cursor].map(
        (c, i) => (decodeError(c, i === 2 ? "other" : BINDING) as ApiError).message,
      ),
    );
    expect([...messages]).toEqual(["The cursor is invalid or was issued for a different query."]);
  });

  it("does not accept a cursor of another key, even for the same position and binding", () => {
    const other = new CursorCodec(Buffer.alloc(32, 8));
    expectRejected(other.encode(POSITION, BINDING));
    expect(() => other.decode(codec.encode(POSITION, BINDING), BINDING)).toThrow(ApiError);
  });

  it("gives the same cursor for the same input (no hidden state) and different cursors for different positions", () => {
    expect(codec.encode(POSITION, BINDING)).toBe(codec.encode(POSITION, BINDING));
    expect(codec.encode(POSITION, BINDING)).not.toBe(codec.encode({ ...POSITION, id: "tsk_1" }, BINDING));
  });
});
