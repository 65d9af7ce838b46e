// The service as a Fastify instance, built from ready dependencies. Listening, signals and
// shutdown live in server.ts; tests build this and call app.inject.
import Fastify, { LogController, type FastifyInstance } from "fastify";
import "./http/fastify-types";
import { answerMalformedRequest } from "./http/malformed-request";
import { loggerOptions } from "./observability/logging";
import { answerUnreadableUrl, installErrorRendering } from "./plugins/error-rendering";
import { installDrainOnClose } from "./plugins/drain-on-close";
import { apiReference } from "./plugins/api-reference";
import { v1Guard } from "./plugins/v1-guard";
import { countResponse, generateRequestId, installRequestTracking } from "./plugins/request-tracking";
import { oauthTokenRoutes } from "./routes/oauth-token";
import { publicRoutes } from "./routes/public-routes";
import { v1Api } from "./routes/v1-api";
import type { ServiceContext } from "./service-context";

export interface AppOptions {
  logLevel: string;
  trustProxy: boolean;
}

export async function buildApp(context: ServiceContext, options: AppOptions): Promise<FastifyInstance> {
  const guard = v1Guard({ ...context, rateLimit: context.apiRateLimit });
  const app = Fastify({
    logger: loggerOptions(options.logLevel),
    genReqId: generateRequestId,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: "request_id" }),
    trustProxy: options.trustProxy,
    bodyLimit: 64 * 1024,
    // Long path parameters must reach the handler, which answers 400, instead of missing the route:
    // any that fits in the request line Node takes (its 16 KB of headers).
    routerOptions: { maxParamLength: 16_384 },
    clientErrorHandler: answerMalformedRequest,
    // During a graceful shutdown requests are still served (with Connection: close, below)
    // rather than given Fastify's own 503, which is not the documented error body.
    return503OnClosing: false,
    // Registration only reads local files (the OpenAPI document, the reference page's assets), yet
    // on a starved machine (a busy CI runner, a container at its CPU quota) it has taken longer
    // than Fastify's default 10 s, which failed a start that would have succeeded.
    pluginTimeout: 60_000,
    // A malformed path (bad percent-encoding) still gets the documented body, and on /v1 only
    // after the same token and rate-limit checks as any other /v1 request.
    frameworkErrors: (_error, request, reply) => {
      // These replies skip the response hooks, so they are logged and counted here.
      void answerUnreadableUrl(request, reply, guard).then(() => {
        request.log.info({ res: reply, responseTime: reply.elapsedTime }, "request completed");
        countResponse(context.metrics, request, reply);
      });
    },
  });

  installRequestTracking(app, context.metrics);
  installDrainOnClose(app);
  installErrorRendering(app, guard);
  await app.register(publicRoutes, context);
  await app.register(apiReference);
  await app.register(oauthTokenRoutes, { ...context, rateLimit: context.tokenRateLimit });
  await app.register(v1Api, {
    ...context,
    rateLimit: context.apiRateLimit,
    maxWindowDays: context.config.maxWindowDays,
  });
  return app;
}
