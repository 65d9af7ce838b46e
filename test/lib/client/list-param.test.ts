import { describe, expect, it } from "vitest";
import { joinListParam, splitListParam } from "@/lib/client/list-param";

describe("a list filter's text", () => {
  it("splits on commas, reading \\, as a comma and \\\\ as a backslash inside a value", () => {
    expect(splitListParam("a,b")).toEqual(["a", "b"]);
    expect(splitListParam(String.raw`tires\, front,x\\y`)).toEqual(["tires, front", "x\\y"]);
    // A backslash before anything else is a plain character, as the API reads it.
    expect(splitListParam(String.raw`a\b`)).toEqual(["a\\b"]);
  });

  it("joins what it splits back to the same values", () => {
    const values = ["oil_change", "tires, front", "a\\", ",", "\\,", ""];
    expect(splitListParam(joinListParam(values))).toEqual(values);
    expect(joinListParam(["x"])).toBe("x");
  });
});
