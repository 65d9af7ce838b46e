import "server-only";
import { splitListParam } from "@/contract/query/list-param";
import { LIST_FILTERS } from "../mirror";

// Which requests only the mirror can answer: the service has no status filter, no lists, no other
// sort and no search, so such a request is never sent to it (it would be answered wrongly).

export function needsMirror(url: URL): boolean {
  const params = url.searchParams;
  if (params.has("status") || params.has("q")) return true;
  if ((params.get("sort") ?? "started_at") !== "started_at") return true;
  return LIST_FILTERS.some((name) => splitListParam(params.get(name) ?? "").length > 1);
}

/**
 * The same URL as the live path reads it: `sort=started_at` is its only order, so it is dropped,
 * and a single filter value is passed on as it reads ("Oil\, filter" is the type "Oil, filter").
 */
export function liveUrl(url: URL): URL {
  const live = new URL(url);
  live.searchParams.delete("sort");
  for (const name of LIST_FILTERS) {
    const text = live.searchParams.get(name);
    if (text !== null) live.searchParams.set(name, splitListParam(text)[0]!);
  }
  return live;
}
