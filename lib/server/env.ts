import "server-only";
import { z } from "zod";
import { staffAccessSchema } from "./staff";

// The dashboard server's configuration, validated once. Nothing here is ever sent to a browser:
// there are no NEXT_PUBLIC_ variables in this project.

const optional = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

const ssoAccessMapSchema = z.record(z.string().min(1), staffAccessSchema);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A number setting with a default; unset or empty means the default. */
function numberOr(fallback: number, schema: z.ZodNumber) {
  return optional
    .transform((value) => value ?? String(fallback))
    .pipe(z.coerce.number<string>().pipe(schema));
}

const dashboardEnvSchema = z.object({
  VTS_BASE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
  VTS_CLIENT_ID: z.string().min(1),
  VTS_CLIENT_SECRET: z.string().min(1),
  VTS_SCOPE: optional,
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional(),
  ),
  /** Upstream call timeout; the budget wait of an interactive request is bounded separately. */
  VTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The service's rate-limit window (its VTS_RATE_LIMIT_WINDOW_SECONDS): the budget holds each call
   * that long, so its countdowns match the service. Only tests shorten it.
   */
  VTS_RATE_LIMIT_WINDOW_SECONDS: numberOr(60, z.number().int().min(1).max(3_600)),
  /**
   * How long a saved task list or task counts as fresh, answered without asking the service. Tests
   * shorten it to reach the stale path in seconds.
   */
  TASK_CACHE_FRESH_SECONDS: numberOr(30, z.number().int().min(1).max(3_600)),
  /** The service's longest window; checked here so a too-long window spends no upstream budget. */
  VTS_MAX_WINDOW_DAYS: z.coerce.number().int().min(1).max(3_660).default(92),
  STAFF_FILE: z.string().min(1).default(".data/staff.json"),
  /**
   * How many reverse proxies stand in front and append to X-Forwarded-For (clientAddress, in
   * auth/sign-in-throttle.ts); 0 trusts the header not at all. `true`/`false` as for
   * VTS_TRUST_PROXY mean 1/0.
   */
  DASHBOARD_TRUST_PROXY: optional
    .transform((value) => (value === "true" ? "1" : value === "false" ? "0" : (value ?? "0")))
    .pipe(z.coerce.number<string>().int().min(0).max(10)),
  AUTH_SECRET: z.string().min(32, "use at least 32 random characters (openssl rand -base64 33)"),
  AUTH_OIDC_ISSUER: optional.pipe(z.url().optional()),
  AUTH_OIDC_CLIENT_ID: optional,
  AUTH_OIDC_CLIENT_SECRET: optional,
  AUTH_OIDC_NAME: z.string().default("Company SSO"),
  /** The ID token or userinfo claim whose values AUTH_OIDC_ACCESS_MAP maps (a list or one text). */
  AUTH_OIDC_ACCESS_CLAIM: z.string().min(1).default("groups"),
  /** JSON: each claim value to a role and locations, e.g. {"fleet-admins":{"role":"admin","locations":"all"}}. */
  AUTH_OIDC_ACCESS_MAP: optional.transform((text, context) => {
    if (text === undefined) return {};
    const parsed = ssoAccessMapSchema.safeParse(parseJson(text));
    if (parsed.success) return parsed.data;
    context.addIssue({
      code: "custom",
      message: `must be a JSON object of claim values to {"role":"viewer"|"admin","locations":"all"|[location ids]}: ${parsed.error.issues[0]?.message ?? ""}`,
    });
    return z.NEVER;
  }),
  /** Single sign-on staff whose claim maps to nothing: refused (`deny`) or a viewer of no location. */
  AUTH_OIDC_ACCESS_DEFAULT: optional.pipe(z.enum(["deny", "viewer"]).default("deny")),
  /** The dashboard server's log level (pino); `silent` mutes it. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Bearer token Prometheus sends to scrape /api/metrics; unset disables the endpoint. */
  METRICS_TOKEN: optional.pipe(z.string().min(16).optional()),
  /** `off` keeps the pure proxy: no mirror is opened and nothing is synced. */
  MIRROR: optional.pipe(z.enum(["on", "off"]).default("on")),
  /** The embedded mirror's PGlite directory; unused with DASHBOARD_DATABASE_URL. */
  MIRROR_DATA_DIR: optional.pipe(z.string().default(".data/mirror")),
  /**
   * The embedded workspace's PGlite directory (what staff create: program overrides, the audit
   * trail); unused with DASHBOARD_DATABASE_URL, whose database then holds it beside the mirror.
   */
  WORKSPACE_DATA_DIR: optional.pipe(z.string().default(".data/workspace")),
  /** Days an audit record is kept; unset keeps every record for good. */
  AUDIT_RETENTION_DAYS: optional.pipe(
    z.coerce.number<string>().pipe(z.number().int().min(1).max(36_500)).optional(),
  ),
  /** A PostgreSQL shared by every dashboard instance: they elect one syncer and all read. */
  DASHBOARD_DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  MIRROR_DAYS_BACK: numberOr(180, z.number().int().min(1).max(3_660)),
  MIRROR_DAYS_AHEAD: numberOr(30, z.number().int().min(0).max(3_660)),
  /**
   * Free space the embedded mirror's sync leaves on MIRROR_DATA_DIR's disk: below it, the sync
   * writes nothing (PGlite cannot recover from a full disk inside a running process) and says why.
   */
  MIRROR_MIN_FREE_MB: numberOr(64, z.number().int().min(0).max(1_000_000)),
  /** The most of the upstream budget sync may hold in any minute; the rest stays with people. */
  MIRROR_BUDGET_SHARE: numberOr(0.5, z.number().gt(0).max(1)),
  /** Compliance: a program's job done more than this share past its interval is late. */
  MAINTENANCE_LATE_TOLERANCE: numberOr(0.1, z.number().min(0).max(1)),
});

export type DashboardEnv = z.infer<typeof dashboardEnvSchema>;

export function parseDashboardEnv(env: Record<string, string | undefined>): DashboardEnv {
  const parsed = dashboardEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid dashboard configuration:\n${lines.join("\n")}`);
  }
  const { AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET } = parsed.data;
  const oidcParts = [AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcParts !== 0 && oidcParts !== 3) {
    throw new Error(
      "Invalid dashboard configuration:\n  AUTH_OIDC_*: set issuer, client id and secret together",
    );
  }
  return parsed.data;
}

/**
 * LOG_LEVEL alone, by the same rule: the logger must work even where the rest of the configuration
 * is missing or wrong, for it is what reports that.
 */
export function dashboardLogLevel(): DashboardEnv["LOG_LEVEL"] {
  const parsed = dashboardEnvSchema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL);
  return parsed.success ? parsed.data : "info";
}

let cached: DashboardEnv | undefined;

/** Read lazily so `next build` does not need production secrets. */
export function dashboardEnv(): DashboardEnv {
  cached ??= parseDashboardEnv(process.env);
  return cached;
}
