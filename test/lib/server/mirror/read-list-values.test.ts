import { expect, it } from "vitest";
import { splitListValues } from "@/lib/server/mirror/read/list-values";

it.each([
  ["oil_change", ["oil_change"]],
  ["oil_change,wash", ["oil_change", "wash"]],
  ["Oil\\, filter", ["Oil, filter"]],
  ["Oil\\, filter,wash", ["Oil, filter", "wash"]],
  ["back\\\\slash,x", ["back\\slash", "x"]],
  ["a\\b", ["a\\b"]],
  ["a,,b", ["a", "", "b"]],
])("reads %j as %j", (text, values) => {
  expect(splitListValues(text)).toEqual(values);
});
