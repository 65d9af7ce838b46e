import { formatWithOffset } from "@/lib/client/time-format";

// A task's time in its location's zone with the offset ("2026-11-20 02:31 UTC-06:00"), as staff
// there read it; in UTC until the location's zone is known.
function text(instant: string, zone: string | undefined): string {
  return formatWithOffset(instant, zone ?? "UTC");
}

export function TaskTime({ instant, zone }: { instant: string; zone: string | undefined }) {
  return <time dateTime={instant}>{text(instant, zone)}</time>;
}

TaskTime.text = text;
