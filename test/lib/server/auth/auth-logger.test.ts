import { JWTSessionError } from "@auth/core/errors";
import { decode, encode } from "next-auth/jwt";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authLogger } from "@/lib/server/auth/auth-logger";
import type * as LoggerModule from "@/lib/server/log/dashboard-logger";
import { capturingLogger } from "../log/capture";

// Auth.js wraps whatever its session check throws, decrypting the cookie or in our jwt callback,
// in one JWTSessionError (@auth/core/lib/actions/session.js). Only a cookie that does not decrypt
// is a forgery; anything else is a fault of ours and must not hide behind that message.

const log = vi.hoisted(() => ({ current: undefined as undefined | ReturnType<typeof capturingLogger> }));

vi.mock("@/lib/server/log/dashboard-logger", async (importOriginal) => ({
  ...(await importOriginal<typeof LoggerModule>()),
  dashboardLogger: () => log.current!.logger,
}));

/** As Auth.js's session action wraps a throw; its declared types admit only a message. */
const sessionError = (cause: unknown) => new (JWTSessionError as new (cause: unknown) => Error)(cause);

const SECRET = "auth-logger-test-secret-".padEnd(40, "x");
const SALT = "authjs.session-token";

/** What Auth.js's decode throws for this cookie value. */
async function decodeFailure(token: string): Promise<unknown> {
  return decode({ token, secret: SECRET, salt: SALT }).then(
    () => expect.unreachable("decoded"),
    (error: unknown) => error,
  );
}

beforeEach(() => {
  log.current = capturingLogger();
});

describe("Auth.js's session errors in the log", () => {
  it("name a cookie that does not decrypt as forged, at warn", async () => {
    const otherSecrets = await encode({
      token: { sid: "s" },
      secret: "another-secret-".padEnd(40, "y"),
      salt: SALT,
    });
    authLogger()!.error!(sessionError(await decodeFailure("forged-0")));
    const lines = log.current!.lines;
    expect(lines).toMatchObject([{ level: "warn" }]);
    expect(String(lines[0]!.msg)).toMatch(/does not decrypt/);
    // Another kind of undecryptable cookie, within the minute: counted, not logged.
    authLogger()!.error!(sessionError(await decodeFailure(otherSecrets)));
    expect(lines).toHaveLength(1);
  });

  it("log a fault inside the session check at error, not as a forged cookie", () => {
    authLogger()!.error!(sessionError(new TypeError("Cannot read properties of undefined")));
    const lines = log.current!.lines;
    expect(lines).toMatchObject([{ level: "error" }]);
    expect(String(lines[0]!.msg)).not.toMatch(/decrypt|forged/);
    expect(log.current!.text()).toContain("Cannot read properties of undefined");
  });
});
