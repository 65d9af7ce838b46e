// One timed pass of the sandbox generator: how long streaming `taskCount` tasks takes, and the
// heap it leaves behind (the stream must not hold the tasks it has handed out).
import { sandboxTasks } from "../../task-service/src/sandbox/generate-sandbox-data";

// The sandbox tests' anchor: US, European and Australian DST switches fall inside the window.
const ANCHOR = new Date("2025-03-20T16:42:17.345Z");

export interface GenerationRun {
  tasks: number;
  vehicles: number;
  seconds: number;
  heapMb: number;
}

export function measureGeneration(seed: number, taskCount: number): GenerationRun {
  const vehicles = new Set<string>();
  let tasks = 0;
  const started = performance.now();
  for (const task of sandboxTasks({ seed, taskCount, anchor: ANCHOR })) {
    tasks += 1;
    vehicles.add(task.vehicle_id);
  }
  const seconds = (performance.now() - started) / 1000;
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  // A short stream would make the rate look better than it is.
  if (tasks !== taskCount) throw new Error(`asked for ${taskCount} tasks, got ${tasks}`);
  return { tasks, vehicles: vehicles.size, seconds, heapMb };
}
