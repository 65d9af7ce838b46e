// The XLSX writer's files read back as a spreadsheet opens them (exceljs), and their ZIP and XML as
// the specifications put them (./support/zip-parts.ts): the parts a reader looks for, well-formed
// XML, text exactly as given, typed dates and numbers, widths, the frozen header, and a sheet of
// any length written as it is read.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  xlsxBytes,
  ZipTooLargeError,
  type XlsxCell,
  type XlsxColumn,
  type XlsxSheet,
} from "@/lib/server/xlsx";
import { CELL_TEXT_MAX, columnName, MAX_SHARED_STRINGS } from "@/lib/server/xlsx/sheet-xml";
import { ZipWriter } from "@/lib/server/xlsx/zip-writer";
import { checkWellFormed, zipParts } from "./support/zip-parts";

const COLUMNS: XlsxColumn[] = [
  { header: "Started", kind: "date", width: 20 },
  { header: "Text", kind: "text", width: 31.5 },
  { header: "Odometer (mi)", kind: "number", width: 14 },
];

async function* batchesOf(...batches: XlsxCell[][][]): AsyncGenerator<XlsxCell[][]> {
  yield* batches;
}

async function bytesOf(sheet: XlsxSheet): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxBytes(sheet)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const sheetOf = (rows: XlsxCell[][], columns = COLUMNS): XlsxSheet => ({
  name: "Tasks",
  columns,
  rows: batchesOf(rows),
});

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet("Tasks")!;
}

const cellsOf = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

const sheetXml = (bytes: Buffer) =>
  zipParts(bytes).find((part) => part.name === "xl/worksheets/sheet1.xml")!.text;

describe("the package", () => {
  it("holds the parts a spreadsheet looks for, each well-formed XML, in a ZIP every reader takes", async () => {
    const bytes = await bytesOf(sheetOf([[new Date("2026-11-20T00:30:15.250Z"), "x", 1]]));
    const parts = zipParts(bytes);
    expect(parts.map((part) => part.name)).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/workbook.xml",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/worksheets/sheet1.xml",
      "xl/sharedStrings.xml",
    ]);
    for (const part of parts) expect(() => checkWellFormed(part.text), part.name).not.toThrow();
    // Only the sheet is streamed: its sizes come after its data.
    expect(parts.map((part) => part.flags & 0x0008)).toEqual([0, 0, 0, 0, 0, 8, 0]);
    const types = parts[0]!.text;
    for (const name of [
      "/xl/workbook.xml",
      "/xl/worksheets/sheet1.xml",
      "/xl/styles.xml",
      "/xl/sharedStrings.xml",
    ])
      expect(types).toContain(`PartName="${name}"`);
    expect(parts[3]!.text).toContain('Target="sharedStrings.xml"');
    expect(await readBack(bytes)).toBeDefined();
  });

  it("refuses a sheet name Excel refuses, before writing a byte", async () => {
    for (const name of ["", "a".repeat(32), "a/b", "a[1]", "what?", "'quoted'", "History"]) {
      const bytes = xlsxBytes({ ...sheetOf([]), name });
      await expect(bytes.next(), name).rejects.toThrow(/cannot name a sheet/);
    }
  });

  it("refuses an archive beyond ZIP's 32-bit sizes instead of writing a wrong one", async () => {
    const zip = new ZipWriter(new Date(), 4_096);
    zip.whole("small.xml", "<a/>");
    async function* tooMuch() {
      for (let chunk = 0; chunk < 10; chunk += 1) yield Buffer.alloc(1_000, 0x61);
    }
    const written = (async () => {
      for await (const chunk of zip.streamed("big.xml", tooMuch(), 1)) expect(chunk).toBeDefined();
    })();
    await expect(written).rejects.toBeInstanceOf(ZipTooLargeError);
  });
});

describe("the sheet", () => {
  it("has the header bold and frozen, the columns' widths, and cell references by column and row", async () => {
    const columns = Array.from({ length: 30 }, (_, index): XlsxColumn => ({
      header: `H${index}`,
      kind: "text",
      width: 10 + index,
    }));
    const row = columns.map((_, index) => `v${index}`);
    const bytes = await bytesOf(sheetOf([row, row], columns));
    const sheet = await readBack(bytes);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1, topLeftCell: "A2" });
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.getCell("A2").font?.bold).toBeFalsy();
    expect(columns.map((_, index) => sheet.getColumn(index + 1).width)).toEqual(columns.map((c) => c.width));
    expect(sheet.getCell("AD3").value).toBe("v29");
    expect(sheetXml(bytes)).toContain('<c r="AD3" t="inlineStr">');
    expect([0, 25, 26, 51, 701, 702, 16_383].map(columnName)).toEqual([
      "A",
      "Z",
      "AA",
      "AZ",
      "ZZ",
      "AAA",
      "XFD",
    ]);
  });

  it("writes times as dates in the date format, numbers as numbers, and nothing for an empty cell", async () => {
    const started = new Date("2026-11-20T00:30:15.250Z");
    const bytes = await bytesOf(
      sheetOf([
        [started, null, 51_205],
        [null, "", 0.5],
        [new Date("1899-12-31T00:00:00.000Z"), 12, Number.NaN],
      ]),
    );
    const sheet = await readBack(bytes);
    expect(cellsOf(sheet, 1)).toEqual(["Started", "Text", "Odometer (mi)"]);
    expect(cellsOf(sheet, 2)).toEqual([started, undefined, 51_205]);
    expect(sheet.getCell("A2").numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(sheet.getCell("C2").numFmt).toBe("#,##0");
    expect(sheet.getCell("C3").value).toBe(0.5);
    expect(sheet.getCell("A3").value).toBeNull();
    expect(sheet.getCell("B3").value).toBeNull();
    // Before 1900-03-01 Excel has no true serial for a day: the time is written as text.
    expect(sheet.getCell("A4").value).toBe("1899-12-31T00:00:00.000");
    // A number in a text column is a number, without the odometer's format.
    expect(sheet.getCell("B4").value).toBe(12);
    expect(sheet.getCell("B4").numFmt).toBeUndefined();
    expect(sheet.getCell("C4").value).toBeNull();
    expect(sheetXml(bytes)).toContain('<c r="A2" s="2"><v>46346.02100983796</v></c>');
  });

  it("keeps text exactly, markup included", async () => {
    const texts = [`Tom & Jerry <b>"bold"</b> 'quoted'`, "  padded  ", "line\nbreak\ttab", "Zürich 東京 😀"];
    const bytes = await bytesOf(sheetOf(texts.map((text) => [null, text, null])));
    const sheet = await readBack(bytes);
    expect(texts.map((_, index) => sheet.getCell(`B${index + 2}`).value)).toEqual(texts);
    expect(sheetXml(bytes)).toContain('<t xml:space="preserve">  padded  </t>');
  });

  it("escapes text that spells Excel's own escape of a character, which Excel would decode", async () => {
    // "_x0041_" in a cell's XML is "A" to Excel (ECMA-376 part 1, 22.9.2.19 ST_Xstring). exceljs
    // does not decode these in inline strings, so the cells are read here as Excel reads them.
    const texts = ["T_x0041_", "_X00e9_ and _x005F_", "_x12_ _xZZZZ_ x0041_"];
    const xml = sheetXml(await bytesOf(sheetOf(texts.map((text) => [null, text, null]))));
    const asExcelReads = [...xml.matchAll(/<c r="B\d+" t="inlineStr"><is><t>([^<]*)<\/t>/g)].map(([, text]) =>
      text!.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
    expect(asExcelReads).toEqual(texts);
  });

  it("drops the characters XML 1.0 cannot carry, which would make the file unreadable", async () => {
    const text = "a\u0000b\u0008c\u000bd\u000ce\u001ff\ufffeg\uffffh\ud800i\udc00j";
    const bytes = await bytesOf({
      ...sheetOf([[null, text, null]]),
      columns: [...COLUMNS.slice(0, 1), { ...COLUMNS[1]!, header: "Te\u0007xt" }, COLUMNS[2]!],
    });
    expect(() => checkWellFormed(sheetXml(bytes))).not.toThrow();
    const sheet = await readBack(bytes);
    expect(sheet.getCell("B1").value).toBe("Text");
    expect(sheet.getCell("B2").value).toBe("abcdefghij");
  });

  it("cuts a text longer than Excel holds in a cell, never between the halves of a character", async () => {
    const long = "x".repeat(CELL_TEXT_MAX - 2) + "😀".repeat(3);
    const sheet = await readBack(await bytesOf(sheetOf([[null, long, null]])));
    const read = sheet.getCell("B2").value as string;
    expect(read).toBe(`${"x".repeat(CELL_TEXT_MAX - 2)}…`);
    expect(read.length).toBeLessThanOrEqual(CELL_TEXT_MAX);
  });

  it("writes text that looks like a formula as text, never as a formula", async () => {
    const bytes = await bytesOf(sheetOf([[null, "=1+1", null]]));
    const sheet = await readBack(bytes);
    expect(sheet.getCell("B2").value).toBe("=1+1");
    expect(sheetXml(bytes)).not.toContain("<f>");
  });
});

describe("a column whose texts repeat", () => {
  const SHARED: XlsxColumn[] = [
    { header: "Id", kind: "text", width: 16 },
    { header: "Type", kind: "text", width: 24, shared: true },
  ];
  const sharedStringsXml = (bytes: Buffer) =>
    zipParts(bytes).find((part) => part.name === "xl/sharedStrings.xml")!.text;

  it("holds each of its texts once in the shared strings, its cells referring to them, read back as written", async () => {
    const types = ["Oil change", "Tom & <Jerry>", "  padded  ", "T_x0041_", "", "Oil change", "a\u0000b"];
    const rows = types.map((type, index) => [`task-${index}`, type]);
    const bytes = await bytesOf({ name: "Tasks", columns: SHARED, rows: batchesOf(rows) });
    const strings = sharedStringsXml(bytes);
    expect(() => checkWellFormed(strings)).not.toThrow();
    // Five distinct texts with a cell (the empty one has none), six cells referring to them.
    expect(strings).toContain('count="6" uniqueCount="5"');
    expect(strings.match(/<si>/g)).toHaveLength(5);
    expect(strings).toContain("<si><t>Tom &amp; &lt;Jerry&gt;</t></si>");
    expect(strings).toContain('<si><t xml:space="preserve">  padded  </t></si>');
    expect(strings).toContain("<si><t>T_x005F_x0041_</t></si>");
    const xml = sheetXml(bytes);
    expect(xml).toContain('<c r="B2" t="s"><v>0</v></c>');
    expect(xml).toContain('<c r="B7" t="s"><v>0</v></c>');
    expect(xml).not.toContain('<c r="B6"');
    // The header stays inline and bold; the column without repeats stays inline.
    expect(xml).toContain('<c r="B1" s="1" t="inlineStr">');
    expect(xml).toContain('<c r="A2" t="inlineStr">');
    const sheet = await readBack(bytes);
    expect(types.map((_, index) => sheet.getCell(`B${index + 2}`).value ?? "")).toEqual(
      types.map((type) => type.replace("\u0000", "")),
    );
    expect(sheet.getCell("B1").font?.bold).toBe(true);
  });

  it("writes a text inline once the shared strings hold their most, still referring to those they hold", async () => {
    const distinct = MAX_SHARED_STRINGS + 2;
    const rows = [...Array.from({ length: distinct }, (_, index) => [null, `t${index}`]), [null, "t0"]];
    const bytes = await bytesOf({ name: "Tasks", columns: SHARED, rows: batchesOf(rows) });
    expect(sharedStringsXml(bytes)).toContain(`uniqueCount="${MAX_SHARED_STRINGS}"`);
    const xml = sheetXml(bytes);
    expect(xml).toContain(`<c r="B${MAX_SHARED_STRINGS + 1}" t="s"><v>${MAX_SHARED_STRINGS - 1}</v></c>`);
    expect(xml).toContain(
      `<c r="B${MAX_SHARED_STRINGS + 2}" t="inlineStr"><is><t>t${MAX_SHARED_STRINGS}</t></is></c>`,
    );
    expect(xml).toContain(`<c r="B${distinct + 2}" t="s"><v>0</v></c>`);
  });
});

describe("a long sheet", () => {
  /** Rows of text that deflate poorly, so that bytes, not rows, fill the buffers. */
  function countedRows(
    batches: number,
    size: number,
  ): { rows: AsyncGenerator<XlsxCell[][]>; read: () => number } {
    let read = 0;
    let seed = 1;
    const noise = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed.toString(36);
    };
    async function* rows(): AsyncGenerator<XlsxCell[][]> {
      for (let batch = 0; batch < batches; batch += 1) {
        read += size;
        yield Array.from({ length: size }, () => [null, `${noise()}${noise()}${noise()}`, read]);
      }
    }
    return { rows: rows(), read: () => read };
  }

  it("reads the next rows only as its bytes are taken, and reads all of them in order", async () => {
    const { rows, read } = countedRows(100, 1_000);
    const bytes = xlsxBytes({ name: "Tasks", columns: COLUMNS, rows });
    const taken: Buffer[] = [];
    for (let chunk = 0; chunk < 8; chunk += 1) taken.push((await bytes.next()).value as Buffer);
    // The small parts, the sheet's header, then one batch in the deflater and the next being made.
    expect(read()).toBeLessThanOrEqual(3_000);
    for await (const chunk of bytes) taken.push(chunk);
    expect(read()).toBe(100_000);
    const xml = sheetXml(Buffer.concat(taken));
    expect(xml.match(/<row /g)).toHaveLength(100_001);
    expect(xml).toContain('<row r="100001"><c r="B100001"');
  });
});
