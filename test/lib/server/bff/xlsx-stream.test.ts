// The XLSX download as the browser reads it: written only as fast as it is read, stopped when the
// browser goes away, with text a spreadsheet would evaluate neutralised as the CSV's is.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/csv/csv-format";
import { xlsxStream } from "@/lib/server/bff/xlsx-stream";
import type { TaskBatch } from "@/lib/server/mirror";
import { LAX_TASK } from "./support/lax-task";
import type { Task } from "@/lib/server/upstream";
import type { SheetRecipe } from "@/lib/task-format/task-sheet-columns";

/** Ids that deflate poorly, so that unread bytes, not rows, are what fills up. */
const IDS: SheetRecipe = { rows: "shown", columns: ["id"], zone: "UTC" };

interface Source {
  batches: AsyncGenerator<Task[], void, undefined>;
  /** Tasks handed to the writer so far. */
  read: () => number;
  finished: () => boolean;
}

function source(batches: number, size = 1_000): Source {
  let read = 0;
  let finished = false;
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed.toString(36);
  };
  async function* generate(): AsyncGenerator<Task[], void, undefined> {
    try {
      for (let batch = 0; batch < batches; batch += 1) {
        read += size;
        yield Array.from({ length: size }, () => ({
          ...LAX_TASK,
          id: `${noise()}${noise()}${noise()}${noise()}`,
        }));
      }
    } finally {
      finished = true;
    }
  }
  return { batches: generate(), read: () => read, finished: () => finished };
}

/** The first column of every row of a downloaded workbook, its header first. */
async function workbookRows(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(stream).arrayBuffer());
  return workbook.getWorksheet("Tasks")!.getColumn(1).values.slice(1);
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the count stops moving for a while (the writer is waiting), or a few seconds pass. */
async function settled(count: () => number): Promise<number> {
  for (let waited = 0, last = -1; waited < 3_000; waited += 100) {
    if (count() === last) return last;
    last = count();
    await tick(100);
  }
  return count();
}

describe("an XLSX download", () => {
  it("is written only as fast as the browser reads it", async () => {
    const rows = source(300);
    const reader = xlsxStream(async () => ({ recipe: IDS, batches: rows.batches })).getReader();
    await reader.read();
    // About 1 MiB unread, at some 26 bytes a row once deflated: far from the 300,000 rows.
    const whileWaiting = await settled(rows.read);
    expect(whileWaiting).toBeGreaterThan(0);
    expect(whileWaiting).toBeLessThan(80_000);
    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      bytes += chunk.value.length;
    expect(rows.read()).toBe(300_000);
    expect(rows.finished()).toBe(true);
    expect(bytes).toBeGreaterThan(5_000_000);
  });

  it("stops reading rows when the browser goes away, and lets the rows' source finish", async () => {
    const rows = source(10_000);
    let signal: AbortSignal | undefined;
    const reader = xlsxStream(async (given) => {
      signal = given;
      return { recipe: IDS, batches: rows.batches };
    }).getReader();
    await reader.read();
    const beforeCancel = await settled(rows.read);
    expect(beforeCancel).toBeGreaterThan(0);
    await reader.cancel(new Error("the browser left"));
    await tick(200);
    expect(signal?.aborted).toBe(true);
    expect(rows.finished()).toBe(true);
    expect(rows.read()).toBe(beforeCancel);
  });

  it("closes the rows' source when the browser goes away before the first row", async () => {
    const rows = source(10);
    const reader = xlsxStream(async () => ({ recipe: IDS, batches: rows.batches })).getReader();
    await reader.read();
    await reader.cancel(new Error("the browser left"));
    await tick(100);
    expect(await rows.batches.next()).toEqual({ done: true, value: undefined });
    expect(rows.read()).toBe(0);
  });

  it("stops after the batch being read when the browser goes away while it is read", async () => {
    let release: (batch: Task[]) => void = () => {};
    let asked = 0;
    let finished = false;
    async function* slow(): AsyncGenerator<Task[], void, undefined> {
      try {
        for (;;) {
          asked += 1;
          yield await new Promise<Task[]>((resolve) => (release = resolve));
        }
      } finally {
        finished = true;
      }
    }
    let signal: AbortSignal | undefined;
    const stream = xlsxStream(async (given) => {
      signal = given;
      return { recipe: IDS, batches: slow() };
    });
    const reader = stream.getReader();
    await reader.read();
    await tick(50);
    expect(asked).toBe(1);
    const cancelled = reader.cancel();
    expect(signal?.aborted).toBe(true);
    release([LAX_TASK]);
    await cancelled;
    await tick(50);
    expect(asked).toBe(1);
    expect(finished).toBe(true);
  });

  it("ends short, with the error, when its rows fail", async () => {
    async function* failing(): AsyncGenerator<Task[], void, undefined> {
      yield [LAX_TASK];
      throw new Error("the mirror failed");
    }
    const stream = xlsxStream(async () => ({ recipe: IDS, batches: failing() }));
    await expect(new Response(stream).arrayBuffer()).rejects.toThrow();
  });

  it("ends short, with the error, when a batch cannot be written, stops its rows, and the next download is whole", async () => {
    let closed = false;
    let signal: AbortSignal | undefined;
    async function* garbled(): AsyncGenerator<TaskBatch, void, undefined> {
      try {
        for (;;) yield { text: "[[not JSON", ids: ["T-1"] };
      } finally {
        closed = true;
      }
    }
    const broken = xlsxStream(async (given) => {
      signal = given;
      return { recipe: IDS, batches: garbled() };
    });
    await expect(new Response(broken).arrayBuffer()).rejects.toThrow();
    await tick(100);
    expect(signal?.aborted).toBe(true);
    expect(closed).toBe(true);
    const whole = await workbookRows(
      xlsxStream(async () => ({ recipe: IDS, batches: source(2, 10).batches })),
    );
    expect(whole).toHaveLength(21);
  });

  it("writes downloads made at the same time each with its own rows", async () => {
    const texts = (ids: string[]): TaskBatch => ({
      text: JSON.stringify(
        ids.map((id) => [
          id,
          "V-1",
          "M-1",
          null,
          "oil_change",
          "done",
          "loc_lax",
          "LAX",
          LAX_TASK.started_at,
          1,
          null,
        ]),
      ),
      ids,
    });
    async function* named(prefix: string): AsyncGenerator<TaskBatch, void, undefined> {
      for (let batch = 0; batch < 5; batch += 1) {
        const ids = Array.from({ length: 200 }, (_, index) => `${prefix}-${batch * 200 + index}`);
        yield batch % 2 === 0 ? texts(ids) : ids.map((id) => ({ ...LAX_TASK, id }));
      }
    }
    const [a, b] = await Promise.all(
      ["A", "B"].map((prefix) =>
        workbookRows(xlsxStream(async () => ({ recipe: IDS, batches: named(prefix) }))),
      ),
    );
    expect(a).toEqual(["Task ID", ...Array.from({ length: 1_000 }, (_, index) => `A-${index}`)]);
    expect(b).toEqual(["Task ID", ...Array.from({ length: 1_000 }, (_, index) => `B-${index}`)]);
  });

  it("writes text a spreadsheet would evaluate as the CSV's neutralised text", async () => {
    const hostile = '=HYPERLINK("http://evil","x")';
    async function* one(): AsyncGenerator<Task[], void, undefined> {
      yield [{ ...LAX_TASK, mva: hostile }];
    }
    const bytes = await new Response(
      xlsxStream(async () => ({ recipe: { rows: "shown", columns: ["mva"], zone: "UTC" }, batches: one() })),
    ).arrayBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const cell = workbook.getWorksheet("Tasks")!.getCell("A2");
    expect(cell.value).toBe(csvCell(hostile).replace(/^"|"$/g, "").replace(/""/g, '"'));
    expect(cell.value).toBe(`'${hostile}`);
    expect(cell.formula).toBeUndefined();
  });
});
