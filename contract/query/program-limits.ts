// The bounds of a maintenance program staff set (the dashboard's PUT /api/maintenance/programs):
// ten years, a million miles, a due-soon threshold from 1% to half the interval. The form keeps
// them as the API does. (The workspace's table repeats them as checks: a migration never changes.)
export const PROGRAM_LIMITS = {
  days: { min: 1, max: 3_660 },
  miles: { min: 1, max: 1_000_000 },
  dueSoonShare: { min: 0.01, max: 0.5 },
} as const;

/** Due soon, unless staff set another share: within 10% of the interval (9 of 90 days; 500 of 5,000 miles). */
export const DEFAULT_DUE_SOON_SHARE = 0.1;
