// Everything a running service holds: store, keys, rate limits, metrics. Opened once, closed once.
import type { Redis } from "ioredis";
import { AccessTokens } from "./auth/access-tokens";
import { ClientDirectory, type ClientDirectoryLog } from "./auth/client-directory";
import { KeyRing } from "./auth/key-ring";
import type { ServiceConfig } from "./config";
import { ServiceMetrics } from "./observability/service-metrics";
import { CURSOR_KEY_SETTING, CursorCodec, newCursorKey } from "./pagination/cursor-codec";
import { createFixedWindowRateLimit, type FixedWindowRateLimit } from "./rate-limit/fixed-window";
import { settingOrCreate } from "./repositories/settings-repository";
import { prepareSandbox, refuseSandboxStore } from "./seeding/prepare-sandbox";
import { openStore } from "./store/open-store";
import { connectRedis } from "./store/redis-connection";
import { restartFeedOfRestoredStore } from "./store/restored-change-places";
import type { Store } from "./store/store";

export interface ServiceContext {
  config: ServiceConfig;
  store: Store;
  redis: Redis | undefined;
  keyRing: KeyRing;
  tokens: AccessTokens;
  /** The clients that /v1 tokens are checked against, kept in step with the store. */
  clients: ClientDirectory;
  cursors: CursorCodec;
  apiRateLimit: FixedWindowRateLimit;
  tokenRateLimit: FixedWindowRateLimit;
  metrics: ServiceMetrics;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Process-wide metrics (CPU, memory) only make sense once per process. */
  processMetrics?: boolean;
  onRedisError?: (error: Error) => void;
  /** Sandbox seeding progress, for the operator watching a first start. */
  onProgress?: (message: string) => void;
  /** Whether the client cache is in use, and why the connection it listens on failed. */
  clientDirectoryLog?: ClientDirectoryLog;
  /** The store came from another database server: the change feed started again. */
  onFeedRestarted?: () => void;
  /** A periodic reload of the signing keys that failed; those held go on signing. */
  onKeyReloadError?: (error: unknown) => void;
  /** An idle PostgreSQL connection that failed; the next query reconnects. */
  onStoreIdleError?: (error: Error) => void;
}

export async function openServiceContext(
  config: ServiceConfig,
  options: ContextOptions = {},
): Promise<ServiceContext> {
  const store = await openStore(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    options.onStoreIdleError,
  );
  let redis: Redis | undefined;
  let clients: ClientDirectory | undefined;
  try {
    if (config.mode === "sandbox") await prepareSandbox(store, config, options.onProgress);
    else await refuseSandboxStore(store, config);
    if (await restartFeedOfRestoredStore(store)) options.onFeedRestarted?.();
    const keyRing = await KeyRing.open(store, config.signingKeyPem, options.onKeyReloadError);
    const cursorKey = await settingOrCreate(store, CURSOR_KEY_SETTING, newCursorKey);
    clients = await ClientDirectory.open(store, options.clientDirectoryLog);
    const openedClients = clients;
    redis = config.redisUrl ? connectRedis(config.redisUrl, options.onRedisError ?? (() => {})) : undefined;
    const connectedRedis = redis;
    return {
      config,
      store,
      redis,
      keyRing,
      tokens: new AccessTokens(keyRing, config.issuer, config.audience),
      clients: openedClients,
      cursors: new CursorCodec(Buffer.from(cursorKey, "base64url")),
      apiRateLimit: createFixedWindowRateLimit({
        name: "api",
        perMinute: config.rateLimitPerMinute,
        windowSeconds: config.rateLimitWindowSeconds,
        redis,
      }),
      tokenRateLimit: createFixedWindowRateLimit({
        name: "token",
        perMinute: config.tokenRateLimitPerMinute,
        redis,
      }),
      metrics: new ServiceMetrics({ processMetrics: options.processMetrics ?? false }),
      async close() {
        connectedRedis?.disconnect();
        await openedClients.close();
        await store.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await clients?.close();
    await store.close();
    throw error;
  }
}
