// The keys this instance signs with and accepts. Reloaded from the store now and then, so a
// rotation done by the CLI or another instance is picked up without a restart.
import { importJWK, type CryptoKey, type JWK } from "jose";
import {
  insertActiveSigningKey,
  listSigningKeys,
  publishConfiguredKey,
  type SigningKeyRow,
} from "../repositories/signing-keys-repository";
import type { Store } from "../store/store";
import { generateSigningKey, importSigningKeyPem, SIGNING_ALGORITHM, type SigningKey } from "./signing-key";

const RELOAD_INTERVAL_MS = 60_000;
const UNKNOWN_KID_RELOAD_MS = 1_000;
const FIRST_KEY_LOCK = 7_315_003;

export class KeyRing {
  private signer: SigningKey | undefined;
  private verifiers = new Map<string, CryptoKey>();
  private published: JWK[] = [];
  private loadedAt = 0;

  private constructor(
    private readonly store: Store,
    private readonly configured: SigningKey | undefined,
    private readonly onReloadError: (error: unknown) => void,
  ) {}

  /** `onReloadError` hears of a periodic reload that failed (signing goes on with the keys held). */
  static async open(
    store: Store,
    configuredPem: string | undefined,
    onReloadError: (error: unknown) => void = () => {},
  ): Promise<KeyRing> {
    const configured = configuredPem ? await importSigningKeyPem(configuredPem) : undefined;
    if (configured) await publishConfiguredKey(store, configured.kid, configured.publicJwk);
    const ring = new KeyRing(store, configured, onReloadError);
    await ring.reload();
    if (!ring.signer) {
      // Several instances may start at once: under a lock, only the first creates the key and the
      // others find it, so no instance signs with a key the others have never loaded.
      const fresh = await generateSigningKey();
      await store.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock($1)", [FIRST_KEY_LOCK]);
        const active = await tx.query("SELECT 1 FROM signing_keys WHERE active AND private_jwk IS NOT NULL");
        if (active.length > 0) return;
        await insertActiveSigningKey(tx, {
          kid: fresh.kid,
          public_jwk: fresh.publicJwk,
          private_jwk: fresh.privateJwk,
        });
      });
      await ring.reload();
    }
    if (!ring.signer) throw new Error("no signing key could be loaded or created");
    return ring;
  }

  async signingKey(): Promise<SigningKey> {
    // The keys held still sign validly: a store that cannot be read now must not fail a token
    // request that needs no store otherwise. loadedAt stays old, so the next request tries again.
    if (Date.now() - this.loadedAt > RELOAD_INTERVAL_MS) await this.reload().catch(this.onReloadError);
    return this.signer!;
  }

  /** Undefined for a kid this service never issued. */
  async verificationKey(kid: string | undefined): Promise<CryptoKey | undefined> {
    if (kid === undefined) return undefined;
    const known = this.verifiers.get(kid);
    if (known || Date.now() - this.loadedAt < UNKNOWN_KID_RELOAD_MS) return known;
    await this.reload();
    return this.verifiers.get(kid);
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.published };
  }

  private async reload(): Promise<void> {
    const rows = await listSigningKeys(this.store);
    const verifiers = new Map<string, CryptoKey>();
    for (const row of rows)
      verifiers.set(row.kid, (await importJWK(row.public_jwk, SIGNING_ALGORITHM)) as CryptoKey);
    this.verifiers = verifiers;
    this.published = rows.map(publicJwk);
    this.signer = this.configured ?? (await activeSigner(rows));
    this.loadedAt = Date.now();
  }
}

function publicJwk(row: SigningKeyRow): JWK {
  const { kty, crv, x, y } = row.public_jwk;
  return { kty, crv, x, y, kid: row.kid, use: "sig", alg: SIGNING_ALGORITHM };
}

async function activeSigner(rows: SigningKeyRow[]): Promise<SigningKey | undefined> {
  const active = rows.find((row) => row.active && row.private_jwk !== null);
  if (!active?.private_jwk) return undefined;
  const privateKey = (await importJWK(active.private_jwk, SIGNING_ALGORITHM)) as CryptoKey;
  return { kid: active.kid, privateKey, publicJwk: publicJwk(active) };
}
