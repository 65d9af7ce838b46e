// One Redis connection for the shared rate-limit windows. Commands fail fast instead of queueing
// while disconnected, so an outage falls back to the in-memory limiter at once; and a Redis that
// holds its connections open but does not answer (a hung host, a network that drops packets) fails
// a command within COMMAND_TIMEOUT_MS, which every request would otherwise wait on for good.
import { Redis } from "ioredis";

const COMMAND_TIMEOUT_MS = 500;

export function connectRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on("error", onError);
  return redis;
}
