import "server-only";
import { once } from "node:events";
import { Redis } from "ioredis";
import { dashboardLogger } from "./log";

// The one Redis connection a dashboard instance shares its token and budget through. Commands
// fail fast instead of queueing while disconnected (the callers fall back to this instance's
// memory), so the connection must be ready before the first request uses it, or every instance
// would start on its own token and budget. Keep this Redis private: it holds the service token.

const READY_WAIT_MS = 2_500;

export async function connectSharedRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // ioredis reports every failed reconnect, many a second while Redis is down; the rate log and the
  // token store say when an outage changes what they do, so each failure itself is only for debug.
  redis.on("error", (error) => dashboardLogger().debug({ err: error }, "shared redis: connection failed"));
  const timeout = AbortSignal.timeout(READY_WAIT_MS);
  // Not ready in time: start anyway; the first commands use the memory fallbacks, and the
  // connection keeps trying behind them.
  await once(redis, "ready", { signal: timeout }).catch((error: unknown) =>
    dashboardLogger().debug({ err: error }, "shared redis: not ready in time; starting on memory"),
  );
  return redis;
}
