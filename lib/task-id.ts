// Only an id of the contract's identifier shape is ever sent to the service (percent-encoded), so
// no path trick passes through; anything else cannot name a task.
import { IDENTIFIER_PATTERN } from "@/contract/query/identifier";

export function isTaskId(id: string): boolean {
  return IDENTIFIER_PATTERN.test(id);
}
