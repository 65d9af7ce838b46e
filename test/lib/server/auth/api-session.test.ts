import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSession, sessionClaims, signedOutUntilMs } from "@/lib/server/auth/session-check";
import {
  removeSingleSignOnMember,
  setSingleSignOnMember,
  setStaffAccess,
  setStaffDisabled,
  type RecordChange,
} from "@/lib/server/staff";
import { sessionRevocations } from "@/lib/server/auth/session-revocation";
import {
  listStaff,
  SECURE_SESSION_COOKIE as SECURE_NAME,
  SESSION_COOKIE as NAME,
  sessionCookieValue,
  stubDashboardEnv,
} from "../../support/session-cookie";

/** The staff file's changes here are about sessions; what the trail records is tested elsewhere. */
const unrecorded: RecordChange = async () => {};

const SECRET = "api-session-test-secret-".padEnd(40, "x");
const STAFF = ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"];
let staffFile: string;
let removeStaffFile = () => {};

beforeAll(() => {
  ({ staffFile, removeStaffFile } = stubDashboardEnv(SECRET, STAFF));
});
afterAll(() => removeStaffFile());

const apiSessionEmail = async (header: string | null) => (await apiSession(header))?.email;

const sessionToken = (
  claims: Record<string, unknown>,
  { salt = NAME, secret = SECRET, maxAge = 3600 } = {},
) => sessionCookieValue(claims, { secret, name: salt, maxAge });

describe("the dashboard API's session check", () => {
  it("knows the staff member by a live session cookie, under either of Auth.js's names", async () => {
    const plain = await sessionToken({ email: "a@example.com", sid: randomUUID() });
    const secure = await sessionToken({ email: "b@example.com", sid: randomUUID() }, { salt: SECURE_NAME });
    expect(await apiSessionEmail(`theme=dark; ${NAME}=${plain}`)).toBe("a@example.com");
    expect(await apiSessionEmail(`${SECURE_NAME}=${secure}; other=1`)).toBe("b@example.com");
  });

  it("reassembles a cookie Auth.js split into chunks", async () => {
    const token = await sessionToken({ email: "c@example.com", sid: randomUUID() });
    const half = Math.floor(token.length / 2);
    const header = `${NAME}.0=${token.slice(0, half)}; ${NAME}.1=${token.slice(half)}`;
    expect(await apiSessionEmail(header)).toBe("c@example.com");
  });

  it("refuses no cookie, a tampered one, another secret's, another name's, an expired one and one without an id", async () => {
    const token = await sessionToken({ email: "d@example.com", sid: randomUUID() });
    const tampered = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    const cases = [
      null,
      "",
      "theme=dark",
      `${NAME}=`,
      `${NAME}=${tampered}`,
      `${NAME}=not-a-jwe`,
      `${NAME}=${await sessionToken({ email: "d@example.com", sid: "s" }, { secret: "another-secret-".padEnd(40, "y") })}`,
      `${NAME}=${await sessionToken({ email: "d@example.com", sid: "s" }, { salt: SECURE_NAME })}`,
      `${NAME}=${await sessionToken({ email: "d@example.com", sid: "s" }, { maxAge: -3600 })}`,
      // Auth.js itself would still take this one (15 s clock tolerance).
      `${NAME}=${await sessionToken({ email: "d@example.com", sid: "s" }, { maxAge: -10 })}`,
      `${NAME}=${await sessionToken({ email: "d@example.com" })}`,
      `${NAME}=${await sessionToken({ sid: "s" })}`,
    ];
    for (const header of cases) expect(await apiSessionEmail(header), String(header)).toBeUndefined();
  });

  it("refuses a session from the moment it is signed out, though its cookie was accepted before", async () => {
    const sid = randomUUID();
    const header = `${NAME}=${await sessionToken({ email: "e@example.com", sid })}`;
    expect(await apiSessionEmail(header)).toBe("e@example.com");
    await (await sessionRevocations()).revoke(sid, Date.now() + 60_000);
    expect(await apiSessionEmail(header)).toBeUndefined();
  });

  it("keeps a signed-out session refused until its absolute end, past the signing-out cookie's expiry", () => {
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const claims = { email: "e@example.com", sid: "s", signedInAtMs: now - 2 * hour };
    // Signed out with a cookie renewed an hour ago (8 h): a copy renewed since outlives it.
    const signingOut = { ...claims, exp: Math.floor((now + 7 * hour) / 1000) };
    expect(signedOutUntilMs(signingOut, now)).toBe(now + 10 * hour);
    // A cookie without a sign-in time (refused anyway) is held for the longest a session lasts.
    expect(signedOutUntilMs({ ...signingOut, signedInAtMs: undefined }, now)).toBe(now + 12 * hour);
  });

  it("refuses a password session from the request after its member leaves the staff file", async () => {
    const header = `${NAME}=${await sessionToken({ email: "leaver@example.com", sid: randomUUID() })}`;
    listStaff(staffFile, [...STAFF, "leaver@example.com"]);
    expect(await apiSessionEmail(header)).toBe("leaver@example.com");
    listStaff(staffFile, STAFF);
    expect(await apiSessionEmail(header)).toBeUndefined();
  });

  it("refuses a session signed in more than 12 hours ago, however recently its cookie was renewed", async () => {
    const hour = 60 * 60 * 1000;
    const header = async (claims: Record<string, unknown>) =>
      `${NAME}=${await sessionToken({ email: "a@example.com", sid: randomUUID(), ...claims })}`;
    expect(await apiSessionEmail(await header({ signed_in_ms: Date.now() - 11 * hour }))).toBe(
      "a@example.com",
    );
    expect(
      await apiSessionEmail(await header({ signed_in_ms: Date.now() - 12 * hour - 1000 })),
    ).toBeUndefined();
    // Single sign-on sessions too: the staff file does not vouch for those of people it does not
    // list, so the limit is what ends one whose owner left the company's identity provider.
    const sso = {
      provider: "company-sso",
      email: "sso@example.com",
      access: { role: "viewer", locations: "all" },
    };
    expect(
      await apiSessionEmail(await header({ ...sso, signed_in_ms: Date.now() - 13 * hour })),
    ).toBeUndefined();
    // A cookie without a sign-in time cannot be bounded.
    expect(await apiSessionEmail(await header({ signed_in_ms: undefined }))).toBeUndefined();
  });

  it("gives a single sign-on session the staff file does not list what its claims gave at sign-in", async () => {
    const access = { role: "viewer", locations: ["loc_north"] };
    const claims = { email: "sso@example.com", sid: randomUUID(), provider: "company-sso", access };
    expect(await apiSession(`${NAME}=${await sessionToken(claims)}`)).toEqual({
      email: "sso@example.com",
      access,
    });
    // Without access (a cookie from before roles, or a forged one) it signs nobody in.
    for (const without of [undefined, { role: "owner", locations: "all" }, { role: "viewer" }]) {
      const token = await sessionToken({ ...claims, access: without });
      expect(await apiSession(`${NAME}=${token}`), JSON.stringify(without)).toBeUndefined();
    }
  });

  it("knows a single sign-on person by their email in lower case, whatever case their provider gave", async () => {
    // Auth.js keeps the email as the provider's profile gave it; the audit trail's member filter,
    // the Staff page's own entry and sign-out compare the lower-case one sign-in records.
    const access = { role: "viewer", locations: "all" };
    const claims = { email: "Jane.Doe@Company.Example", sid: randomUUID(), provider: "company-sso", access };
    expect(await apiSession(`${NAME}=${await sessionToken(claims)}`)).toEqual({
      email: "jane.doe@company.example",
      access,
    });
    expect(sessionClaims(claims).email).toBe("jane.doe@company.example");
  });

  it("gives a password session the role and locations the staff file says, at each request", async () => {
    const header = `${NAME}=${await sessionToken({ email: "d@example.com", sid: randomUUID() })}`;
    expect((await apiSession(header))?.access).toEqual({ role: "admin", locations: "all" });
    await setStaffAccess(
      staffFile,
      "d@example.com",
      { role: "viewer", locations: ["loc_a", "loc_b"] },
      unrecorded,
    );
    expect((await apiSession(header))?.access).toEqual({ role: "viewer", locations: ["loc_a", "loc_b"] });
  });

  it("gives a signed-in single sign-on session what the staff file sets for its person, from the next request", async () => {
    const record = async () => {};
    const mapped = { role: "admin", locations: "all" };
    const claims = { email: "Sso.Listed@example.com", sid: randomUUID(), provider: "company-sso" };
    const session = `${NAME}=${await sessionToken({ ...claims, access: mapped })}`;
    // Signed in with no access of its claims (an unmapped person let in by the staff file).
    const unmapped = `${NAME}=${await sessionToken({ ...claims, sid: randomUUID() })}`;
    expect((await apiSession(session))?.access).toEqual(mapped);
    expect(await apiSession(unmapped)).toBeUndefined();

    const narrowed = { role: "viewer", locations: ["loc_north"] } as const;
    await setSingleSignOnMember(staffFile, "sso.listed@example.com", narrowed, { record });
    expect((await apiSession(session))?.access).toEqual(narrowed);
    expect((await apiSession(unmapped))?.access).toEqual(narrowed);

    await setStaffDisabled(staffFile, "sso.listed@example.com", true, unrecorded);
    expect(await apiSession(session)).toBeUndefined();
    await setStaffDisabled(staffFile, "sso.listed@example.com", false, unrecorded);
    expect(await apiSession(session), "a session from before the disable").toBeUndefined();

    // A sign-in after the enable: a later millisecond than the one that ended the sessions.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = `${NAME}=${await sessionToken({ ...claims, sid: randomUUID(), access: mapped })}`;
    expect((await apiSession(fresh))?.access).toEqual(narrowed);
    await removeSingleSignOnMember(staffFile, "sso.listed@example.com", record);
    expect((await apiSession(fresh))?.access).toEqual(mapped);
    expect(await apiSession(unmapped)).toBeUndefined();
  });
});
