// OAuth clients: who may ask for tokens, with which scopes, until when.
import type { SqlExecutor } from "../store/store";

export interface ClientRecord {
  client_id: string;
  secret_hash: string;
  scopes: string[];
  description: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
}

export type ClientState = "active" | "revoked" | "expired";

export function clientState(client: ClientRecord, now: Date): ClientState {
  if (client.revoked_at !== null) return "revoked";
  if (client.expires_at !== null && client.expires_at.getTime() <= now.getTime()) return "expired";
  return "active";
}

const COLUMNS = "client_id, secret_hash, scopes, description, created_at, expires_at, revoked_at";

export async function findClient(db: SqlExecutor, clientId: string): Promise<ClientRecord | undefined> {
  const rows = await db.query<ClientRecord>(`SELECT ${COLUMNS} FROM clients WHERE client_id = $1`, [
    clientId,
  ]);
  return rows[0];
}

export async function listClients(db: SqlExecutor): Promise<ClientRecord[]> {
  return db.query<ClientRecord>(`SELECT ${COLUMNS} FROM clients ORDER BY client_id`);
}

export interface NewClient {
  client_id: string;
  secret_hash: string;
  scopes: readonly string[];
  description: string;
  expires_at: Date | null;
  revoked_at?: Date | null;
}

function clientParams(client: NewClient): unknown[] {
  return [
    client.client_id,
    client.secret_hash,
    client.scopes,
    client.description,
    client.expires_at?.toISOString() ?? null,
    client.revoked_at?.toISOString() ?? null,
  ];
}

/** Returns false when the id is taken. */
export async function insertClient(db: SqlExecutor, client: NewClient): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO clients (client_id, secret_hash, scopes, description, expires_at, revoked_at)
     VALUES ($1, $2, $3::text[], $4, $5::timestamptz, $6::timestamptz)
     ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
    clientParams(client),
  );
  return rows.length === 1;
}

/** Sandbox fixtures are rewritten at every start so their documented state always holds. */
export async function upsertClient(db: SqlExecutor, client: NewClient): Promise<void> {
  await db.query(
    `INSERT INTO clients (client_id, secret_hash, scopes, description, expires_at, revoked_at)
     VALUES ($1, $2, $3::text[], $4, $5::timestamptz, $6::timestamptz)
     ON CONFLICT (client_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, scopes = EXCLUDED.scopes,
       description = EXCLUDED.description, expires_at = EXCLUDED.expires_at, revoked_at = EXCLUDED.revoked_at`,
    clientParams(client),
  );
}

export async function revokeClient(db: SqlExecutor, clientId: string): Promise<boolean> {
  const rows = await db.query(
    "UPDATE clients SET revoked_at = coalesce(revoked_at, now()) WHERE client_id = $1 RETURNING client_id",
    [clientId],
  );
  return rows.length === 1;
}

export async function replaceClientSecret(
  db: SqlExecutor,
  clientId: string,
  secretHash: string,
): Promise<boolean> {
  const rows = await db.query(
    "UPDATE clients SET secret_hash = $2 WHERE client_id = $1 RETURNING client_id",
    [clientId, secretHash],
  );
  return rows.length === 1;
}
