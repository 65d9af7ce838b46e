import { KNOWN_STATUSES } from "@/lib/task-format/task-labels";

/**
 * Known statuses in their life's order, then any new ones by name, so a chart's colours and
 * stacks stay put from one answer to the next.
 */
export function orderStatuses(codes: Iterable<string>): string[] {
  const rank = (code: string) => {
    const index = KNOWN_STATUSES.indexOf(code);
    return index === -1 ? KNOWN_STATUSES.length : index;
  };
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
