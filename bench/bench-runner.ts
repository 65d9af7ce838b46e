// What every benchmark's entry point shares: a log stamped with the seconds since the start,
// Ctrl-C that stops whatever was started, and a run that reports a failure and always cleans up.

export type BenchLog = (line: string) => void;

export function elapsedLog(): BenchLog {
  const started = Date.now();
  return (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
}

export interface BenchRun {
  main: () => Promise<void>;
  /** Idempotent, and safe from a signal handler. */
  cleanUp: () => Promise<void>;
  log: BenchLog;
  /** What a signal stops, for the log line ("the service and PostgreSQL"). */
  stopping: string;
  signals?: readonly NodeJS.Signals[];
  /** Called first on a signal (e.g. to note that later failures are the interruption's). */
  onSignal?: () => void;
  /** Reports a failure; by default its stack. */
  onFailure?: (error: unknown) => void;
}

export async function runBenchmark(run: BenchRun): Promise<void> {
  for (const signal of run.signals ?? (["SIGINT", "SIGTERM"] as const)) {
    process.once(signal, () => {
      run.onSignal?.();
      run.log(`${signal}: stopping ${run.stopping}`);
      void run.cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    await run.main();
  } catch (error) {
    (run.onFailure ?? printFailure)(error);
    process.exitCode = 1;
  } finally {
    await run.cleanUp();
    run.log("done");
  }
}

export function printFailure(error: unknown): void {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
}
