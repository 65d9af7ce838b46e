// One Redis connection for the shared rate-limit windows. Commands fail fast instead of queueing
// while disconnected, so an outage falls back to the in-memory limiter at once.
import { Redis } from "ioredis";

export function connectRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on("error", onError);
  return redis;
}
