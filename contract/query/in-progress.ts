/**
 * How long a task counts as under way after it started. One still "in progress" long after is a
 * job someone forgot to close, not work on the vehicle now: /locations' "in progress" count and
 * the due list's bookings both leave it out.
 */
export const IN_PROGRESS_DAYS = 30;
