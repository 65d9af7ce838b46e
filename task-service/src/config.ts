// One validated source of configuration for the service: read once at start, never from process.env elsewhere.
import { z } from "zod";
import { signingKeyPemProblem } from "./auth/signing-key";
import { MAX_FLEET_SIZE } from "./sandbox/fleet";

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const configSchema = z.object({
  VTS_HOST: z.string().min(1).default("127.0.0.1"),
  VTS_PORT: integer(0, 65_535).default(4010),
  VTS_MODE: z.enum(["sandbox", "production"]).default("production"),
  VTS_DATA_DIR: z.string().min(1).default(".data/vts"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  VTS_SEED: integer(0, 2 ** 31 - 1).default(1),
  VTS_SEED_TASKS: integer(1, 5_000_000).default(50_000),
  /** The sandbox fleet's size; by default one vehicle per 40 tasks, at least 1,000 (fleet.ts). */
  VTS_SEED_VEHICLES: integer(1, MAX_FLEET_SIZE).optional(),
  VTS_RATE_LIMIT_PER_MIN: integer(1, 1_000_000_000).default(60),
  /** The /v1 limit's window; tests shorten it so a spent budget frees in seconds, not a minute. */
  VTS_RATE_LIMIT_WINDOW_SECONDS: integer(1, 3_600).default(60),
  VTS_TOKEN_RATE_LIMIT_PER_MIN: integer(1, 1_000_000_000).default(10),
  VTS_MAX_WINDOW_DAYS: integer(1, 3_660).default(92),
  VTS_ISSUER: z.string().min(1).optional(),
  /** PKCS#8 PEM of an EC P-256 key; without it a key is generated once and kept in the store. */
  VTS_SIGNING_KEY: z
    .string()
    .superRefine((pem, context) => {
      const problem = signingKeyPemProblem(pem);
      if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  VTS_TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  VTS_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface ServiceConfig {
  host: string;
  port: number;
  mode: "sandbox" | "production";
  /** Undefined keeps the embedded store in memory (tests). */
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seed: number;
  seedTasks: number;
  seedVehicles: number | undefined;
  /** /v1 calls per client per window (a minute unless `rateLimitWindowSeconds` says otherwise). */
  rateLimitPerMinute: number;
  rateLimitWindowSeconds: number;
  tokenRateLimitPerMinute: number;
  maxWindowDays: number;
  issuer: string;
  audience: string;
  signingKeyPem: string | undefined;
  trustProxy: boolean;
  logLevel: RawConfig["VTS_LOG_LEVEL"];
}

export class ConfigError extends Error {}

/** Parses an environment; empty variables count as unset so `FOO= npm run service` means "default". */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const issuer = raw.VTS_ISSUER ?? `http://${raw.VTS_HOST}:${raw.VTS_PORT}`;
  return {
    host: raw.VTS_HOST,
    port: raw.VTS_PORT,
    mode: raw.VTS_MODE,
    dataDir: raw.VTS_DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    seed: raw.VTS_SEED,
    seedTasks: raw.VTS_SEED_TASKS,
    seedVehicles: raw.VTS_SEED_VEHICLES,
    rateLimitPerMinute: raw.VTS_RATE_LIMIT_PER_MIN,
    rateLimitWindowSeconds: raw.VTS_RATE_LIMIT_WINDOW_SECONDS,
    tokenRateLimitPerMinute: raw.VTS_TOKEN_RATE_LIMIT_PER_MIN,
    maxWindowDays: raw.VTS_MAX_WINDOW_DAYS,
    issuer,
    audience: `${issuer.replace(/\/+$/, "")}/v1`,
    signingKeyPem: raw.VTS_SIGNING_KEY,
    trustProxy: raw.VTS_TRUST_PROXY === "true",
    logLevel: raw.VTS_LOG_LEVEL,
  };
}
