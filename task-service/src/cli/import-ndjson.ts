// Imports NDJSON as one transaction: every line is checked, bad lines are reported by number,
// and if any line is bad nothing of the file is applied. Same ids update (a task changes status).
import { createReadStream } from "node:fs";
import type { z } from "zod";
import type { LocationRecord, TaskRecord } from "../domain/records";
import { existingLocationIds, upsertLocations } from "../repositories/locations-repository";
import { upsertTasks } from "../repositories/tasks-repository";
import { holdDataWriteLock } from "../store/data-write-lock";
import type { SqlExecutor, Store } from "../store/store";
import { locationLine, taskLine, toLocationRecord, toTaskRecord } from "./import-records";

const BATCH_SIZE = 2_000;
const MAX_REPORTED_ERRORS = 20;

export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`Nothing was imported; ${problems.length} problem(s):\n${problems.join("\n")}`);
  }
}

export type ImportKind = "locations" | "tasks";

export async function importNdjson(store: Store, kind: ImportKind, file: string): Promise<number> {
  return store.transaction(async (tx) => {
    await holdDataWriteLock(tx);
    const problems: string[] = [];
    const writer = kind === "locations" ? locationWriter(tx) : taskWriter(tx, problems);
    let lineNumber = 0;
    let imported = 0;
    for await (const line of utf8Lines(file)) {
      lineNumber++;
      if (line?.trim() === "") continue;
      const problem = line === undefined ? "not UTF-8 text" : await writer.add(line, lineNumber);
      if (problem) problems.push(`line ${lineNumber}: ${problem}`);
      else imported++;
      if (problems.length >= MAX_REPORTED_ERRORS) break;
    }
    await writer.flush();
    // Throwing rolls the transaction back: a file is applied whole or not at all.
    if (problems.length > 0) throw new ImportError(problems);
    return imported;
  });
}

const NEWLINE = 0x0a;

/**
 * The file's lines, each decoded as UTF-8 or, when its bytes are not UTF-8, undefined: reading
 * the file as "utf8" would put U+FFFD in place of those bytes and import the damaged text. A
 * newline byte never occurs inside a UTF-8 sequence, so the bytes are split into lines first.
 */
async function* utf8Lines(file: string): AsyncGenerator<string | undefined> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (bytes: Buffer) => {
    try {
      return decoder.decode(bytes);
    } catch {
      return undefined;
    }
  };
  let partial: Buffer[] = [];
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      yield decode(Buffer.concat([...partial, chunk.subarray(start, end)]));
      partial = [];
      start = end + 1;
    }
    partial.push(chunk.subarray(start));
  }
  const last = Buffer.concat(partial);
  if (last.length > 0) yield decode(last);
}

interface Writer {
  add(line: string, lineNumber: number): Promise<string | undefined>;
  flush(): Promise<void>;
}

function parseLine<T extends z.ZodType>(
  schema: T,
  line: string,
): { value: z.infer<T> } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { problem: "not valid JSON" };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: `${issue?.path.join(".") || "line"}: ${issue?.message ?? "invalid"}` };
}

/**
 * One statement cannot upsert the same id twice, and a file may list one id on several lines (an
 * export of status changes does): the last line is the newest state, so it wins.
 */
function lastById<T>(items: readonly T[], idOf: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [idOf(item), item])).values()];
}

function locationWriter(tx: SqlExecutor): Writer {
  let batch: LocationRecord[] = [];
  return {
    async add(line) {
      const parsed = parseLine(locationLine, line);
      if ("problem" in parsed) return parsed.problem;
      batch.push(toLocationRecord(parsed.value));
      if (batch.length >= BATCH_SIZE) await this.flush();
      return undefined;
    },
    async flush() {
      await upsertLocations(
        tx,
        lastById(batch, (location) => location.id),
      );
      batch = [];
    },
  };
}

/** Tasks are checked against known locations before they are written, so a foreign key never fails. */
function taskWriter(tx: SqlExecutor, problems: string[]): Writer {
  let batch: { record: TaskRecord; lineNumber: number }[] = [];
  const knownLocations = new Set<string>();
  return {
    async add(line, lineNumber) {
      const parsed = parseLine(taskLine, line);
      if ("problem" in parsed) return parsed.problem;
      batch.push({ record: toTaskRecord(parsed.value), lineNumber });
      if (batch.length >= BATCH_SIZE) await this.flush();
      return undefined;
    },
    async flush() {
      const unknown = [...new Set(batch.map((item) => item.record.location_id))].filter(
        (id) => !knownLocations.has(id),
      );
      for (const id of await existingLocationIds(tx, unknown)) knownLocations.add(id);
      const missing = batch.filter((item) => !knownLocations.has(item.record.location_id));
      for (const item of missing) {
        problems.push(`line ${item.lineNumber}: location_id: unknown location "${item.record.location_id}"`);
      }
      if (missing.length === 0 && problems.length === 0)
        await upsertTasks(
          tx,
          lastById(
            batch.map((item) => item.record),
            (task) => task.id,
          ),
        );
      batch = [];
    },
  };
}
