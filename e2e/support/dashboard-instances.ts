// Two built dashboards sharing one Redis, one staff file and one AUTH_SECRET, as an operator runs
// several instances behind a load balancer, and the sign-in and session requests a browser makes,
// sent over plain HTTP (a burst of 100 sign-ins does not need 100 browsers).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "next-auth/jwt";
import type { RunningChild } from "../../harness/child-process";
import { startDashboardProcess } from "../../harness/dashboard-process";
import { startLocalRedis, type LocalRedis } from "../../harness/local-redis";
import { addStaffMember, staffCli } from "../../harness/dashboard-command-lines";
import { runFolder } from "./run-folder";

export const SESSION_COOKIE = "authjs.session-token";

export interface Instance {
  baseUrl: string;
  logFile: string;
  /** The log lines written since `from` (a length of the log file). */
  logLinesSince(from: number): string[];
  logLength(): number;
}

export interface Instances {
  a: Instance;
  b: Instance;
  redis: LocalRedis;
  staffFile: string;
  authSecret: string;
  /**
   * Stops Redis and starts it again, empty, on the same port: as a restart without persistence.
   * Returns at once; `reconnected` resolves once as many clients are connected as before.
   */
  restartRedisEmpty(): Promise<{ reconnected: Promise<void> }>;
  stopAll(): Promise<void>;
}

/**
 * Starts two dashboards against the service at `serviceUrl`, as its `client`, with `staff` in
 * their staff file; `b` gets `bEnv` on top (a setting only one of them should have).
 */
export async function startInstances(
  serviceUrl: string,
  client: { id: string; secret: string },
  staff: { email: string; password: string }[],
  bEnv: Record<string, string> = {},
): Promise<Instances> {
  const folder = runFolder("instances");
  const dir = folder.path;
  const staffFile = join(dir, "staff.json");
  for (const member of staff) addStaffMember(staffFile, member);
  let redis = await startLocalRedis();
  const authSecret = randomBytes(33).toString("base64url");
  const children: RunningChild[] = [];
  const start = async (name: string, extraEnv: Record<string, string>): Promise<Instance> => {
    const logFile = join(dir, `dashboard-${name}.log`);
    const dashboard = await startDashboardProcess({
      env: {
        VTS_BASE_URL: serviceUrl,
        VTS_CLIENT_ID: client.id,
        VTS_CLIENT_SECRET: client.secret,
        AUTH_SECRET: authSecret,
        STAFF_FILE: staffFile,
        REDIS_URL: redis.url,
        // Sessions and sign-in are tested here, not data: no sync spending the service's budget.
        MIRROR: "off",
        ...extraEnv,
      },
      logFile,
    });
    children.push(dashboard);
    const logLength = () => readFileSync(logFile).length;
    return {
      baseUrl: dashboard.url,
      logFile,
      logLength,
      logLinesSince: (from) =>
        readFileSync(logFile).subarray(from).toString("utf8").split("\n").filter(Boolean),
    };
  };
  const [a, b] = await Promise.all([start("a", {}), start("b", bEnv)]);
  return {
    a,
    b,
    get redis() {
      return redis;
    },
    staffFile,
    authSecret,
    async restartRedisEmpty() {
      const before = redis.clients();
      redis.stop();
      redis = await startLocalRedis(redis.port);
      const restarted = redis;
      const reconnected = (async () => {
        const deadline = Date.now() + 20_000;
        while (restarted.clients() < before) {
          if (Date.now() > deadline)
            throw new Error(`Redis has ${restarted.clients()} of ${before} clients back`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      return { reconnected };
    },
    async stopAll() {
      await Promise.all(children.map((child) => child.stop()));
      redis.stop();
      folder.retire();
    },
  };
}

/** `npm run staff -- <command> EMAIL` on the instances' staff file. */
export function staffCommand(
  staffFile: string,
  command: "remove" | "disable" | "enable",
  email: string,
): void {
  staffCli(staffFile, [command, email]);
}

/**
 * A session cookie as Auth.js would have issued it, `maxAgeSeconds` from now (negative: expired),
 * signed in just now unless `claims` say otherwise (`signed_in_ms`).
 */
export async function mintedSessionCookie(
  authSecret: string,
  claims: Record<string, unknown>,
  maxAgeSeconds: number,
): Promise<string> {
  const value = await encode({
    // Stamped to the millisecond, as auth.ts stamps every cookie it issues.
    token: { name: "Staff", signed_in_ms: Date.now(), issued_ms: Date.now(), ...claims },
    secret: authSecret,
    salt: SESSION_COOKIE,
    maxAge: maxAgeSeconds,
  });
  return `${SESSION_COOKIE}=${value}`;
}

// ---------------------------------------------------------------------------------------------
// HTTP as the browser sends it

export interface Csrf {
  token: string;
  cookie: string;
}

/** `name=value` of each cookie the answer sets; a later one of the same name wins, as in a browser. */
function setCookies(response: Response): string[] {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...cookies.values()];
}

/**
 * How long a request here may wait for its answer. A dashboard that stops answering must fail the
 * test at the request that waited, named, rather than at a hook's timeout with no word of where.
 */
const ANSWER_WITHIN_MS = 60_000;

async function answer(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError")
      throw new Error(`${init.method ?? "GET"} ${url}: no answer within ${ANSWER_WITHIN_MS} ms`, {
        cause: error,
      });
    throw error;
  }
}

export async function csrf(baseUrl: string): Promise<Csrf> {
  const response = await answer(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { token: csrfToken, cookie: setCookies(response).join("; ") };
}

export interface SignInAnswer {
  /** The session cookie when the sign-in succeeded. */
  session?: string;
  /** Auth.js's refusal code: `credentials` (a checked, wrong password) or `too_many_attempts`. */
  refusal?: string;
}

/** POST /api/auth/callback/staff-password, as the sign-in form's action does. */
export async function passwordSignIn(
  baseUrl: string,
  credentials: { email: string; password: string },
  options: { csrf?: Csrf; forwardedFor?: string } = {},
): Promise<SignInAnswer> {
  const token = options.csrf ?? (await csrf(baseUrl));
  const response = await answer(`${baseUrl}/api/auth/callback/staff-password`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: token.cookie,
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
    body: new URLSearchParams({ ...credentials, csrfToken: token.token, callbackUrl: "/tasks" }),
  });
  const session = setCookies(response).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (session && session !== `${SESSION_COOKIE}=`) return { session };
  const location = response.headers.get("location") ?? "";
  const code = new URL(location, baseUrl).searchParams.get("code");
  if (!code) throw new Error(`unexpected sign-in answer ${response.status} ${location}`);
  return { refusal: code };
}

/** POST /api/auth/signout with this session, as the Sign out button does. */
export async function signOut(baseUrl: string, session: string): Promise<void> {
  const token = await csrf(baseUrl);
  const response = await answer(`${baseUrl}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `${token.cookie}; ${session}`,
    },
    body: new URLSearchParams({ csrfToken: token.token, callbackUrl: "/sign-in" }),
  });
  if (response.status !== 302) throw new Error(`sign-out answered ${response.status}`);
}

export interface PageAnswer {
  status: number;
  /** Whether the answer carries a renewed session cookie. */
  renewed: boolean;
}

/** A request with exactly this cookie, redirects not followed. */
export async function withCookie(baseUrl: string, path: string, cookie: string): Promise<PageAnswer> {
  const response = await answer(`${baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  const renewed = setCookies(response).some(
    (line) => line.startsWith(`${SESSION_COOKIE}=`) && line !== `${SESSION_COOKIE}=`,
  );
  return { status: response.status, renewed };
}
