// ES256 key material: generation, import of an operator's PEM, and the kid (RFC 7638 thumbprint).
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from "jose";

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export const SIGNING_ALGORITHM = "ES256";

async function publicJwkOf(privateJwk: JWK): Promise<{ kid: string; publicJwk: JWK }> {
  const { kty, crv, x, y } = privateJwk;
  const bare: JWK = { kty, crv, x, y };
  const kid = await calculateJwkThumbprint(bare);
  return { kid, publicJwk: { ...bare, kid, use: "sig", alg: SIGNING_ALGORITHM } };
}

export async function generateSigningKey(): Promise<SigningKey & { privateJwk: JWK }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return { privateKey, privateJwk, ...(await publicJwkOf(privateJwk)) };
}

export async function importSigningKeyPem(pem: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pem.replace(/\\n/g, "\n"), SIGNING_ALGORITHM, { extractable: true });
  return { privateKey, ...(await publicJwkOf(await exportJWK(privateKey))) };
}
