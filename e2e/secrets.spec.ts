// The service's client secret and access tokens, and the dashboard's OIDC client secret, stay on
// the server: they appear in no browser bundle, no page, no API response and no log line of any
// process (this runs after the other browser tests, so the logs hold their sign-ins too).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/api-contract";
import { KEPT_LOGS } from "./support/run-folder";
import { dashboardUrl, signedInAfresh } from "./support/session";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Any JWS whose header says at+jwt is a service access token. */
function serviceTokensIn(text: string): string[] {
  return [...text.matchAll(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g)]
    .map((match) => match[0])
    .filter((jws) => {
      try {
        return JSON.stringify(JSON.parse(Buffer.from(jws.split(".")[0]!, "base64url").toString())).includes(
          "at+jwt",
        );
      } catch {
        return false;
      }
    });
}

function expectClean(where: string, text: string): void {
  const secrets = [
    process.env.E2E_CLIENT_SECRET!,
    process.env.E2E_AUTH_SECRET!,
    process.env.E2E_OIDC_CLIENT_SECRET!,
    process.env.E2E_OIDC_PASSWORD!,
    process.env.E2E_METRICS_TOKEN!,
  ];
  for (const secret of secrets) expect(text.includes(secret), `a secret appears in ${where}`).toBe(false);
  expect(serviceTokensIn(text), `a service token appears in ${where}`).toEqual([]);
}

test("no secret or service token in bundles, pages, API responses or logs", async ({ page }) => {
  const seen: { where: string; text: string }[] = [];
  page.on("response", async (response) => {
    const headers = JSON.stringify(await response.allHeaders());
    const body = await response.text().catch(() => "");
    seen.push({ where: `${response.url()} (${response.status()})`, text: headers + body });
  });
  // Through the form: its answers are among those searched.
  await signedInAfresh(page);
  const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const to = new Date().toISOString();
  const apiPaths = [
    "/api/locations",
    `/api/tasks?from=${from}&to=${to}&limit=50`,
    "/api/budget",
    `/api/export?from=${from}&to=${to}`,
    "/api/tasks/tsk_unknown",
    "/api/tasks?from=bad",
  ];
  for (const path of apiPaths) {
    const response = await page.request.get(dashboardUrl(path));
    seen.push({ where: path, text: JSON.stringify(response.headers()) + (await response.text()) });
  }
  expect(seen.length).toBeGreaterThan(apiPaths.length);
  for (const { where, text } of seen) expectClean(where, text);

  // The build under test: next.config.mjs builds into NEXT_DIST_DIR when it is set.
  const bundles = filesUnder(join(process.env.NEXT_DIST_DIR || ".next", "static"));
  expect(bundles.length).toBeGreaterThan(0);
  for (const file of bundles) expectClean(file, readFileSync(file, "utf8"));

  const logDir = process.env.E2E_LOG_DIR!;
  for (const log of readdirSync(logDir)) expectClean(log, readFileSync(join(logDir, log), "utf8"));
  // The stacks some specs start of their own (a starved budget, a frozen service) keep their logs
  // here once stopped; those specs run before this one.
  const ownStackLogs = filesUnder(KEPT_LOGS);
  expect(ownStackLogs.length).toBeGreaterThan(0);
  for (const log of ownStackLogs) expectClean(log, readFileSync(log, "utf8"));
});

test("the token detector recognises a real service token (control)", async ({ request }) => {
  const basic = Buffer.from(`dashboard-e2e:${encodeURIComponent(process.env.E2E_CLIENT_SECRET!)}`).toString(
    "base64",
  );
  const response = await request.post(`${process.env.E2E_SERVICE_URL}/oauth/token`, {
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    data: "grant_type=client_credentials",
  });
  const { access_token } = (await response.json()) as { access_token: string };
  expect(serviceTokensIn(`prefix ${access_token} suffix`)).toEqual([access_token]);
});
