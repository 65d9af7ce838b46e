import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { z } from "zod";

// Changes made with `npm run staff` belong in the audit trail as much as the Staff page's, but the
// command line cannot write the trail itself: an embedded workspace is held by the running
// dashboard. So each change leaves its record in a folder beside the staff file, written (and
// flushed) before the change is made; the dashboard moves the folder's records into the trail
// before it shows or exports it. Sign-ins, failed sign-ins and sign-outs leave theirs here too,
// since the sign-in flow must not wait for the trail's database to open. One file per record,
// renamed into place whole, so a dashboard never reads half a record and two writers never write
// into one file.

const inboxRecordSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actor: z.string().min(1),
  action: z.string().min(1),
  details: z.record(z.string(), z.unknown()),
});

export type StaffAuditRecord = z.infer<typeof inboxRecordSchema>;

/** The folder beside `staffFile` that holds the records not yet in the trail. */
export function staffAuditInbox(staffFile: string): string {
  return join(dirname(staffFile), `${basename(staffFile)}.audit`);
}

/** Leaves a record for the trail beside `staffFile`: a change about to be made, or a sign-in. */
export async function leaveStaffAuditRecord(
  staffFile: string,
  actor: string,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  const inbox = staffAuditInbox(staffFile);
  await mkdir(inbox, { recursive: true, mode: 0o700 });
  const record: StaffAuditRecord = { id: randomUUID(), at: new Date().toISOString(), actor, action, details };
  // Named by time first, so the folder lists the records in the order they were made.
  const name = `${record.at.replace(/[:.]/g, "-")}_${record.id}.json`;
  const partial = join(inbox, `.${name}.partial`);
  await writeFile(partial, JSON.stringify(record), { mode: 0o600, flush: true });
  await rename(partial, join(inbox, name));
}

export interface WaitingRecord {
  record: StaffAuditRecord;
  /** Removes the record's file, once the trail holds it. */
  done: () => Promise<void>;
}

/**
 * The records waiting beside `staffFile`, oldest first. A file that is not a record (edited by
 * hand, or from another program) is left where it is and reported, never taken into the trail.
 */
export async function waitingStaffAuditRecords(
  staffFile: string,
  reportUnreadable: (file: string) => void,
): Promise<WaitingRecord[]> {
  const inbox = staffAuditInbox(staffFile);
  let names: string[];
  try {
    names = await readdir(inbox);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const waiting: WaitingRecord[] = [];
  for (const name of names.filter((one) => one.endsWith(".json")).sort()) {
    const file = join(inbox, name);
    const text = await readIfThere(file);
    if (text === undefined) continue; // another instance took it into the shared trail meanwhile
    const parsed = inboxRecordSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      reportUnreadable(file);
      continue;
    }
    waiting.push({ record: parsed.data, done: () => removeIfThere(file) });
  }
  return waiting;
}

async function readIfThere(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // not JSON: reported by the caller as not a record
  }
}

async function removeIfThere(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    // Another instance took the same record into the shared trail and removed it first.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
