import "server-only";

// How old the rows are, for the UI's "data as of 14:03" banner.
export function freshnessHeaders(data: { fetchedAt: number; stale: boolean }): Record<string, string> {
  return { "x-data-fetched-at": new Date(data.fetchedAt).toISOString(), "x-data-stale": String(data.stale) };
}
