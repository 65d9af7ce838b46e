import "server-only";
import { Redis } from "ioredis";
import { MemoryTokenStore, type TokenStore } from "../upstream/token-store";
import { RedisTokenStore } from "../upstream/token-redis-store";

// The token is shared through Redis when several dashboard instances run; otherwise it lives in
// this process. Redis must be private to the deployment: it holds the service token.
export function connectTokenStore(
  redisUrl: string | undefined,
  onError: (error: unknown) => void,
): TokenStore {
  if (!redisUrl) return new MemoryTokenStore();
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  redis.on("error", () => {});
  return new RedisTokenStore(redis, "dashboard:", { onError });
}
