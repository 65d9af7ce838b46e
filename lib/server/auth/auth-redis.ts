import "server-only";
import type { Redis } from "ioredis";
import { connectSharedRedis } from "../shared-redis";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import { reportAtMostEvery } from "./auth-logger";

// The Redis connection sign-in state is shared through (failure counts, signed-out sessions):
// one per instance, opened on first use; undefined without REDIS_URL.

const holder = globalThis as typeof globalThis & { __authRedis?: Promise<Redis | undefined> };

export function authRedis(): Promise<Redis | undefined> {
  const url = dashboardEnv().REDIS_URL;
  holder.__authRedis ??= url ? connectSharedRedis(url) : Promise.resolve(undefined);
  return holder.__authRedis;
}

/** Reports a failing shared store at most once a minute while it fails. */
export function sharedStoreReporter(what: string): (error: unknown) => void {
  return reportAtMostEvery(60_000, (error, suppressed) =>
    dashboardLogger().warn(
      { err: error, suppressed },
      `${what} unavailable in Redis; using this instance's memory`,
    ),
  );
}
