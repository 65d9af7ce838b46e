// Token signing keys. Old keys stay so tokens they signed verify until they expire.
import type { JWK } from "jose";
import type { SqlExecutor } from "../store/store";

export interface SigningKeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK | null;
  created_at: Date;
  active: boolean;
}

export async function listSigningKeys(db: SqlExecutor): Promise<SigningKeyRow[]> {
  return db.query<SigningKeyRow>(
    "SELECT kid, public_jwk, private_jwk, created_at, active FROM signing_keys ORDER BY created_at, kid",
  );
}

/** Makes the given key the one new tokens are signed with; the previous active key stays verifiable. */
export async function insertActiveSigningKey(
  db: SqlExecutor,
  key: { kid: string; public_jwk: JWK; private_jwk: JWK },
): Promise<void> {
  await db.query("UPDATE signing_keys SET active = false WHERE active");
  await db.query(
    "INSERT INTO signing_keys (kid, public_jwk, private_jwk, active) VALUES ($1, $2::jsonb, $3::jsonb, true)",
    [key.kid, JSON.stringify(key.public_jwk), JSON.stringify(key.private_jwk)],
  );
}

/** A configured key is published (public half only) so it stays verifiable after the operator replaces it. */
export async function publishConfiguredKey(db: SqlExecutor, kid: string, publicJwk: JWK): Promise<void> {
  await db.query(
    "INSERT INTO signing_keys (kid, public_jwk) VALUES ($1, $2::jsonb) ON CONFLICT (kid) DO NOTHING",
    [kid, JSON.stringify(publicJwk)],
  );
}
