import "server-only";
import { pino, type DestinationStream, type Logger } from "pino";
import { dashboardEnv } from "../env";
import { serializeError } from "./redact";

// The dashboard server's one logger: JSON lines on stdout, level from LOG_LEVEL. Callers log
// chosen fields only (never a request, its headers or cookies); errors go through serializeError,
// and secret-named fields are masked wherever they appear, in case someone logs one anyway.

export type DashboardLogger = Logger;

const MASKED_FIELDS = [
  "authorization",
  "cookie",
  "cookies",
  "headers",
  "password",
  "secret",
  "client_secret",
  "clientSecret",
  "token",
  "access_token",
  "id_token",
  "refresh_token",
];

export function createDashboardLogger(level: string, destination?: DestinationStream): DashboardLogger {
  return pino(
    {
      level,
      base: { service: "dashboard" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      redact: { paths: MASKED_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: "[REDACTED]" },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

const holder = globalThis as typeof globalThis & { __dashboardLogger?: DashboardLogger };

export function dashboardLogger(): DashboardLogger {
  holder.__dashboardLogger ??= createDashboardLogger(dashboardEnv().LOG_LEVEL);
  return holder.__dashboardLogger;
}
