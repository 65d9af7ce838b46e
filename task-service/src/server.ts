// Runs the service: configuration, store, HTTP listener, and a graceful shutdown on SIGTERM/SIGINT.
import "./heap-tuning";
import { pino } from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openServiceContext } from "./service-context";
import { storeName } from "./store/open-store";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: "vts" });
  log.info({ mode: config.mode }, `opening ${storeName(config)}`);
  const context = await openServiceContext(config, {
    processMetrics: true,
    onRedisError: (error) =>
      log.warn({ err: error.message }, "redis unavailable; rate limits are per instance"),
    onProgress: (message) => log.info(message),
    clientDirectoryLog: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    onFeedRestarted: () =>
      log.warn(
        "the store's change places came from another database server (a restore?): the change feed starts again, and every cursor issued before is refused",
      ),
    onKeyReloadError: (error) =>
      log.debug(
        { err: error instanceof Error ? error.message : String(error) },
        "signing keys not reloaded; signing with those held",
      ),
    onStoreIdleError: (error) =>
      log.debug({ err: error.message }, "an idle store connection failed; the next query reconnects"),
  });
  const app = await buildApp(context, { logLevel: config.logLevel, trustProxy: config.trustProxy });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn("second signal: exiting at once");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    // Connections still busy after this long are cut, so an orchestrator's kill never finds the
    // store open.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await context.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  log.info(`Vehicle Task Service (${config.mode}) listening on http://${config.host}:${config.port}`);
}

// A configuration mistake (a bad setting, or a store its mode refuses) exits 2: no restart cures
// it, so a supervisor can tell it from a failure that one might.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
