import { describe, expect, it } from "vitest";
import { joinListParam, splitListParam } from "./list-param";

describe("a list filter's text", () => {
  it.each([
    ["oil_change", ["oil_change"]],
    ["oil_change,wash", ["oil_change", "wash"]],
    ["Oil\\, filter", ["Oil, filter"]],
    ["Oil\\, filter,wash", ["Oil, filter", "wash"]],
    ["back\\\\slash,x", ["back\\slash", "x"]],
    // A backslash before anything else is a plain character.
    ["a\\b", ["a\\b"]],
    ["a,,b", ["a", "", "b"]],
  ])("reads %j as %j", (text, values) => {
    expect(splitListParam(text)).toEqual(values);
  });

  it("joins what it splits back to the same values", () => {
    const values = ["oil_change", "tires, front", "a\\", ",", "\\,", ""];
    expect(splitListParam(joinListParam(values))).toEqual(values);
    expect(joinListParam(["x"])).toBe("x");
  });
});
