// loadConfig: the one validated reading of the environment.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importSigningKeyPem } from "../../src/auth/signing-key";
import { ConfigError, loadConfig } from "../../src/config";

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("gives the documented defaults for an empty environment", () => {
    expect(loadConfig({})).toEqual({
      host: "127.0.0.1",
      port: 4010,
      mode: "production",
      dataDir: ".data/vts",
      databaseUrl: undefined,
      redisUrl: undefined,
      seed: 1,
      seedTasks: 50_000,
      rateLimitPerMinute: 60,
      rateLimitWindowSeconds: 60,
      tokenRateLimitPerMinute: 10,
      maxWindowDays: 92,
      issuer: "http://127.0.0.1:4010",
      audience: "http://127.0.0.1:4010/v1",
      signingKeyPem: undefined,
      trustProxy: false,
      logLevel: "info",
    });
  });

  it("counts empty strings as unset", () => {
    const names = [
      "VTS_HOST",
      "VTS_PORT",
      "VTS_MODE",
      "VTS_DATA_DIR",
      "DATABASE_URL",
      "REDIS_URL",
      "VTS_SEED",
      "VTS_SEED_TASKS",
      "VTS_RATE_LIMIT_PER_MIN",
      "VTS_RATE_LIMIT_WINDOW_SECONDS",
      "VTS_TOKEN_RATE_LIMIT_PER_MIN",
      "VTS_MAX_WINDOW_DAYS",
      "VTS_ISSUER",
      "VTS_SIGNING_KEY",
      "VTS_TRUST_PROXY",
      "VTS_LOG_LEVEL",
    ];
    expect(loadConfig(Object.fromEntries(names.map((name) => [name, ""])))).toEqual(loadConfig({}));
    expect(loadConfig({ VTS_PORT: undefined })).toEqual(loadConfig({}));
  });

  it("ignores variables it does not know", () => {
    expect(loadConfig({ PATH: "/usr/bin", VTS_UNKNOWN: "x" })).toEqual(loadConfig({}));
  });
});

describe("loadConfig reads", () => {
  it("every variable", () => {
    const pem = privateKeyPem("ec", { namedCurve: "P-256" });
    expect(
      loadConfig({
        VTS_HOST: "0.0.0.0",
        VTS_PORT: "8080",
        VTS_MODE: "sandbox",
        VTS_DATA_DIR: "/var/lib/vts",
        DATABASE_URL: "postgresql://u:p@db:5432/vts",
        REDIS_URL: "rediss://cache:6380",
        VTS_SEED: "42",
        VTS_SEED_TASKS: "1000",
        VTS_RATE_LIMIT_PER_MIN: "120",
        VTS_RATE_LIMIT_WINDOW_SECONDS: "15",
        VTS_TOKEN_RATE_LIMIT_PER_MIN: "20",
        VTS_MAX_WINDOW_DAYS: "31",
        VTS_SIGNING_KEY: pem,
        VTS_TRUST_PROXY: "true",
        VTS_LOG_LEVEL: "warn",
      }),
    ).toEqual({
      host: "0.0.0.0",
      port: 8080,
      mode: "sandbox",
      dataDir: "/var/lib/vts",
      databaseUrl: "postgresql://u:p@db:5432/vts",
      redisUrl: "rediss://cache:6380",
      seed: 42,
      seedTasks: 1000,
      rateLimitPerMinute: 120,
      rateLimitWindowSeconds: 15,
      tokenRateLimitPerMinute: 20,
      maxWindowDays: 31,
      issuer: "http://0.0.0.0:8080",
      audience: "http://0.0.0.0:8080/v1",
      signingKeyPem: pem,
      trustProxy: true,
      logLevel: "warn",
    });
  });

  it.each([
    ["0", 0],
    ["65535", 65_535],
  ])("VTS_PORT=%s at the edge of its range", (value, port) => {
    expect(loadConfig({ VTS_PORT: value }).port).toBe(port);
  });

  it.each([
    ["VTS_MAX_WINDOW_DAYS", "1"],
    ["VTS_MAX_WINDOW_DAYS", "3660"],
    ["VTS_RATE_LIMIT_PER_MIN", "1"],
    ["VTS_RATE_LIMIT_PER_MIN", "1000000000"],
    ["VTS_SEED", "0"],
    ["VTS_SEED", "2147483647"],
    ["VTS_SEED_TASKS", "5000000"],
  ])("%s=%s at the edge of its range", (name, value) => {
    expect(() => loadConfig({ [name]: value })).not.toThrow();
  });
});

/** A new private key's PKCS#8 PEM, or another encoding `generateKeyPairSync` writes. */
function privateKeyPem(
  type: "ec" | "rsa",
  options: { namedCurve?: string; modulusLength?: number },
  encoding: { type: "pkcs8" | "sec1"; cipher?: string; passphrase?: string } = { type: "pkcs8" },
): string {
  const generate = generateKeyPairSync as (
    type: string,
    options: object,
  ) => { privateKey: string; publicKey: string };
  return generate(type, {
    ...options,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { ...encoding, format: "pem" },
  }).privateKey;
}

describe("VTS_SIGNING_KEY", () => {
  const p256 = privateKeyPem("ec", { namedCurve: "P-256" });

  // The check at load must pass exactly what the import at start can sign with, or a start opens
  // (and in sandbox mode fills) the store before it fails on the key, without naming the setting.
  it.each([
    ["as it is", p256],
    ["on one line, each line break written as \\n", p256.trim().replace(/\n/g, "\\n")],
    ["with a line break around it", `\n${p256}\n`],
  ])("takes the PKCS#8 PEM of an EC P-256 key %s, and the key imports", async (_how, pem) => {
    expect(loadConfig({ VTS_SIGNING_KEY: pem }).signingKeyPem).toBe(pem);
    await expect(importSigningKeyPem(pem)).resolves.toMatchObject({ publicJwk: { crv: "P-256" } });
  });

  it.each([
    [
      "a SEC1 EC key (openssl ecparam -genkey)",
      privateKeyPem("ec", { namedCurve: "P-256" }, { type: "sec1" }),
    ],
    [
      "an encrypted PKCS#8 key",
      privateKeyPem(
        "ec",
        { namedCurve: "P-256" },
        { type: "pkcs8", cipher: "aes-256-cbc", passphrase: "a passphrase" },
      ),
    ],
    ["a P-384 key", privateKeyPem("ec", { namedCurve: "P-384" })],
    ["an RSA key", privateKeyPem("rsa", { modulusLength: 2048 })],
    ["a key with text after it", `${p256}\nBag Attributes`],
    ["a damaged key", p256.replace(/\n[A-Za-z0-9+/]{8}/, "\nAAAAAAAA")],
    [
      "a public key",
      "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
    ],
  ])("refuses %s, naming the setting and what it expects", async (_what, pem) => {
    const message = configError({ VTS_SIGNING_KEY: pem }).message;
    expect(message).toMatch(
      /^ {2}VTS_SIGNING_KEY: .+; expected the PKCS#8 PEM .* of an unencrypted EC P-256 key/m,
    );
    // What the check refuses, the import would have refused too, only later.
    await expect(importSigningKeyPem(pem)).rejects.toThrow();
  });

  it("tells how to convert a SEC1 key", () => {
    const sec1 = privateKeyPem("ec", { namedCurve: "P-256" }, { type: "sec1" });
    expect(configError({ VTS_SIGNING_KEY: sec1 }).message).toContain("openssl pkcs8 -topk8 -nocrypt");
  });
});

describe("issuer and audience", () => {
  it("derive from host and port without VTS_ISSUER", () => {
    const config = loadConfig({ VTS_HOST: "vts.internal", VTS_PORT: "9000" });
    expect(config.issuer).toBe("http://vts.internal:9000");
    expect(config.audience).toBe("http://vts.internal:9000/v1");
  });

  it.each([
    ["https://vts.example.com", "https://vts.example.com/v1"],
    ["https://vts.example.com/", "https://vts.example.com/v1"],
    ["https://vts.example.com///", "https://vts.example.com/v1"],
    ["https://example.com/fleet/vts", "https://example.com/fleet/vts/v1"],
  ])("VTS_ISSUER=%s gives the audience %s and is kept as given", (issuer, audience) => {
    const config = loadConfig({ VTS_ISSUER: issuer, VTS_HOST: "0.0.0.0", VTS_PORT: "1" });
    expect(config.issuer).toBe(issuer);
    expect(config.audience).toBe(audience);
  });
});

describe("invalid values give a ConfigError naming the variable", () => {
  it.each([
    ["VTS_PORT", "abc"],
    ["VTS_PORT", "-1"],
    ["VTS_PORT", "65536"],
    ["VTS_PORT", "80.5"],
    ["VTS_MODE", "development"],
    ["VTS_MODE", "Sandbox"],
    ["DATABASE_URL", "mysql://db/vts"],
    ["DATABASE_URL", "db:5432"],
    ["REDIS_URL", "http://cache:6379"],
    ["VTS_SEED", "-1"],
    ["VTS_SEED", "2147483648"],
    ["VTS_SEED", "1.5"],
    ["VTS_SEED_TASKS", "0"],
    ["VTS_SEED_TASKS", "5000001"],
    ["VTS_RATE_LIMIT_PER_MIN", "0"],
    ["VTS_RATE_LIMIT_PER_MIN", "lots"],
    ["VTS_TOKEN_RATE_LIMIT_PER_MIN", "0"],
    ["VTS_TOKEN_RATE_LIMIT_PER_MIN", "1000000001"],
    ["VTS_MAX_WINDOW_DAYS", "0"],
    ["VTS_MAX_WINDOW_DAYS", "3661"],
    ["VTS_MAX_WINDOW_DAYS", "Infinity"],
    ["VTS_SIGNING_KEY", "not a key"],
    ["VTS_TRUST_PROXY", "yes"],
    ["VTS_TRUST_PROXY", "1"],
    ["VTS_LOG_LEVEL", "verbose"],
  ])("%s=%s", (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).toMatch(/^Invalid configuration:/);
  });

  it("names every invalid variable at once", () => {
    const error = configError({ VTS_PORT: "x", VTS_MODE: "y", VTS_LOG_LEVEL: "z" });
    for (const name of ["VTS_PORT", "VTS_MODE", "VTS_LOG_LEVEL"]) expect(error.message).toContain(name);
  });

  // An integer setting is plain decimal digits: Number() would also read " ", "0x1F" and "1e3",
  // so a stray space would silently start the service on port 0 (a random port) or seed 0.
  it.each([
    ["VTS_PORT", " "],
    ["VTS_PORT", "0x1F90"],
    ["VTS_PORT", "4e3"],
    ["VTS_SEED", "  "],
    ["VTS_RATE_LIMIT_PER_MIN", "1e3"],
    ["VTS_MAX_WINDOW_DAYS", "0x10"],
  ])("%s=%j (not plain decimal digits)", (name, value) => {
    expect(configError({ [name]: value }).message).toContain(name);
  });
});
