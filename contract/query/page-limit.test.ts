// `limit` and `order` as every task list reads them: a default when absent, refused (not clamped)
// when out of range.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMIT, readLimit } from "./page-limit";
import { readOrder } from "./order";

describe("readLimit", () => {
  it("reads 1 to 500, and the default when absent", () => {
    expect([readLimit("1"), readLimit("500"), readLimit("0500"), readLimit(undefined)]).toEqual([
      1,
      500,
      500,
      DEFAULT_LIMIT,
    ]);
  });

  it.each(["0", "501", "-1", "1e2", "", " 5", "5.0", "00001", "abc"])("refuses %j", (text) => {
    expect(readLimit(text)).toBeUndefined();
  });
});

describe("readOrder", () => {
  it("reads asc and desc, asc when absent, and refuses anything else", () => {
    expect([readOrder("asc"), readOrder("desc"), readOrder(undefined)]).toEqual(["asc", "desc", "asc"]);
    expect([readOrder("DESC"), readOrder(""), readOrder("up")]).toEqual([undefined, undefined, undefined]);
  });
});
