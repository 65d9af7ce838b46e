// `vts clients create|list|revoke|rotate-secret`: secrets are printed once and stored only as a hash.
import { generateClientSecret, hashClientSecret } from "../auth/client-secrets";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { parseWrittenInstant } from "../../../contract/query/instant-text";
import { formatScopes, isScope, SCOPES } from "../domain/scopes";
import {
  clientState,
  findClient,
  insertClient,
  listClients,
  replaceClientSecret,
  revokeClient,
  type NewClient,
} from "../repositories/clients-repository";
import type { Store } from "../store/store";
import { UsageError } from "./usage-error";

export interface CreateClientOptions {
  id: string;
  scopes: string;
  expires?: string | undefined;
  description?: string | undefined;
}

/** The client `clients create` was asked for, its options checked; the secret comes at creation. */
type ClientToCreate = Omit<NewClient, "secret_hash">;

/** Checks `clients create`'s options without the store, so a mistake in them is told before it opens. */
export function readClientToCreate(options: CreateClientOptions, now: Date): ClientToCreate {
  if (!IDENTIFIER_PATTERN.test(options.id))
    throw new UsageError('--id: letters, digits, ".", "_", ":" or "-"');
  const scopes = options.scopes.split(/[\s,]+/).filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0)
    throw new UsageError(`--scopes: choose from ${SCOPES.join(", ")}`);
  return {
    client_id: options.id,
    scopes: formatScopes(scopes).split(" "),
    description: options.description ?? "",
    expires_at: options.expires === undefined ? null : readExpiry(options.expires, now),
  };
}

export async function createClient(store: Store, client: ClientToCreate): Promise<string> {
  const secret = generateClientSecret();
  const created = await insertClient(store, { ...client, secret_hash: hashClientSecret(secret) });
  if (!created) throw new UsageError(`client "${client.client_id}" exists already`);
  return secret;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `--expires`: a plain date, meaning 00:00 UTC as that day begins, or an instant as the API reads
 * one (instant-text.ts), never in the runtime's local zone. A client that would be created already
 * expired is refused: its secret could never be used.
 */
function readExpiry(text: string, now: Date): Date {
  const epochMs = parseWrittenInstant(PLAIN_DATE.test(text) ? `${text}T00:00:00Z` : text);
  if (epochMs === undefined) {
    throw new UsageError(
      "--expires: a date (2027-06-30, which means 2027-06-30T00:00:00Z) or a timestamp with Z or an offset (2027-06-30T17:00:00+02:00)",
    );
  }
  const expires = new Date(epochMs);
  if (epochMs <= now.getTime()) {
    throw new UsageError(
      `--expires: ${expires.toISOString()} has passed; a client must expire in the future`,
    );
  }
  return expires;
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

/**
 * A revoked or expired client stays so (nothing brings it back), so a new secret for it would not
 * work and is never printed. The secret is written before the client is read, in one transaction:
 * the write holds the client's row, so a revoke cannot land between the check and the write, and a
 * refusal rolls the write back.
 */
export async function rotateSecret(store: Store, clientId: string): Promise<string> {
  const secret = generateClientSecret();
  await store.transaction(async (tx) => {
    const client = (await replaceClientSecret(tx, clientId, hashClientSecret(secret)))
      ? await findClient(tx, clientId)
      : undefined;
    if (!client) throw new UsageError(`no client "${clientId}"`);
    const state = clientState(client, new Date());
    if (state !== "active") {
      throw new UsageError(
        `client "${clientId}" is ${state}, so a new secret would not work; create a new client instead`,
      );
    }
  });
  return secret;
}
