import "server-only";
import { parentPort } from "node:worker_threads";
import { sheetOfRecipe, type SheetRecipe } from "@/lib/task-format/task-sheet-columns";
import { tasksOfBatch, type TaskBatch } from "../mirror";
import { xlsxBytes } from "../xlsx";

// The thread XLSX exports are written on (xlsx-stream.ts starts it): a batch's parsing, its cells,
// the sheet's XML and its deflating. The thread that answers every request then only reads the
// rows, and reads the next batch while this one is written. Several exports share the thread, each
// a job of its own.

export type ToXlsxThread =
  | { job: number; kind: "open"; recipe: SheetRecipe }
  | { job: number; kind: "rows"; batch: TaskBatch }
  | { job: number; kind: "end" }
  | { job: number; kind: "cancel" };

export type FromXlsxThread =
  /** The writer has written what it had and asks for its first rows. */
  | { job: number; kind: "ready" }
  /** A batch is written: the sender may send one more. */
  | { job: number; kind: "taken" }
  | { job: number; kind: "bytes"; bytes: Uint8Array }
  | { job: number; kind: "done" }
  | { job: number; kind: "failed"; message: string };

/** A job's batches as they arrive, in order, until its end or its cancelling. */
class Inbox {
  #batches: TaskBatch[] = [];
  #wake: (() => void) | undefined;
  #ended = false;
  cancelled = false;

  push(batch: TaskBatch): void {
    this.#batches.push(batch);
    this.#wake?.();
  }

  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  cancel(): void {
    this.cancelled = true;
    this.#wake?.();
  }

  /** The next batch; undefined once the job has ended or was cancelled. */
  async next(): Promise<TaskBatch | undefined> {
    for (;;) {
      if (this.cancelled) return undefined;
      const batch = this.#batches.shift();
      if (batch || this.#ended) return batch;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}

const port = parentPort;
if (!port) throw new Error("xlsx-worker.ts runs as a worker thread");
const post = (message: FromXlsxThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const inboxes = new Map<number, Inbox>();

async function write(job: number, recipe: SheetRecipe, inbox: Inbox): Promise<void> {
  const sheet = sheetOfRecipe(recipe);
  async function* rows() {
    post({ job, kind: "ready" });
    for (let batch = await inbox.next(); batch; batch = await inbox.next()) {
      yield tasksOfBatch(batch).map((task) => sheet.cells(task));
      post({ job, kind: "taken" });
    }
  }
  for await (const chunk of xlsxBytes({ name: "Tasks", columns: sheet.columns, rows: rows() })) {
    if (inbox.cancelled) return;
    // A copy of its own: a small Buffer is a view of a shared pool, which must not be moved.
    const bytes = new Uint8Array(chunk);
    post({ job, kind: "bytes", bytes }, [bytes.buffer]);
  }
  if (!inbox.cancelled) post({ job, kind: "done" });
}

port.on("message", (message: ToXlsxThread) => {
  const { job } = message;
  if (message.kind === "open") {
    const inbox = new Inbox();
    inboxes.set(job, inbox);
    write(job, message.recipe, inbox)
      .catch((error: unknown) =>
        post({ job, kind: "failed", message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => inboxes.delete(job));
    return;
  }
  const inbox = inboxes.get(job);
  if (message.kind === "rows") inbox?.push(message.batch);
  else if (message.kind === "end") inbox?.end();
  else inbox?.cancel();
});
