// The sandbox service's documented clients (task-service/src/seeding/fixture-clients.ts), for
// programs and tests that configure the dashboard or call the service as one of them.
import { checkedFetch } from "../contract/conformance/checked-fetch";
import { serviceContract } from "../contract/conformance/documents";

export const SANDBOX_CLIENTS = {
  full: { id: "sandbox-full", secret: "sandbox-full-secret" },
  special: { id: "sandbox-special", secret: "p+s/w:rd%é" },
  tasks: { id: "sandbox-tasks", secret: "sandbox-tasks-secret" },
} as const;

export type SandboxClient = (typeof SANDBOX_CLIENTS)[keyof typeof SANDBOX_CLIENTS];

/** A bearer token from the service's token endpoint (HTTP Basic, RFC 6749 2.3.1 encoding). */
export async function clientToken(
  baseUrl: string,
  client: { id: string; secret: string },
  scope?: string,
): Promise<string> {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, "+");
  const response = await checkedFetch(serviceContract, `${baseUrl}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${encode(client.id)}:${encode(client.secret)}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) }).toString(),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`token for ${client.id}: ${response.status} ${text}`);
  return (JSON.parse(text) as { access_token: string }).access_token;
}
