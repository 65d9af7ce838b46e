// What the service adds to Fastify's request.
import type { TokenSubject } from "../auth/access-tokens";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the /v1 guard once the bearer token is verified. */
    subject?: TokenSubject;
    /** Set by the token endpoint once the client is authenticated, for the metrics label. */
    authenticatedClientId?: string;
  }
}
