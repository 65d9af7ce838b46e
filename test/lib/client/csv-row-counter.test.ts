import { describe, expect, it } from "vitest";
import { csvRowCounter } from "@/lib/client/csv-row-counter";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The bytes of `text` cut at these byte offsets, as a network might deliver them. */
function cut(text: string, offsets: number[]): Uint8Array[] {
  const bytes = utf8(text);
  const ends = [...offsets, bytes.length];
  return ends.map((end, index) => bytes.subarray(index === 0 ? 0 : ends[index - 1], end));
}

describe("counting streamed CSV rows on bytes", () => {
  it("counts records, not line breaks inside quoted cells, across chunk borders", () => {
    const counter = csvRowCounter();
    for (const chunk of ['\uFEFFa,b\r\n1,"x\r', '\ny"\r\n2,', "z\r\n"]) counter.push(utf8(chunk));
    expect(counter.rows).toBe(2);
  });

  it("is not misled by a chunk border inside a multi-byte character", () => {
    const text = '\uFEFFname,city\r\n"Zoë ""Z"", Inc.",Düsseldorf\r\nÅsa,Malmö\r\n';
    // Offset 1 splits the BOM; 18, 35 and 56 fall inside "ë", "ü" and "ö".
    const counter = csvRowCounter();
    for (const chunk of cut(text, [1, 18, 35, 56])) counter.push(chunk);
    expect(counter.rows).toBe(2);
  });

  it("counts no row for the header alone", () => {
    const counter = csvRowCounter();
    counter.push(utf8("\uFEFFa,b\r\n"));
    expect(counter.rows).toBe(0);
  });
});

describe("the watched column of the latest complete row", () => {
  const header = '\uFEFFTask ID,"Name, quoted",Started (UTC),Odometer (mi)\r\n';

  it("is found by its header label and read from the last complete row only", () => {
    const counter = csvRowCounter("Started (UTC)");
    const text =
      header +
      't-1,"Zoë ""Z"", Inc.",2026-11-01T08:00:00.000Z,10\r\n' +
      't-2,"line\r\nbreak",2026-11-02T09:30:00.000Z,20\r\n' +
      "t-3,Malmö,2026-11-03T";
    for (const chunk of cut(text, [5, 40, 61, 90, 130])) counter.push(chunk);
    expect(counter.rows).toBe(2);
    expect(counter.lastCell).toBe("2026-11-02T09:30:00.000Z");
    counter.push(utf8("10:00:00.000Z,30\r\n"));
    expect(counter.lastCell).toBe("2026-11-03T10:00:00.000Z");
  });

  it("reads the last column without the record's carriage return", () => {
    const counter = csvRowCounter("Odometer (mi)");
    counter.push(utf8(`${header}t-1,x,2026-11-01T08:00:00.000Z,12345\r\n`));
    expect(counter.lastCell).toBe("12345");
  });

  it("is undefined before a complete row, and for a label the header does not have", () => {
    const watching = csvRowCounter("Started (UTC)");
    watching.push(utf8(`${header}t-1,x,2026-11-01T08:00:00.000Z`));
    expect(watching.lastCell).toBeUndefined();
    const missing = csvRowCounter("Started");
    missing.push(utf8(`${header}t-1,x,2026-11-01T08:00:00.000Z,1\r\n`));
    expect(missing.rows).toBe(1);
    expect(missing.lastCell).toBeUndefined();
  });
});
