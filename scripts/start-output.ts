// What `npm start` shows of its programs' output. Both log JSON lines (what a deployment ships to
// its log store); a person at a terminal wants warnings and errors, one readable line each. Every
// line still goes, unchanged, to the program's log file.
import type { Readable } from "node:stream";
import { createInterface } from "node:readline";

export const INFO = 30;
export const WARN = 40;
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: INFO, warn: WARN, error: 50, fatal: 60 };
const LABELS: Record<number, string> = { 40: "WARN", 50: "ERROR", 60: "FATAL" };

type LogLine = Record<string, unknown> & { msg?: unknown; level?: unknown };

function levelOf(line: LogLine): number {
  return typeof line.level === "number" ? line.level : (LEVELS[String(line.level)] ?? 30);
}

/** The few fields that say what went wrong, never a header or a whole request. */
function details(line: LogLine): string {
  const err = line.err as { message?: unknown } | string | undefined;
  const parts = [
    typeof err === "string" ? err : err?.message,
    line.error_code,
    line.status,
    line.path ?? (line.req as { url?: unknown } | undefined)?.url,
    line.request_id,
  ].filter((part) => part !== undefined && part !== null && part !== "");
  return parts.length > 0 ? ` (${parts.map(String).join(", ")})` : "";
}

export interface ShowOptions {
  /** JSON lines below this level stay in the file. */
  minLevel: number;
  /** Plain text is shown from stderr (Next's own errors), not from stdout (its banner). */
  plainText: boolean;
}

/** The terminal's version of one output line, or null to keep it in the log file only. */
export function readableLine(program: string, raw: string, options: ShowOptions): string | null {
  const text = raw.trimEnd();
  // Stack frames stay in the file: the error's own line says what happened.
  if (text === "" || /^\s+at /.test(text)) return null;
  let line: LogLine | null = null;
  try {
    line = JSON.parse(text) as LogLine;
  } catch {
    // Plain text.
  }
  if (typeof line !== "object" || line === null) return options.plainText ? `${program}: ${text}` : null;
  const level = levelOf(line);
  // A request line is news only when something went wrong.
  const request = line.req !== undefined || line.res !== undefined;
  if (level < (request ? Math.max(WARN, options.minLevel) : options.minLevel)) return null;
  const label = LABELS[Math.min(60, Math.floor(level / 10) * 10)];
  return `${program}: ${label ? `${label} ` : ""}${typeof line.msg === "string" ? line.msg : ""}${details(line)}`;
}

/** Shows the lines of a child's output that `readableLine` keeps (its log file has them all). */
export function followOutput(program: string, output: Readable, options: () => ShowOptions): void {
  createInterface({ input: output, crlfDelay: Infinity }).on("line", (raw) => {
    const shown = readableLine(program, raw, options());
    if (shown !== null) console.log(shown);
  });
}
