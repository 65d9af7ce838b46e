"use client";
import { formatDay } from "@/lib/client/time-format";
import { usePageZone } from "@/lib/client/use-in-browser";

// A day in `timeZone` when it is known (a location's own day, the same on the server and in the
// browser), else in the browser's own zone. The server, and the browser while it hydrates, write
// the UTC day for the latter: the server knows no browser's zone, and a text that differs at
// hydration is React's #418 (the whole page rendered again in the browser).
export function LocalDay({ instant, timeZone }: { instant: string; timeZone?: string }) {
  const pageZone = usePageZone();
  return <time dateTime={instant}>{formatDay(instant, timeZone ?? pageZone)}</time>;
}
