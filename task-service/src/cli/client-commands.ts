// `vts clients create|list|revoke|rotate-secret`: secrets are printed once and stored only as a hash.
import { generateClientSecret, hashClientSecret } from "../auth/client-secrets";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { formatScopes, isScope, SCOPES } from "../domain/scopes";
import {
  clientState,
  insertClient,
  listClients,
  replaceClientSecret,
  revokeClient,
} from "../repositories/clients-repository";
import type { Store } from "../store/store";
import { UsageError } from "./usage-error";

export interface CreateClientOptions {
  id: string;
  scopes: string;
  expires?: string | undefined;
  description?: string | undefined;
}

export async function createClient(store: Store, options: CreateClientOptions): Promise<string> {
  if (!IDENTIFIER_PATTERN.test(options.id))
    throw new UsageError('--id: letters, digits, ".", "_", ":" or "-"');
  const scopes = options.scopes.split(/[\s,]+/).filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0)
    throw new UsageError(`--scopes: choose from ${SCOPES.join(", ")}`);
  const expires = options.expires === undefined ? null : new Date(options.expires);
  if (expires && Number.isNaN(expires.getTime()))
    throw new UsageError("--expires: an ISO 8601 date or timestamp");
  const secret = generateClientSecret();
  const created = await insertClient(store, {
    client_id: options.id,
    secret_hash: hashClientSecret(secret),
    scopes: formatScopes(scopes).split(" "),
    description: options.description ?? "",
    expires_at: expires,
  });
  if (!created) throw new UsageError(`client "${options.id}" exists already`);
  return secret;
}

export async function describeClients(store: Store): Promise<string> {
  const now = new Date();
  const rows = (await listClients(store)).map((client) =>
    [
      client.client_id,
      clientState(client, now),
      client.scopes.join(" "),
      client.expires_at?.toISOString() ?? "-",
      client.description,
    ].join("\t"),
  );
  return ["client_id\tstate\tscopes\texpires\tdescription", ...rows].join("\n");
}

export async function revoke(store: Store, clientId: string): Promise<void> {
  if (!(await revokeClient(store, clientId))) throw new UsageError(`no client "${clientId}"`);
}

export async function rotateSecret(store: Store, clientId: string): Promise<string> {
  const secret = generateClientSecret();
  if (!(await replaceClientSecret(store, clientId, hashClientSecret(secret)))) {
    throw new UsageError(`no client "${clientId}"`);
  }
  return secret;
}
