// The operator CLI's commands run inside the test's process: the same code as `npm run vts`
// (main.ts only hands it the arguments, the environment and the console), without a process
// start per command. Each CLI test file still runs the real binary at least once (cli-process.ts).
import { hermeticEnv, type Finished } from "../../../harness/service-process";
import { runCommandLine } from "../../src/cli/run-command-line";

/** `env` chooses the store, as for runCli; the output is collected the way a terminal shows it. */
export async function runCliInProcess(args: string[], env: Record<string, string>): Promise<Finished> {
  if (!env.VTS_DATA_DIR && !env.DATABASE_URL) throw new Error("the CLI needs VTS_DATA_DIR or DATABASE_URL");
  let stdout = "";
  let stderr = "";
  const code = await runCommandLine(args, hermeticEnv(env), {
    log: (text) => (stdout += `${text}\n`),
    error: (text) => (stderr += `${text}\n`),
  });
  return { code, stdout, stderr };
}
