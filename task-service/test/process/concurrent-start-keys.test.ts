// Two instances starting at the same moment on an empty database. Seen between real processes in
// shared-redis.test.ts (about one start in five): both created a signing key, and for the first
// seconds one instance refused the other's tokens (401). A race between processes cannot be
// timed from outside, so this replays the losing order exactly, in one process, on real
// PostgreSQL: nothing is mocked, one instance's transaction merely starts a moment later.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AccessTokens } from "../../src/auth/access-tokens";
import { KeyRing } from "../../src/auth/key-ring";
import { listSigningKeys } from "../../src/repositories/signing-keys-repository";
import { openStore } from "../../src/store/open-store";
import type { Store } from "../../src/store/store";
import { scratchDatabase } from "../../../harness/local-postgres";

const ISSUER = "http://vts.test";
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let stores: Store[] = [];
let tokensA: AccessTokens;
let tokenFromB: string;
let keysStored = 0;

beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "key_race");
  const open = () => openStore({ databaseUrl: database.url, dataDir: undefined });
  const [storeA, storeB] = await Promise.all([open(), open()]);
  stores = [storeA, storeB];

  // B has looked for a key and found none; its transaction that creates one waits until A has
  // created and committed its own.
  let aCommitted!: () => void;
  const aDone = new Promise<void>((resolve) => (aCommitted = resolve));
  let bWaits!: () => void;
  const bReady = new Promise<void>((resolve) => (bWaits = resolve));
  const lateB: Store = {
    ...storeB,
    async transaction(work) {
      bWaits();
      await aDone;
      return storeB.transaction(work);
    },
  };
  const ringB = KeyRing.open(lateB, undefined);
  await bReady;
  const ringA = await KeyRing.open(storeA, undefined);
  aCommitted();

  tokensA = new AccessTokens(ringA, ISSUER, `${ISSUER}/v1`);
  const tokensB = new AccessTokens(await ringB, ISSUER, `${ISSUER}/v1`);
  tokenFromB = await tokensB.issue("sandbox-full", "tasks:read");
  keysStored = (await listSigningKeys(storeA)).length;
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database?.drop();
});

describe("two instances that created their signing keys at the same moment", () => {
  // Bug: KeyRing.open relies on the one-active-key index to let only one insert win, but
  // insertActiveSigningKey first deactivates the active key, so the later instance deactivates
  // the earlier one's fresh key and adds its own. The earlier instance never loaded that key and,
  // within 5 s of its last load, refuses an unknown kid without reloading.
  // Fix: create the first key under an advisory lock, re-reading inside the transaction and
  // inserting only when no active key exists (keep the deactivate-and-insert for `keys rotate`).
  it("accept each other's tokens right away", async () => {
    const verified = await tokensA.verify(tokenFromB);
    expect(verified, `${keysStored} signing keys stored`).toMatchObject({ clientId: "sandbox-full" });
  });
});
