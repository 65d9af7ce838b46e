import "server-only";
import { Redis } from "ioredis";
import { systemClock, type Clock } from "./clock";
import type { RequestWindow } from "./request-window";
import { MemoryRequestWindow } from "./request-window-memory";
import { RedisRequestWindow } from "./request-window-redis";

// "Redis when configured": one shared window for all dashboard instances when a URL is given,
// else a private one (correct for a single instance only).

export interface RequestWindowConfig {
  redisUrl?: string | undefined;
  /** Names the shared budget; instances sharing one upstream client_id must use the same key. */
  key: string;
  clock?: Clock;
  onError?: (error: unknown) => void;
}

export interface RequestWindowHandle {
  window: RequestWindow;
  /** Closes the Redis connection, if any (shutdown, tests). */
  close(): Promise<void>;
}

export function createRequestWindow(config: RequestWindowConfig): RequestWindowHandle {
  const clock = config.clock ?? systemClock;
  if (!config.redisUrl) return { window: new MemoryRequestWindow(clock), close: async () => {} };
  const onError = config.onError ?? (() => {});
  // Fail fast instead of queueing while disconnected or hung: a budget check must not make a
  // person wait for a Redis timeout; the window answers from its fallback at once.
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // ioredis emits an "error" for every failed reconnect; the window reports the outage itself.
  redis.on("error", () => {});
  return {
    window: new RedisRequestWindow(redis, config.key, { clock, onError }),
    close: async () => redis.disconnect(),
  };
}
