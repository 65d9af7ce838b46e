import "server-only";
import { decodeQueryPairs } from "@/contract/query/query-pairs";
import { DashboardError } from "./dashboard-error";

// The dashboard API reads its query as the service reads its own: malformed
// percent-encoding, unknown names and repeated names are refused, so a typo never silently
// widens a filter and a request the service would refuse never spends the shared budget.

/**
 * Next hands a route handler its URL with malformed percent-encoding already replaced by U+FFFD, so
 * that character stands for bytes that were not UTF-8 (the service refuses those; no id, filter value
 * or cursor holds it).
 */
const REPLACED_BYTES = "\uFFFD";

export function readQueryParams(url: URL, allowed: readonly string[]): Record<string, string> {
  const pairs = decodeQueryPairs(url.search.slice(1));
  if (
    !pairs ||
    pairs.some(([name, value]) => name.includes(REPLACED_BYTES) || value.includes(REPLACED_BYTES))
  )
    throw new DashboardError("invalid_request", "The query string is not valid percent-encoded UTF-8.");
  const params: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (!allowed.includes(name)) {
      const shown = name.slice(0, 40);
      throw new DashboardError(
        "invalid_request",
        allowed.length === 0
          ? `Unknown parameter "${shown}": this address takes no parameters.`
          : `Unknown parameter "${shown}".`,
      );
    }
    if (Object.hasOwn(params, name))
      throw new DashboardError("invalid_request", `Parameter "${name}" is repeated.`);
    params[name] = value;
  }
  return params;
}
