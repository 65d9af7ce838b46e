import "server-only";
import { Worker } from "node:worker_threads";
import type { SheetRecipe } from "@/lib/task-format/task-sheet-columns";
import { dashboardLogger } from "../log";
import { pulledDownload } from "./pulled-download";
import type { TaskBatch } from "../mirror";
import type { FromXlsxThread, ToXlsxThread } from "./xlsx-worker";

// An XLSX download written as its rows arrive, on a thread of its own (xlsx-worker.ts): this thread
// reads a batch of rows and hands it over, then reads the next while that one is written, so a
// large export neither waits for each batch twice nor holds the thread every other request is
// answered on. Memory holds a few batches of rows and the bytes the browser has not read yet,
// never the workbook. Cancelling the download stops the reading of rows.

export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Unread bytes beyond which the writer waits for the browser: a slow download buffers no more. */
const UNREAD_BYTES = 1 << 20;
/** Written bytes the download has not taken yet beyond which no more rows are handed over. */
const UNTAKEN_BYTES = 1 << 18;
/** Batches handed over and not yet written: one being written, one waiting its turn. */
const BATCHES_AHEAD = 2;

/** A sheet as data and its rows in batches, known once the rows' source is opened. */
export interface SheetRows {
  recipe: SheetRecipe;
  batches: AsyncGenerator<TaskBatch, void, undefined>;
}

export function xlsxStream(open: (signal: AbortSignal) => Promise<SheetRows>): ReadableStream<Uint8Array> {
  // The abort ends the rows' reading at its next batch.
  return pulledDownload("xlsx export", (signal) => workbookChunks(open, signal), UNREAD_BYTES);
}

interface XlsxThread {
  worker: Worker;
  /** Each job's listener, by job number. */
  jobs: Map<number, (message: FromXlsxThread) => void>;
}

let thread: XlsxThread | undefined;
let lastJob = 0;

/** A thread's code that loads a TypeScript module through tsx, the way the tests load theirs. */
const throughTsx = (module: URL) =>
  `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
const TSX_THREAD = { eval: true, execArgv: ["--conditions=react-server"] };

/**
 * The writing thread, started at the first export and kept for the next (a start costs more than a
 * small export). It does not keep the process alive. If it fails, its jobs fail with it and the
 * next export starts another.
 */
function xlsxThread(): XlsxThread {
  if (thread) return thread;
  // Built, the thread's module is a chunk of the build. Under the test runner, which runs the
  // sources, it is TypeScript, which the thread loads through tsx as the tests' own code is loaded.
  const worker =
    process.env.NODE_ENV === "test"
      ? new Worker(throughTsx(new URL("./xlsx-worker.ts", import.meta.url)), TSX_THREAD)
      : new Worker(new URL("./xlsx-worker.ts", import.meta.url));
  worker.unref();
  const started: XlsxThread = { worker, jobs: new Map() };
  const lost = (reason: string) => {
    if (thread === started) thread = undefined;
    for (const [job, listener] of started.jobs) listener({ job, kind: "failed", message: reason });
    started.jobs.clear();
  };
  worker.on("message", (message: FromXlsxThread) => started.jobs.get(message.job)?.(message));
  worker.on("error", (error) => {
    dashboardLogger().error({ err: error }, "the XLSX thread failed; its exports end short");
    lost(`the XLSX thread failed: ${error.message}`);
  });
  worker.on("exit", (code) => lost(`the XLSX thread ended (exit ${code})`));
  thread = started;
  return started;
}

async function* workbookChunks(
  open: (signal: AbortSignal) => Promise<SheetRows>,
  download: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
  // The rows' source also ends when the writing fails, not only when the download is cancelled.
  const ended = new AbortController();
  const signal = AbortSignal.any([download, ended.signal]);
  const { recipe, batches } = await open(signal);
  const job = ++lastJob;
  const written: Uint8Array[] = [];
  let untaken = 0;
  let ahead = 0;
  let done = false;
  let failure: Error | undefined;
  let feeding: Promise<void> | undefined;
  let waiters: (() => void)[] = [];
  const changed = () => new Promise<void>((resolve) => waiters.push(resolve));
  const notify = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  signal.addEventListener("abort", notify, { once: true });
  const stopping = () => signal.aborted || failure !== undefined;
  let own: XlsxThread | undefined;
  let send: (message: ToXlsxThread) => void = () => {};

  // Rows are read only once the writer asks for them, and a batch only when there is room for it:
  // the writer has at most BATCHES_AHEAD, and the download has taken most of what was written.
  const feed = async () => {
    try {
      for (;;) {
        while (!stopping() && (ahead >= BATCHES_AHEAD || untaken >= UNTAKEN_BYTES)) await changed();
        if (stopping()) return;
        const next = await batches.next();
        if (next.done) return send({ job, kind: "end" });
        if (stopping()) return;
        send({ job, kind: "rows", batch: next.value });
        ahead += 1;
      }
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
      notify();
    } finally {
      await batches.return(undefined);
    }
  };

  try {
    own = xlsxThread();
    const { worker } = own;
    send = (message) => worker.postMessage(message);
    own.jobs.set(job, (message) => {
      if (message.kind === "bytes") {
        written.push(message.bytes);
        untaken += message.bytes.length;
      } else if (message.kind === "ready") feeding ??= feed();
      else if (message.kind === "taken") ahead -= 1;
      else if (message.kind === "done") done = true;
      else {
        dashboardLogger().error(
          { err: { message: message.message } },
          "an XLSX export failed; it ends short",
        );
        failure ??= new Error(message.message);
      }
      notify();
    });
    send({ job, kind: "open", recipe });
    for (;;) {
      const bytes = written.shift();
      if (bytes) {
        untaken -= bytes.length;
        notify();
        yield bytes;
      } else if (failure) throw failure;
      else if (done || signal.aborted) return;
      else await changed();
    }
  } finally {
    ended.abort();
    notify();
    if (!done) send({ job, kind: "cancel" });
    own?.jobs.delete(job);
    // The feed closes the source once it stops; without one, nothing has read it yet.
    if (!feeding) await batches.return(undefined);
  }
}
