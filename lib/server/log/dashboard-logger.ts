import "server-only";
import { pino, type DestinationStream, type Logger } from "pino";
import { dashboardLogLevel } from "../env";

// The dashboard server's one logger: JSON lines on stdout, level from LOG_LEVEL. Callers log
// chosen fields only (never a request, its headers or cookies); errors go through serializeError
// (below), and secret-named fields are masked wherever they appear, in case someone logs one anyway.

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
    destination ?? stdoutDestination(),
  );
}

/**
 * JSON lines on stdout. Once nothing reads them (EPIPE), pino drops its lines quietly, so the
 * process's own stdout is told it is broken too: the dashboard's server stops when its output has
 * no reader (scripts/serve-dashboard.ts), whichever writer finds out first.
 */
function stdoutDestination(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: true });
  destination.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.stdout.destroy(error);
  });
  return destination;
}

const holder = globalThis as typeof globalThis & { __dashboardLogger?: DashboardLogger };

export function dashboardLogger(): DashboardLogger {
  holder.__dashboardLogger ??= createDashboardLogger(dashboardLogLevel());
  return holder.__dashboardLogger;
}

// What may reach a dashboard log line from free text (error messages): addresses without their
// credentials, query string or fragment, and no bearer token, JWT or secret-named value.

const REDACTED = "[REDACTED]";
const SENSITIVE_NAMES =
  "access_token|id_token|refresh_token|token|client_secret|secret|password|code|code_verifier|assertion|authorization|cookie";

const ABSOLUTE_URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const RELATIVE_QUERY = /(^|[\s"'(=])(\/[^\s"'()?#]*)[?#][^\s"')]*/g;
const CREDENTIAL_SCHEME = /\b(Bearer|Basic|DPoP)\s+[\w~+/.=-]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const SENSITIVE_PAIR = new RegExp(`\\b(${SENSITIVE_NAMES})(["']?\\s*[=:]\\s*["']?)[^\\s"'&,;}]+`, "gi");

/** The address with only what identifies the endpoint: scheme, host, port, path and an anchor. */
function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    const query = url.search ? `?${REDACTED}` : "";
    const anchor = /^#[\w-]*$/.test(url.hash) ? url.hash : url.hash ? `#${REDACTED}` : "";
    return `${url.protocol}//${url.host}${url.pathname}${query}${anchor}`;
  } catch {
    return "[URL]";
  }
}

export function redactText(text: string): string {
  return text
    .replace(ABSOLUTE_URL, redactUrl)
    .replace(RELATIVE_QUERY, (_match, before: string, path: string) => `${before}${path}?${REDACTED}`)
    .replace(CREDENTIAL_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SENSITIVE_PAIR, (_match, name: string, separator: string) => `${name}${separator}${REDACTED}`);
}

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  cause?: LoggedError;
}

function causeOf(error: Error): unknown {
  const { cause } = error;
  // Auth.js wraps the underlying error as { err } rather than as an Error.
  if (cause && typeof cause === "object" && !(cause instanceof Error) && "err" in cause) return cause.err;
  return cause;
}

/** Auth.js errors say what they are in `type`: their class names do not survive minification. */
function typeOf(error: Error): string {
  return "type" in error && typeof error.type === "string" ? error.type : error.name;
}

/** An error as a log line may show it: its type, its message (redacted) and one level of cause. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)) };
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  const cause = depth < 1 ? causeOf(error) : undefined;
  return {
    type: typeOf(error),
    message: redactText(error.message),
    ...(code ? { code } : {}),
    ...(cause instanceof Error ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
