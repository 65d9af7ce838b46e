// A vehicle's standing on a maintenance program, as GET /api/maintenance/due states it and its
// `state` filter names it, in the order a coordinator works through them.
export const DUE_STATES = ["overdue", "due_soon", "scheduled", "ok"] as const;
export type DueState = (typeof DUE_STATES)[number];
