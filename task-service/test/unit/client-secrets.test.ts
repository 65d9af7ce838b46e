// Client secrets: generated with 256 bits, stored as a digest, verified in constant time (decisions.md).
import { describe, expect, it } from "vitest";
import { generateClientSecret, hashClientSecret, verifyClientSecret } from "../../src/auth/client-secrets";

describe("generateClientSecret", () => {
  it("gives 43 base64url characters, i.e. 256 bits", () => {
    for (let i = 0; i < 50; i++) {
      const secret = generateClientSecret();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret, "base64url")).toHaveLength(32);
    }
  });

  it("never repeats itself", () => {
    const secrets = new Set(Array.from({ length: 1000 }, generateClientSecret));
    expect(secrets.size).toBe(1000);
  });
});

describe("hashClientSecret", () => {
  it("does not contain the secret and is stable", () => {
    const secret = generateClientSecret();
    const hash = hashClientSecret(secret);
    expect(hash).not.toContain(secret);
    expect(hash).not.toBe(secret);
    expect(hashClientSecret(secret)).toBe(hash);
  });

  it("differs for different secrets, including ones that differ in Unicode normalisation", () => {
    expect(hashClientSecret("a")).not.toBe(hashClientSecret("b"));
    expect(hashClientSecret("\u00e9")).not.toBe(hashClientSecret("e\u0301"));
  });
});

describe("verifyClientSecret", () => {
  const secret = "p+s/w:rd%é";
  const stored = hashClientSecret(secret);

  it("accepts the secret", () => {
    expect(verifyClientSecret(secret, stored)).toBe(true);
  });

  it.each([
    ["another secret", "wrong"],
    ["the empty string", ""],
    ["a prefix", secret.slice(0, -1)],
    ["a longer secret", `${secret} `],
    ["another case", secret.toUpperCase()],
    ["the stored hash itself", stored],
  ])("refuses %s", (_name, presented) => {
    expect(verifyClientSecret(presented, stored)).toBe(false);
  });

  it("refuses everything for an unknown client (no stored hash)", () => {
    expect(verifyClientSecret(secret, undefined)).toBe(false);
    expect(verifyClientSecret("", undefined)).toBe(false);
  });

  it("refuses a stored value of another shape without throwing", () => {
    expect(verifyClientSecret(secret, "")).toBe(false);
    expect(verifyClientSecret(secret, "sha256:short")).toBe(false);
    expect(verifyClientSecret(secret, secret)).toBe(false);
  });
});
