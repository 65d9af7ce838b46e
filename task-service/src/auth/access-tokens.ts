// Issues and verifies the service's access tokens: ES256 JWTs of type at+jwt (RFC 9068).
import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import type { KeyRing } from "./key-ring";
import { SIGNING_ALGORITHM } from "./signing-key";

export const TOKEN_LIFETIME_SECONDS = 3600;

export interface TokenSubject {
  clientId: string;
  scopes: ReadonlySet<string>;
}

/** A token that passed verification once, with what is needed to accept it again. */
interface VerifiedToken {
  subject: TokenSubject;
  kid: string | undefined;
  /** The token's exp, in seconds since the epoch. */
  exp: number;
}

const MAX_VERIFIED_TOKENS = 10_000;

export class AccessTokens {
  /**
   * Tokens that verified, until their exp: a client presents the same token on every request, and
   * an ES256 verification is most of the fixed cost of a request. Only valid tokens are kept, so
   * garbage cannot evict them faster than real clients use them. The token's client is still
   * checked on every request by the caller (v1-guard), so revocation is not delayed by this cache.
   */
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: MAX_VERIFIED_TOKENS });

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
    const known = this.verified.get(token);
    if (known) {
      // Same exp rule as jwtVerify (no clock tolerance), and the key must still be one we accept.
      if (known.exp > Math.floor(Date.now() / 1000) && (await this.keys.verificationKey(known.kid)))
        return known.subject;
      this.verified.delete(token);
    }
    try {
      const { payload, protectedHeader } = await jwtVerify(
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
      const subject = { clientId: payload.sub, scopes: new Set(payload.scope.split(" ")) };
      if (typeof payload.exp === "number")
        this.verified.set(token, { subject, kid: protectedHeader.kid, exp: payload.exp });
      return subject;
    } catch {
      return undefined;
    }
  }
}
