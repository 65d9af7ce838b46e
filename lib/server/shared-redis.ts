import "server-only";
import { once } from "node:events";
import { Redis } from "ioredis";

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
  // ioredis reports every failed reconnect; the window and the token store report outages themselves.
  redis.on("error", () => {});
  const timeout = AbortSignal.timeout(READY_WAIT_MS);
  // Not ready in time: start anyway; the first commands use the memory fallbacks.
  await once(redis, "ready", { signal: timeout }).catch(() => {});
  return redis;
}
