// The sandbox's documented clients (README, integrator's guide), like a payment provider's test
// card numbers: fixed ids and secrets, so every integrator can try every answer the API gives.
import { hashClientSecret } from "../auth/client-secrets";
import { SCOPES } from "../domain/scopes";
import type { NewClient } from "../repositories/clients-repository";

const LONG_AGO = new Date("2020-01-01T00:00:00Z");

interface Fixture {
  client_id: string;
  secret: string;
  scopes: readonly string[];
  description: string;
  revoked?: boolean;
  expired?: boolean;
}

export const SANDBOX_FIXTURES: readonly Fixture[] = [
  { client_id: "sandbox-full", secret: "sandbox-full-secret", scopes: SCOPES, description: "both scopes" },
  {
    client_id: "sandbox-tasks",
    secret: "sandbox-tasks-secret",
    scopes: ["tasks:read"],
    description: "tasks only",
  },
  {
    client_id: "sandbox-locations",
    secret: "sandbox-locations-secret",
    scopes: ["locations:read"],
    description: "locations only",
  },
  {
    client_id: "sandbox-revoked",
    secret: "sandbox-revoked-secret",
    scopes: SCOPES,
    description: "revoked",
    revoked: true,
  },
  {
    client_id: "sandbox-expired",
    secret: "sandbox-expired-secret",
    scopes: SCOPES,
    description: "expired",
    expired: true,
  },
  { client_id: "sandbox-special", secret: "p+s/w:rd%é", scopes: SCOPES, description: "Basic-auth encoding" },
];

export function fixtureClientRecords(): NewClient[] {
  return SANDBOX_FIXTURES.map((fixture) => ({
    client_id: fixture.client_id,
    secret_hash: hashClientSecret(fixture.secret),
    scopes: fixture.scopes,
    description: `sandbox fixture: ${fixture.description}`,
    expires_at: fixture.expired ? LONG_AGO : null,
    revoked_at: fixture.revoked ? LONG_AGO : null,
  }));
}
