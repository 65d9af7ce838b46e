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
