// Polling for a state that other processes reach in their own time, for tests of several of them.
import { sleep } from "./raw-http";

/** Polls until `check` holds or the time is up. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
