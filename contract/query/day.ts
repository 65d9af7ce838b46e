// A day as the window's limit and every day step count it: 24 hours of UTC time. Calendar days in a
// zone (23 or 25 hours across a clock change) are the zone code's business, not this constant's.
export const DAY_MS = 86_400_000;
