import "server-only";
import { decode } from "next-auth/jwt";
import { dashboardEnv } from "../env";
import { isLiveSession, sessionClaims, type SessionClaims } from "./session-check";

// The dashboard API's session check. Auth.js's auth() in a route handler decrypts the session
// cookie and then encrypts a renewed one that the route's answer never carries, and proxy.ts did
// the same again before it: four key derivations and two JWE operations per API request, the
// largest share of the dashboard's CPU under load (bench:bff profile). Here the cookie is only
// decrypted, once per distinct cookie value: the same value always decrypts to the same claims,
// so those are kept until they expire. Whether the session still counts (session-check.ts) is
// asked every time.
// Pages (through proxy.ts) still renew the cookie.

/** Auth.js's names: `__Secure-` when the session was set over https. */
const COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
const MAX_CACHED = 1_000;

const decoded = new Map<string, SessionClaims>();

/** The signed-in staff member's email, or undefined for no, a bad, an expired or a signed-out session. */
export async function apiSessionEmail(cookieHeader: string | null): Promise<string | undefined> {
  const found = sessionCookie(cookieHeader);
  if (!found) return undefined;
  const claims = decoded.get(found.value) ?? (await decodeClaims(found.name, found.value));
  if (!claims) return undefined;
  return (await isLiveSession(claims)) ? claims.email : undefined;
}

async function decodeClaims(name: string, value: string): Promise<SessionClaims | undefined> {
  const token = await decode({ token: value, secret: dashboardEnv().AUTH_SECRET, salt: name }).catch(
    () => null,
  );
  if (!token || typeof token.exp !== "number" || typeof token.iat !== "number") return undefined;
  const claims = sessionClaims(token);
  if (decoded.size >= MAX_CACHED) decoded.delete(decoded.keys().next().value as string);
  decoded.set(value, claims);
  return claims;
}

/** The session cookie by either name; Auth.js splits one over 4 kB into `name.0`, `name.1`, ... */
function sessionCookie(header: string | null): { name: string; value: string } | undefined {
  if (!header) return undefined;
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals > 0) cookies.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  for (const name of COOKIE_NAMES) {
    const whole = cookies.get(name);
    if (whole) return { name, value: whole };
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i += 1) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length > 0) return { name, value: chunks.join("") };
  }
  return undefined;
}
