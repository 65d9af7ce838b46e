// An admin sets what one single sign-on person may do, over what their groups map to: two built
// dashboards reading one staff file, a real identity provider (e2e/support/oidc-provider.ts, in
// this process) and the sandbox service, over HTTP as a browser sends it. The person signs in on
// one instance; every change reaches their session at its next request on both, with no new
// sign-in. And the Staff page's API refuses a bad request with its documented 400.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { passwordSignIn } from "@/e2e/support/dashboard-instances";
import { expectDocumentedAnswer } from "@/e2e/support/documented-answer";
import { ssoSignIn } from "@/e2e/support/oidc-http";
import { createOidcProvider, type OidcAccount } from "@/e2e/support/oidc-provider";
import { startDashboardProcess, type DashboardProcess } from "@/harness/dashboard-process";
import { freePort } from "@/harness/free-port";
import { sandboxDashboardEnv } from "@/harness/sandbox-dashboard-env";
import { addStaffMember, staffCli } from "@/harness/dashboard-command-lines";
import { startVts, type Vts } from "./support/harness";

const ADMIN = { email: "admin@company.example", password: "admin-staff-password" };
const PASSWORD_MEMBER = { email: "branch@company.example", password: "branch-staff-password" };
const OIDC_CLIENT = { clientId: "fleet-dashboard", clientSecret: randomBytes(32).toString("base64url") };
/** Its groups are read at each sign-in: a test changes them as the identity provider's admins would. */
const PERSON: OidcAccount = {
  sub: "idp-person-1",
  email: "robin.sso@company.example",
  name: "Robin Sso",
  password: randomBytes(12).toString("base64url"),
  groups: ["fleet-admins"],
};

let vts: Vts | undefined;
/** `a` has no single sign-on of its own: it only checks the sessions `b` signed in. */
let a: DashboardProcess | undefined;
let b: DashboardProcess | undefined;
let identityProvider: Server | undefined;
let staffFile = "";
let admin = "";
const folder = mkdtempSync(join(tmpdir(), "bff-sso-override-"));

beforeAll(async () => {
  vts = await startVts({ VTS_SEED_TASKS: "200", VTS_RATE_LIMIT_PER_MIN: "600" });
  staffFile = join(folder, "staff.json");
  addStaffMember(staffFile, ADMIN);
  addStaffMember(staffFile, { ...PASSWORD_MEMBER, role: "viewer" });
  const oidcPort = await freePort();
  const shared = { ...sandboxDashboardEnv(vts.url), STAFF_FILE: staffFile, MIRROR: "off" };
  [a, b] = await Promise.all([
    startDashboardProcess({ env: shared, logFile: join(folder, "dashboard-a.log") }),
    startDashboardProcess({
      env: {
        ...shared,
        AUTH_OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        AUTH_OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
        AUTH_OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
        AUTH_OIDC_ACCESS_MAP: JSON.stringify({ "fleet-admins": { role: "admin", locations: "all" } }),
      },
      logFile: join(folder, "dashboard-b.log"),
    }),
  ]);
  // The dashboard reads the identity provider only at a sign-in, so it starts once b's address is known.
  const provider = createOidcProvider({
    port: oidcPort,
    ...OIDC_CLIENT,
    redirectUri: `${b.url}/api/auth/callback/company-sso`,
    account: PERSON,
  });
  identityProvider = provider.server;
  await new Promise<void>((resolve) => provider.server.listen(oidcPort, "127.0.0.1", resolve));
  const signedIn = await passwordSignIn(a.url, ADMIN);
  admin = signedIn.session!;
});

afterAll(async () => {
  identityProvider?.closeAllConnections();
  await new Promise((resolve) => (identityProvider ? identityProvider.close(resolve) : resolve(undefined)));
  await Promise.all([a?.stop(), b?.stop()]);
  await vts?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** An /api answer held to the dashboard's document. */
async function call(base: string, path: string, cookie: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    redirect: "manual",
    ...init,
    headers: { cookie, ...init.headers },
  });
  const text = await response.text();
  expectDocumentedAnswer({
    method: init.method ?? "GET",
    url: path,
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: text,
  });
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

const overridePath = (email: string) => `/api/admin/staff/${encodeURIComponent(email)}/single-sign-on`;
const setOverride = (body: unknown, email = PERSON.email, headers: Record<string, string> = {}) =>
  call(a!.url, overridePath(email), admin, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** The location ids the session sees on each instance: [] when it is signed out there. */
async function seenOnEach(session: string): Promise<string[][]> {
  return Promise.all(
    [a!.url, b!.url].map(async (base) => {
      const answer = await call(base, "/api/locations", session);
      if (answer.status === 401) return [];
      expect(answer.status, answer.text).toBe(200);
      return (answer.json() as { data: { id: string }[] }).data.map((location) => location.id);
    }),
  );
}

it("an admin's override reaches a signed-in single sign-on session at its next request, on every instance", async () => {
  const { session } = await ssoSignIn(b!.url, PERSON);
  expect(session, "mapped as an admin of every location").toBeDefined();
  const [everywhere] = await seenOnEach(session!);
  expect(everywhere!.length).toBeGreaterThan(1);
  const branch = everywhere![0]!;

  // Narrowed: no new sign-in, and from the very next request on either instance.
  const narrowed = await setOverride({ role: "viewer", locations: [branch], name: "Robin" });
  expect(narrowed.status, narrowed.text).toBe(200);
  expect(narrowed.json()).toMatchObject({ email: PERSON.email, role: "viewer", sign_in: "single_sign_on" });
  expect(await seenOnEach(session!)).toEqual([[branch], [branch]]);
  expect((await call(a!.url, "/api/admin/staff", session!)).status).toBe(403);
  const listed = (await call(a!.url, "/api/admin/staff", admin)).json() as {
    data: { email: string; name: string; sign_in: string }[];
  };
  expect(listed.data.find((member) => member.email === PERSON.email)).toMatchObject({
    name: "Robin",
    sign_in: "single_sign_on",
  });

  // Back to the group mapping.
  expect((await call(a!.url, overridePath(PERSON.email), admin, { method: "DELETE" })).status).toBe(204);
  expect(await seenOnEach(session!)).toEqual([everywhere, everywhere]);
  expect((await call(b!.url, "/api/admin/staff", session!)).status).toBe(200);

  // No group maps them now, and the default denies: only a listing from the command line lets them in.
  PERSON.groups = ["contractors"];
  expect((await ssoSignIn(b!.url, PERSON)).refusedTo).toMatch(/\/sign-in\?/);
  staffCli(staffFile, ["add", PERSON.email, "--sso", "--role", "viewer", "--locations", branch]);
  const unmapped = await ssoSignIn(b!.url, PERSON);
  expect(await seenOnEach(unmapped.session!)).toEqual([[branch], [branch]]);

  // Disabled on the Staff page: their sessions end everywhere at once, and they cannot sign in again.
  const disabled = await call(
    a!.url,
    `/api/admin/staff/${encodeURIComponent(PERSON.email)}/disabled`,
    admin,
    {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ disabled: true }),
    },
  );
  expect(disabled.json()).toMatchObject({ disabled: true, sign_in: "single_sign_on" });
  expect(await seenOnEach(unmapped.session!)).toEqual([[], []]);
  expect((await ssoSignIn(b!.url, PERSON)).refusedTo).toMatch(/\/sign-in\?/);
  expect((await call(a!.url, overridePath(PERSON.email), admin, { method: "DELETE" })).status).toBe(400);

  const trail = await call(
    a!.url,
    "/api/admin/audit?action=staff_added,staff_access_changed,staff_removed,sessions_ended",
    admin,
  );
  type Entry = {
    at: string;
    actor: string;
    action: string;
    details: { email?: string; happened_at?: string };
  };
  // A record of the command line's is taken into the trail when it is read: it says when it happened.
  // The trail lists the newest first; two records of one change can share a millisecond, and then
  // the order they were written in (oldest first, which the stable sort keeps) tells them apart.
  const when = (record: Entry) => Date.parse(record.details.happened_at ?? record.at);
  const records = (trail.json() as { data: Entry[] }).data
    .filter((record) => record.details.email === PERSON.email)
    .reverse()
    .sort((first, second) => when(first) - when(second))
    .map((record) => [record.action, record.actor]);
  const commandLine = `command line (${userInfo().username})`;
  expect(records).toEqual([
    ["staff_added", ADMIN.email],
    ["staff_removed", ADMIN.email],
    ["staff_added", commandLine],
    ["staff_access_changed", ADMIN.email],
    ["sessions_ended", ADMIN.email],
  ]);
  for (const secret of [PERSON.password, OIDC_CLIENT.clientSecret, ADMIN.password])
    expect(trail.text).not.toContain(secret);
});

it("refuses a bad change of a single sign-on member with the documented 400, and never answers 5xx", async () => {
  const access = { role: "viewer", locations: "all" };
  const refusals = [
    await setOverride({ role: "owner", locations: "all" }),
    await setOverride({ role: "viewer" }),
    await setOverride({ ...access, extra: 1 }),
    await setOverride({ ...access, name: "" }),
    await setOverride({ role: "viewer", locations: [""] }),
    await setOverride("{ not json"),
    await setOverride(access, PERSON.email, { "content-type": "text/plain" }),
    await setOverride(access, "not-an-email"),
    await setOverride(access, ADMIN.email.toUpperCase()),
    await setOverride(access, PASSWORD_MEMBER.email),
    await call(a!.url, `${overridePath(PERSON.email)}?force=1`, admin, { method: "DELETE" }),
    await call(a!.url, overridePath(ADMIN.email), admin, { method: "DELETE" }),
  ];
  for (const refusal of refusals) {
    expect(refusal.status, refusal.text).toBe(400);
    expect((refusal.json() as { error: { code: string } }).error.code).toBe("invalid_request");
  }
  expect(
    (await call(a!.url, overridePath("nobody@company.example"), admin, { method: "DELETE" })).status,
  ).toBe(404);
  const crossSite = await setOverride(access, PERSON.email, { "sec-fetch-site": "cross-site" });
  expect(crossSite.status).toBe(403);
  const staff = (await call(a!.url, "/api/admin/staff", admin)).json() as { data: { email: string }[] };
  expect(staff.data.map((member) => member.email)).not.toContain("not-an-email");
});
