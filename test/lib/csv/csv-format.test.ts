// The CSV rules of the export: RFC 4180, a BOM, and no cell a spreadsheet would run as a formula.
import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, csvHead, csvRows, UTF8_BOM } from "@/lib/csv/csv-format";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ['with "quotes"', '"with ""quotes"""'],
    ["a, b", '"a, b"'],
    // A semicolon or a tab ends a cell where a spreadsheet splits on them: the rest, a formula, stays inside.
    ['a;=HYPERLINK("http://x")', '"a;=HYPERLINK(""http://x"")"'],
    ["a\t=1+1", '"a\t=1+1"'],
    ["two\nlines", '"two\nlines"'],
    [" padded ", '" padded "'],
    ["Zürich – São Paulo", "Zürich – São Paulo"],
  ])("%j becomes %j", (input, output) => expect(csvCell(input)).toBe(output));

  it.each([
    '=HYPERLINK("http://evil","x")',
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    "\tx",
    "\rx",
    " =1+1",
    "\u00a0=1+1",
    "\u200b\u3000 @SUM(A1)",
    // Invisible format characters before it (word joiner, soft hyphen, Mongolian vowel separator,
    // a direction mark), and the full-width signs.
    "\u2060=1+1",
    "\u00ad=1+1",
    "\u180e+1",
    "\u200f@SUM(A1)",
    "\uff1d1+1",
    " \uff0b1",
    "\uff0d1",
    "\uff20SUM(A1)",
  ])("neutralises the formula %j with a leading quote mark", (formula) =>
    expect(csvCell(formula).replace(/^"/, "").startsWith("'")).toBe(true),
  );

  it("leaves numbers, null and undefined as data", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(51205)).toBe("51205");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

describe("csvHead and csvRows", () => {
  it("starts with a BOM and ends every row with CRLF", () => {
    const text = csvHead(["a", "b"]) + csvRows([["1", null]]);
    expect(text).toBe(`${UTF8_BOM}a,b\r\n1,\r\n`);
  });

  it("round-trips through an RFC 4180 reading", () => {
    const rows = [['O\'Hare, "ORD"', "line\nbreak", "=cmd"]];
    const text = (csvHead(["x", "y", "z"]) + csvRows(rows)).slice(1);
    expect(text).toBe(`x,y,z\r\n"O'Hare, ""ORD""","line\nbreak",'=cmd\r\n`);
  });
});

describe("csvFileName", () => {
  it("carries the filters and the export time, with no unsafe characters", () => {
    const name = csvFileName(
      ["loc_lax_airport", "oil change", undefined, "2026-11-01--2026-11-08"],
      new Date("2026-11-22T03:15:09Z"),
    );
    expect(name).toBe(
      "tasks_loc_lax_airport_oil-change_2026-11-01--2026-11-08_exported-2026-11-22T0315Z.csv",
    );
  });
});
