// When a session must end, on every instance and for a copied cookie too: a removed staff member,
// a signed-out session after Redis restarted empty, a cookie past its expiry, a sign-in too old. And a
// forged cookie is not a way to flood the log. Two built dashboards sharing Redis, against the real
// service, over HTTP as a browser sends it.
import { randomUUID } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import {
  mintedSessionCookie,
  passwordSignIn,
  SESSION_COOKIE,
  signOut,
  staffCommand,
  withCookie,
} from "@/e2e/support/dashboard-instances";
import { sleep } from "@/harness/raw-http";
import { twoDashboards } from "./support/two-dashboards";

const LEAVER = { email: "leaver@company.example", password: "leaver-staff-password" };
const STAYER = { email: "stayer@company.example", password: "stayer-staff-password" };
const ON_LEAVE = { email: "on-leave@company.example", password: "on-leave-staff-password" };
const SIGNED_OUT = { status: 307, renewed: false };

/**
 * The stayer has been on the staff for two days: sessions from before a member was added do not
 * count (staff-directory.ts), and the tests of a session's age sign them in hours ago.
 */
function addedTwoDaysAgo(staffFile: string, email: string): void {
  const file = JSON.parse(readFileSync(staffFile, "utf8")) as { staff: Record<string, unknown>[] };
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
  for (const member of file.staff)
    if (member.email === email) Object.assign(member, { addedAt: twoDaysAgo, sessionsEndedAt: twoDaysAgo });
  writeFileSync(`${staffFile}.tmp`, JSON.stringify(file));
  renameSync(`${staffFile}.tmp`, staffFile);
}

const instances = twoDashboards([LEAVER, STAYER, ON_LEAVE], {}, async ({ staffFile }) =>
  addedTwoDaysAgo(staffFile, STAYER.email),
);

async function signedIn(baseUrl: string, member: typeof STAYER): Promise<string> {
  const { session, refusal } = await passwordSignIn(baseUrl, member);
  if (!session) throw new Error(`sign-in refused: ${refusal}`);
  return session;
}

interface LogLine {
  level: string;
  msg: string;
}

it("forged session cookies on pages make one warning a minute, not an error per request", async () => {
  const { a } = instances();
  const from = a.logLength();
  for (let i = 0; i < 5; i++) {
    expect(await withCookie(a.baseUrl, "/tasks", `${SESSION_COOKIE}=forged-${i}`)).toEqual(SIGNED_OUT);
  }
  const lines = () => a.logLinesSince(from).map((line) => JSON.parse(line) as LogLine);
  const warnings = () =>
    lines().filter((line) => line.level === "warn" && /session cookie/.test(line.msg)).length;
  // The log is written asynchronously: wait for the warning rather than for a guessed time.
  await expect.poll(warnings, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(warnings()).toBe(1);
  expect(lines().filter((line) => line.level === "error")).toEqual([]);
  expect(a.logLinesSince(from).join("\n")).not.toContain("forged-");
});

it("removing a staff member ends their session on every instance at its next request", async () => {
  const { a, b, staffFile } = instances();
  const leaver = await signedIn(a.baseUrl, LEAVER);
  const stayer = await signedIn(b.baseUrl, STAYER);
  expect((await withCookie(b.baseUrl, "/api/budget", leaver)).status).toBe(200);

  staffCommand(staffFile, "remove", LEAVER.email);
  expect(await withCookie(a.baseUrl, "/tasks", leaver)).toEqual(SIGNED_OUT);
  expect((await withCookie(b.baseUrl, "/api/budget", leaver)).status).toBe(401);
  expect(await withCookie(b.baseUrl, "/tasks", leaver)).toEqual(SIGNED_OUT);
  expect((await passwordSignIn(a.baseUrl, LEAVER)).refusal).toBe("credentials");
  // Everyone else stays signed in.
  expect((await withCookie(a.baseUrl, "/api/budget", stayer)).status).toBe(200);
  expect((await withCookie(b.baseUrl, "/tasks", stayer)).status).toBe(200);
});

it("disabling a staff member ends their session at its next request, until they are enabled", async () => {
  const { a, b, staffFile } = instances();
  const session = await signedIn(a.baseUrl, ON_LEAVE);
  expect((await withCookie(b.baseUrl, "/api/budget", session)).status).toBe(200);

  staffCommand(staffFile, "disable", ON_LEAVE.email);
  expect((await withCookie(b.baseUrl, "/api/budget", session)).status).toBe(401);
  expect(await withCookie(a.baseUrl, "/tasks", session)).toEqual(SIGNED_OUT);
  expect((await passwordSignIn(b.baseUrl, ON_LEAVE)).refusal).toBe("credentials");

  staffCommand(staffFile, "enable", ON_LEAVE.email);
  const again = await signedIn(b.baseUrl, ON_LEAVE);
  expect((await withCookie(a.baseUrl, "/tasks", again)).status).toBe(200);
});

it("a copied signed-out cookie stays refused on another instance after Redis restarts empty", async () => {
  const { a, b } = instances();
  const copied = await signedIn(a.baseUrl, STAYER);
  expect((await withCookie(b.baseUrl, "/api/budget", copied)).status).toBe(200);
  await signOut(a.baseUrl, copied);
  expect((await withCookie(b.baseUrl, "/api/budget", copied)).status).toBe(401);

  const { reconnected } = await instances().restartRedisEmpty();
  // Until b's connection is back (within about 2 s) it answers from its memory, as during any
  // outage; asked all the while, not a moment's answer while reconnecting.
  let reconnecting = true;
  const settled = () => (reconnecting = false);
  void reconnected.then(settled, settled);
  do {
    expect((await withCookie(b.baseUrl, "/api/budget", copied)).status).toBe(401);
    await sleep(100);
  } while (reconnecting);
  await reconnected;
  // Both instances are back on the emptied Redis, which must not vouch for the old session.
  expect((await withCookie(b.baseUrl, "/api/budget", copied)).status).toBe(401);
  expect(await withCookie(b.baseUrl, "/tasks", copied)).toEqual(SIGNED_OUT);

  // Signing in again works, on both instances.
  const fresh = await signedIn(b.baseUrl, STAYER);
  await expect
    .poll(async () => (await withCookie(a.baseUrl, "/api/budget", fresh)).status, { timeout: 20_000 })
    .toBe(200);
  expect((await withCookie(b.baseUrl, "/tasks", fresh)).status).toBe(200);
}, 60_000);

it("a cookie expired 10 s ago is refused by pages and the API alike, and not renewed", async () => {
  const { a, authSecret } = instances();
  const claims = { email: STAYER.email, sid: randomUUID() };
  const expired = await mintedSessionCookie(authSecret, claims, -10);
  expect((await withCookie(a.baseUrl, "/api/budget", expired)).status).toBe(401);
  expect(await withCookie(a.baseUrl, "/tasks", expired)).toEqual(SIGNED_OUT);
  // The same session a minute before its expiry is accepted by both.
  const live = await mintedSessionCookie(authSecret, claims, 60);
  expect((await withCookie(a.baseUrl, "/api/budget", live)).status).toBe(200);
  expect(await withCookie(a.baseUrl, "/tasks", live)).toEqual({ status: 200, renewed: true });
});

it("a session signed in more than 12 hours ago is refused by pages and the API, though its cookie is fresh", async () => {
  const { a, authSecret } = instances();
  const hour = 60 * 60 * 1000;
  for (const provider of ["staff-password", "company-sso"]) {
    const claims = {
      email: STAYER.email,
      sid: randomUUID(),
      provider,
      signed_in_ms: Date.now() - 12 * hour - 1000,
    };
    const old = await mintedSessionCookie(authSecret, claims, 8 * 60 * 60);
    expect((await withCookie(a.baseUrl, "/api/budget", old)).status, provider).toBe(401);
    expect(await withCookie(a.baseUrl, "/tasks", old), provider).toEqual(SIGNED_OUT);
  }
  const recent = { email: STAYER.email, sid: randomUUID(), signed_in_ms: Date.now() - 11 * hour };
  const renewed = await mintedSessionCookie(authSecret, recent, 8 * 60 * 60);
  expect(await withCookie(a.baseUrl, "/tasks", renewed)).toEqual({ status: 200, renewed: true });
});
