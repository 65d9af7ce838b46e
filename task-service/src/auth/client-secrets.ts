// Client secrets: 256 random bits, stored only as a digest, compared in constant time.
// A fast digest is enough because generated secrets carry 256 bits of entropy; a slow
// password hash would only make the token endpoint slow (its p99 target is 5 ms).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const PREFIX = "sha256:";

export function generateClientSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashClientSecret(secret: string): string {
  return PREFIX + createHash("sha256").update(secret, "utf8").digest("base64url");
}

/** Always does the same work, also for unknown clients (pass undefined), so timing reveals nothing. */
export function verifyClientSecret(secret: string, storedHash: string | undefined): boolean {
  const presented = Buffer.from(hashClientSecret(secret));
  const stored = Buffer.from(storedHash ?? hashClientSecret(randomBytes(16).toString("hex")));
  const lengthsMatch = presented.length === stored.length;
  const equal = timingSafeEqual(presented, lengthsMatch ? stored : presented);
  return lengthsMatch && equal && storedHash !== undefined;
}
