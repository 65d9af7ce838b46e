// Issues and verifies the service's access tokens: ES256 JWTs of type at+jwt (RFC 9068).
import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { KeyRing } from "./key-ring";
import { SIGNING_ALGORITHM } from "./signing-key";

export const TOKEN_LIFETIME_SECONDS = 3600;

export interface TokenSubject {
  clientId: string;
  scopes: ReadonlySet<string>;
}

export class AccessTokens {
  constructor(
    private readonly keys: KeyRing,
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

  async issue(clientId: string, scope: string): Promise<string> {
    const key = await this.keys.signingKey();
    return new SignJWT({ client_id: clientId, scope })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: "at+jwt" })
      .setIssuer(this.issuer)
      .setSubject(clientId)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .setJti(randomUUID())
      .sign(key.privateKey);
  }

  /** Undefined for anything that is not a valid, unexpired token of ours; never throws. */
  async verify(token: string): Promise<TokenSubject | undefined> {
    try {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = await this.keys.verificationKey(header.kid);
          if (!key) throw new Error("unknown kid");
          return key;
        },
        {
          issuer: this.issuer,
          audience: this.audience,
          algorithms: [SIGNING_ALGORITHM],
          typ: "at+jwt",
          requiredClaims: ["sub", "client_id", "scope", "iat", "exp", "jti"],
        },
      );
      if (typeof payload.scope !== "string" || payload.client_id !== payload.sub || !payload.sub)
        return undefined;
      return { clientId: payload.sub, scopes: new Set(payload.scope.split(" ")) };
    } catch {
      return undefined;
    }
  }
}
