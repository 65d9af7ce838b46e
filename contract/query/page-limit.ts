// How many tasks one page may hold (`limit` on GET /v1/tasks), and how many it holds when the
// caller does not say.
export const MIN_LIMIT = 1;
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 100;
