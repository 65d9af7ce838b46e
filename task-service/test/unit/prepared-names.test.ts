import { describe, expect, it } from "vitest";
import { MAX_PREPARED_TEXTS, PreparedNames } from "../../../platform/sql/prepared-names";

describe("PreparedNames", () => {
  it("names each text once, the same name every time, and none past its cap", () => {
    const names = new PreparedNames(2);
    const first = names.nameOf("SELECT 1 WHERE $1");
    const second = names.nameOf("SELECT 2 WHERE $1");
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(names.nameOf("SELECT 3 WHERE $1")).toBeUndefined();
    expect(names.nameOf("SELECT 1 WHERE $1")).toBe(first);
    expect(names.nameOf("SELECT 2 WHERE $1")).toBe(second);
  });

  it("caps a pool at a few hundred texts by default", () => {
    const names = new PreparedNames();
    const named = Array.from({ length: MAX_PREPARED_TEXTS + 10 }, (_, i) => names.nameOf(`SELECT ${i}`));
    expect(new Set(named.filter((name) => name !== undefined)).size).toBe(MAX_PREPARED_TEXTS);
  });
});
