// `npm run bench:sandbox`: how fast the sandbox generator streams tasks (what `npm run service`
// spends before it answers with a big VTS_SEED_TASKS). Prints one table; asserts nothing, as a
// shared machine is too noisy for a timing target.
import { elapsedLog, runBenchmark } from "../bench-runner";
import { describeMachine } from "../service/report";
import { median } from "../ui/stats";
import { measureGeneration, type GenerationRun } from "./measure";

const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const TASKS = envNumber("BENCH_TASKS", 1_000_000);
const RUNS = envNumber("BENCH_RUNS", 3);
const SEED = envNumber("BENCH_SEED", 1);

const log = elapsedLog();
const count = (n: number) => Math.round(n).toLocaleString("en-US");

function renderTable(runs: GenerationRun[]): string {
  const rows = runs.map((run, index) => [
    String(index + 1),
    count(run.tasks),
    count(run.vehicles),
    run.seconds.toFixed(2),
    count(run.tasks / run.seconds),
    run.heapMb.toFixed(0),
  ]);
  const seconds = median(runs.map((run) => run.seconds));
  rows.push(["median", count(TASKS), "", seconds.toFixed(2), count(TASKS / seconds), ""]);
  return [
    "| run | tasks | vehicles | seconds | tasks/s | heap after (MB) |",
    "|---|--:|--:|--:|--:|--:|",
    ...rows.map((cells) => `| ${cells.join(" | ")} |`),
  ].join("\n");
}

async function main(): Promise<void> {
  log(`${describeMachine()}; ${RUNS} runs of ${count(TASKS)} tasks, seed ${SEED}`);
  const runs: GenerationRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    runs.push(measureGeneration(SEED, TASKS));
    log(`run ${run}: ${runs.at(-1)?.seconds.toFixed(2)} s`);
  }
  console.log(`\n${renderTable(runs)}\n`);
}

await runBenchmark({ main, cleanUp: async () => {}, log, stopping: "the generator" });
