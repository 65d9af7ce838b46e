// The calendar days of [from, to) in a zone, first to last, as YYYY-MM-DD: the summary's by_day
// lists every one of them, a day without tasks as zero, so a chart has no holes.
import { DAY_MS } from "@/contract/query/day";

export function zoneDays(fromMs: number, toMs: number, zone: string): string[] {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const first = Date.parse(`${format.format(fromMs)}T00:00:00Z`);
  const last = Date.parse(`${format.format(toMs - 1)}T00:00:00Z`);
  const days: string[] = [];
  // Calendar arithmetic on the dates themselves (as UTC midnights): a DST day is still one day.
  for (let day = first; day <= last; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
