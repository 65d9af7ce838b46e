import { createDashboardLogger, type DashboardLogger } from "@/lib/server/log/dashboard-logger";

/** A dashboard logger whose lines land in arrays: parsed, and as the raw text written. */
export function capturingLogger(level = "info"): {
  logger: DashboardLogger;
  lines: Record<string, unknown>[];
  text: () => string;
} {
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const write = (line: string) => {
    raw.push(line);
    lines.push(JSON.parse(line) as Record<string, unknown>);
  };
  return { logger: createDashboardLogger(level, { write }), lines, text: () => raw.join("") };
}
