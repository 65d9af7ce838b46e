import { describe, expect, it } from "vitest";
import { readSortTerms, writeSortTerms } from "./sort-list";
import { ORDER_LIST_MESSAGE, SORT_MESSAGE, sortRefusalMessage } from "./sort-list-messages";

const terms = (sort?: string, order?: string) => {
  const read = readSortTerms(sort, order, "asc");
  return read.ok
    ? read.terms.map(({ key, order }) => `${key} ${order}`).join(", ")
    : { ok: false, param: read.param, message: sortRefusalMessage(read) };
};

describe("a task list's sort text", () => {
  it.each([
    [undefined, undefined, "started_at asc"],
    [undefined, "desc", "started_at desc"],
    ["mva", undefined, "mva asc"],
    ["location,odometer_miles", undefined, "location asc, odometer_miles asc"],
    ["location,odometer_miles", "desc", "location desc, odometer_miles desc"],
    ["location,odometer_miles", "asc,desc", "location asc, odometer_miles desc"],
    ["status,started_at,mva", "desc,asc,desc", "status desc, started_at asc, mva desc"],
  ])("reads sort=%s order=%s as %s", (sort, order, expected) => {
    expect(terms(sort, order)).toBe(expected);
  });

  it.each([
    ["", "empty"],
    ["location,", "an empty item"],
    [",location", "an empty item first"],
    ["location,,mva", "an empty item between"],
    ["colour", "an unknown key"],
    ["location,Location", "a key in another case"],
    ["location,location", "a repeated key"],
    ["location,mva,status,task_type", "more than 3 keys"],
  ])("refuses sort=%j (%s), naming sort", (sort) => {
    expect(terms(sort, undefined)).toEqual({ ok: false, param: "sort", message: SORT_MESSAGE });
  });

  it.each([
    ["mva", "up"],
    ["mva", ""],
    ["mva,location", "asc,"],
    ["mva,location", ",asc"],
    ["mva,location", "ASC"],
  ])("refuses sort=%s order=%j, naming order", (sort, order) => {
    expect(terms(sort, order)).toEqual({ ok: false, param: "order", message: ORDER_LIST_MESSAGE });
  });

  it.each([
    ["mva", "asc,desc", 2, 1],
    ["mva,location", "asc,desc,asc", 3, 2],
    ["mva,location,status", "asc,desc", 2, 3],
  ])("refuses sort=%s order=%s: %i directions for %i keys", (sort, order, directions, keys) => {
    expect(terms(sort, order)).toEqual({
      ok: false,
      param: "order",
      message: `"order" gives ${directions} directions for ${keys} sort keys: give one for all keys or one per key.`,
    });
  });

  it("writes one direction when every key shares it, else one per key", () => {
    expect(writeSortTerms([{ key: "mva", order: "desc" }])).toEqual({ sort: "mva", order: "desc" });
    expect(
      writeSortTerms([
        { key: "location", order: "asc" },
        { key: "mva", order: "asc" },
      ]),
    ).toEqual({ sort: "location,mva", order: "asc" });
    expect(
      writeSortTerms([
        { key: "location", order: "asc" },
        { key: "mva", order: "desc" },
        { key: "started_at", order: "desc" },
      ]),
    ).toEqual({ sort: "location,mva,started_at", order: "asc,desc,desc" });
  });
});
