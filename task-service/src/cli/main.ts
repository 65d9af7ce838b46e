// The operator CLI: `npm run vts -- <command>`. Uses the same configuration as the service.
import { runCommandLine } from "./run-command-line";

process.exitCode = await runCommandLine(process.argv.slice(2), process.env, console);
