import { zoneParts } from "@/lib/time/zone-parts";

// A calendar day in an IANA zone as the instants it spans, cut to the window the summary counted,
// so the table filtered to a day shows exactly the tasks of that day's bar.

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = zoneParts(new Date(instant), timeZone, "longOffset");
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The first instant of local midnight of `day` ("2026-11-20") in `timeZone`. */
export function midnightIn(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  let guess = wall - offsetMs(wall, timeZone);
  guess = wall - offsetMs(guess, timeZone);
  return new Date(guess);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

export function dayWindow(
  day: string,
  timeZone: string,
  within: { from: Date; to: Date },
): { from: Date; to: Date } {
  const start = midnightIn(day, timeZone);
  const end = midnightIn(nextDay(day), timeZone);
  return {
    from: new Date(Math.max(start.getTime(), within.from.getTime())),
    to: new Date(Math.min(end.getTime(), within.to.getTime())),
  };
}
