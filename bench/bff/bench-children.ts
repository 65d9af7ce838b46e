import type { RunningChild } from "../../harness/child-process";

// What both bench:bff runners (run.ts, idle-run.ts) need around the programs they start.

/**
 * Nothing from the caller's shell may point the programs under test elsewhere (a real database,
 * a shared Redis, another staff file).
 */
export function forgetCallerSettings(): void {
  for (const name of Object.keys(process.env)) {
    if (
      /^(VTS_|AUTH_|MIRROR)|^(DATABASE_URL|DASHBOARD_DATABASE_URL|REDIS_URL|STAFF_FILE|METRICS_TOKEN)$/.test(
        name,
      )
    )
      delete process.env[name];
  }
}

/** The children a run started, stopped newest first (people's load before the servers it uses). */
export class BenchChildren {
  private readonly running: RunningChild[] = [];

  async keep<T extends RunningChild>(child: Promise<T>): Promise<T> {
    const ready = await child;
    this.running.push(ready);
    return ready;
  }

  async stop(child: RunningChild): Promise<void> {
    this.running.splice(this.running.indexOf(child), 1);
    await child.stop();
  }

  async stopAll(): Promise<void> {
    for (const child of this.running.splice(0).reverse()) await child.stop();
  }
}
