import "server-only";
import { z } from "zod";
import { staffAccessSchema } from "./staff";

// The dashboard server's configuration, validated once. Nothing here is ever sent to a browser:
// there are no NEXT_PUBLIC_ variables in this project.

const ssoAccessMapSchema = z.record(z.string().min(1), staffAccessSchema);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const NUMBER_FORMS = {
  whole: { pattern: /^\d+$/, message: "must be a whole number" },
  share: { pattern: /^\d*\.?\d+$/, message: "must be a decimal number, such as 0.25" },
} as const;

/**
 * A number setting, read as the service reads its own: decimal digits only, so neither program takes
 * `0x10` or `1e3` (which Number() reads as 16 and 1000) or a padded ` 64` that the other refuses,
 * from the one environment they share. Only a share takes a fraction.
 */
function decimal(form: keyof typeof NUMBER_FORMS, range: z.ZodNumber) {
  const { pattern, message } = NUMBER_FORMS[form];
  return z.string().regex(pattern, message).transform(Number).pipe(range);
}

/**
 * The settings actually given: an empty value counts as unset, as the service takes one, and so does
 * a blank one, as `npm start` takes it. `npm start` reads the environment it hands both programs, so
 * `FOO=` means the default in all three, and no setting meets a blank as 0 or as an empty name.
 */
function givenSettings(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== "",
    ),
  );
}

const dashboardEnvSchema = z.object({
  VTS_BASE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
  VTS_CLIENT_ID: z.string(),
  VTS_CLIENT_SECRET: z.string(),
  VTS_SCOPE: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /** Upstream call timeout; the budget wait of an interactive request is bounded separately. */
  VTS_TIMEOUT_MS: decimal("whole", z.number().min(100).max(60_000)).default(10_000),
  /**
   * The service's rate-limit window (its VTS_RATE_LIMIT_WINDOW_SECONDS): the budget holds each call
   * that long, so its countdowns match the service. Only tests shorten it.
   */
  VTS_RATE_LIMIT_WINDOW_SECONDS: decimal("whole", z.number().min(1).max(3_600)).default(60),
  /**
   * How long a saved task list or task counts as fresh, answered without asking the service. Tests
   * shorten it to reach the stale path in seconds.
   */
  TASK_CACHE_FRESH_SECONDS: decimal("whole", z.number().min(1).max(3_600)).default(30),
  /** The service's longest window; checked here so a too-long window spends no upstream budget. */
  VTS_MAX_WINDOW_DAYS: decimal("whole", z.number().min(1).max(3_660)).default(92),
  STAFF_FILE: z.string().default(".data/staff.json"),
  /**
   * How many reverse proxies stand in front and append to X-Forwarded-For (clientAddress, in
   * auth/sign-in-throttle.ts); 0 trusts the header not at all. `true`/`false` as for
   * VTS_TRUST_PROXY mean 1/0.
   */
  DASHBOARD_TRUST_PROXY: z
    .string()
    .transform((value) => (value === "true" ? "1" : value === "false" ? "0" : value))
    .pipe(decimal("whole", z.number().min(0).max(10)))
    .default(0),
  AUTH_SECRET: z.string().min(32, "use at least 32 random characters (openssl rand -base64 33)"),
  AUTH_OIDC_ISSUER: z.url().optional(),
  AUTH_OIDC_CLIENT_ID: z.string().optional(),
  AUTH_OIDC_CLIENT_SECRET: z.string().optional(),
  AUTH_OIDC_NAME: z.string().default("Company SSO"),
  /** The ID token or userinfo claim whose values AUTH_OIDC_ACCESS_MAP maps (a list or one text). */
  AUTH_OIDC_ACCESS_CLAIM: z.string().default("groups"),
  /** JSON: each claim value to a role and locations, e.g. {"fleet-admins":{"role":"admin","locations":"all"}}. */
  AUTH_OIDC_ACCESS_MAP: z
    .string()
    .optional()
    .transform((text, context) => {
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
  AUTH_OIDC_ACCESS_DEFAULT: z.enum(["deny", "viewer"]).default("deny"),
  /** The dashboard server's log level (pino); `silent` mutes it. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Bearer token Prometheus sends to scrape /api/metrics; unset disables the endpoint. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** `off` keeps the pure proxy: no mirror is opened and nothing is synced. */
  MIRROR: z.enum(["on", "off"]).default("on"),
  /** The embedded mirror's PGlite directory; unused with DASHBOARD_DATABASE_URL. */
  MIRROR_DATA_DIR: z.string().default(".data/mirror"),
  /**
   * The embedded workspace's PGlite directory (what staff create: program overrides, the audit
   * trail); unused with DASHBOARD_DATABASE_URL, whose database then holds it beside the mirror.
   */
  WORKSPACE_DATA_DIR: z.string().default(".data/workspace"),
  /** Days an audit record is kept; unset keeps every record for good. */
  AUDIT_RETENTION_DAYS: decimal("whole", z.number().min(1).max(36_500)).optional(),
  /** A PostgreSQL shared by every dashboard instance: they elect one syncer and all read. */
  DASHBOARD_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  MIRROR_DAYS_BACK: decimal("whole", z.number().min(1).max(3_660)).default(180),
  MIRROR_DAYS_AHEAD: decimal("whole", z.number().min(0).max(3_660)).default(30),
  /**
   * Free space the embedded mirror's sync leaves on MIRROR_DATA_DIR's disk: below it, the sync
   * writes nothing (PGlite cannot recover from a full disk inside a running process) and says why.
   */
  MIRROR_MIN_FREE_MB: decimal("whole", z.number().min(0).max(1_000_000)).default(64),
  /** The most of the upstream budget sync may hold in any minute; the rest stays with people. */
  MIRROR_BUDGET_SHARE: decimal("share", z.number().gt(0).max(1)).default(0.5),
  /** Compliance: a program's job done more than this share past its interval is late. */
  MAINTENANCE_LATE_TOLERANCE: decimal("share", z.number().min(0).max(1)).default(0.1),
});

export type DashboardEnv = z.infer<typeof dashboardEnvSchema>;

export function parseDashboardEnv(env: Record<string, string | undefined>): DashboardEnv {
  const parsed = dashboardEnvSchema.safeParse(givenSettings(env));
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
  const parsed = dashboardEnvSchema.pick({ LOG_LEVEL: true }).safeParse(givenSettings(process.env));
  return parsed.success ? parsed.data.LOG_LEVEL : "info";
}

let cached: DashboardEnv | undefined;

/** Read lazily so `next build` does not need production secrets. */
export function dashboardEnv(): DashboardEnv {
  cached ??= parseDashboardEnv(process.env);
  return cached;
}
