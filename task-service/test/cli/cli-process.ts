// The operator CLI as a real process: its built file run by Node, which is what
// `npm run vts -- <args>` runs.
import { runToExit, type Finished } from "../../../harness/service-process";

/**
 * `env` chooses the store: VTS_DATA_DIR or DATABASE_URL. `signal` (the test's) ends the run when
 * the test times out, so a stuck CLI never keeps holding the data dir's lock.
 */
export function runCli(args: string[], env: Record<string, string>, signal?: AbortSignal): Promise<Finished> {
  if (!env.VTS_DATA_DIR && !env.DATABASE_URL) throw new Error("runCli needs VTS_DATA_DIR or DATABASE_URL");
  return runToExit("cli", args, env, signal);
}

/** Output for an assertion message, so a failing exit code shows what the CLI said. */
export const said = (result: Finished) =>
  `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
