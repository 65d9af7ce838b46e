// Start, then wait for health; a program that does not get there is stopped, never left behind.
import { startChild, type ChildOptions, type RunningChild } from "./child-process";
import { waitHealthy, type HealthWait } from "./wait-healthy";

export type HealthyChildOptions = ChildOptions & HealthWait;

export async function startHealthyChild(options: HealthyChildOptions): Promise<RunningChild> {
  const child = startChild(options);
  try {
    await waitHealthy(child, options);
  } catch (error) {
    await child.stop("SIGKILL");
    throw error;
  }
  return child;
}
