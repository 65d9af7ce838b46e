// ES256 key material: generation, import of an operator's PEM, and the kid (RFC 7638 thumbprint).
import { createPrivateKey, type KeyObject } from "node:crypto";
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

/** ES256 signs with P-256, which OpenSSL (and so node:crypto) names prime256v1. */
const SIGNING_CURVE = "prime256v1";
const EXPECTED_KEY = 'the PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") of an unencrypted EC P-256 key';
const TO_PKCS8 = "openssl pkcs8 -topk8 -nocrypt -in KEY.pem";

/**
 * The PEM an operator's setting holds. An environment file on one line writes each line break as
 * the two characters \n; the import reads the PEM from its first character, so spaces around it go.
 */
function pemOf(setting: string): string {
  return setting.replace(/\\n/g, "\n").trim();
}

/** One PKCS#8 block and nothing around it: the import decodes everything between its two lines. */
const PKCS8_PEM = /^-----BEGIN PRIVATE KEY-----[A-Za-z0-9+/=\s]+-----END PRIVATE KEY-----$/;

/**
 * Why an operator's PEM cannot sign tokens, or undefined when it can. Synchronous, so the
 * configuration is refused at load, before the store is opened, for what the import would refuse.
 */
export function signingKeyPemProblem(setting: string): string | undefined {
  const pem = pemOf(setting);
  if (!PKCS8_PEM.test(pem)) {
    const [problem, remedy] = layoutProblem(pem);
    return `${problem}; expected ${EXPECTED_KEY}${remedy ? `. ${remedy}` : ""}`;
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    return `is not a readable private key; expected ${EXPECTED_KEY}`;
  }
  if (key.asymmetricKeyType !== "ec") {
    return `is a key of type ${(key.asymmetricKeyType ?? "unknown").toUpperCase()}; expected ${EXPECTED_KEY}`;
  }
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (curve !== SIGNING_CURVE)
    return `is an EC key on ${curve ?? "an unnamed curve"}; expected ${EXPECTED_KEY}`;
  return undefined;
}

/** What is wrong with the PEM's blocks, and the command that mends it where one does. */
function layoutProblem(pem: string): [problem: string, remedy?: string] {
  const labels = [...pem.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----/g)].map((match) => match[1]);
  if (labels.includes("EC PRIVATE KEY")) {
    return [
      'is a SEC1 EC key ("-----BEGIN EC PRIVATE KEY-----", as openssl ecparam -genkey writes it)',
      `Convert it with: ${TO_PKCS8}`,
    ];
  }
  if (labels.includes("ENCRYPTED PRIVATE KEY")) return ["is encrypted", `Decrypt it with: ${TO_PKCS8}`];
  if (labels.includes("PRIVATE KEY")) return ["holds more than one PEM block, or text around it"];
  return [labels[0] === undefined ? "is not a PEM" : `is a "${labels[0]}" PEM`];
}

/** Imports a PEM that signingKeyPemProblem accepted (the configuration checked it at load). */
export async function importSigningKeyPem(setting: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pemOf(setting), SIGNING_ALGORITHM, { extractable: true });
  return { privateKey, ...(await publicJwkOf(await exportJWK(privateKey))) };
}
