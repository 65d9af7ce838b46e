// The interactive API reference at /docs as an integrator meets it: served by the real service
// process from its own assets (no CDN), without a token and outside every rate limit,
// under a Content-Security-Policy the page really runs under, and rendered from the very
// openapi.yaml the service publishes.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { TEST_BROWSER_LAUNCH } from "../../../e2e/support/chromium";
import { contractDocument } from "../support/contract";
import { REPO_ROOT } from "../../../harness/repo-root";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { fixtureSecret } from "../support/test-service";

const RATE_LIMIT = 3;

let dataDir: string;
let service: ServiceProcess;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vts-api-reference-"));
  service = await startServiceProcess({
    VTS_DATA_DIR: dataDir,
    VTS_SEED_TASKS: "500",
    VTS_RATE_LIMIT_PER_MIN: String(RATE_LIMIT),
    VTS_LOG_LEVEL: "warn",
  });
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The scripts and stylesheets a page loads, as written in its HTML. */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
}

describe("GET /docs", () => {
  it("serves the page without a token, and every script and stylesheet from the service itself", async () => {
    const page = await fetch(`${service.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("x-request-id")).toBeTruthy();
    const html = await page.text();
    const assets = assetsOf(html);
    expect(assets.some((asset) => asset.endsWith("/swagger-ui-bundle.js"))).toBe(true);
    for (const asset of assets) {
      const url = new URL(asset, `${service.url}/docs`);
      expect(url.origin, asset).toBe(service.url); // no CDN: nothing leaves the service
      const response = await fetch(url);
      expect(response.status, asset).toBe(200);
      expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    const bundle = await fetch(
      new URL(assets.find((a) => a.endsWith("/swagger-ui-bundle.js")) ?? "", page.url),
    );
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect(await bundle.text()).toContain("SwaggerUIBundle");
  });

  it("sends a Content-Security-Policy that allows only the service's own scripts, on the page and its assets", async () => {
    for (const path of ["/docs", "/docs/static/swagger-ui-bundle.js", "/docs/json"]) {
      const policy = directives(
        (await fetch(`${service.url}${path}`)).headers.get("content-security-policy"),
      );
      expect(policy.get("default-src"), path).toEqual(["'none'"]);
      expect(policy.get("script-src"), path).toEqual(["'self'"]);
      expect(policy.get("connect-src"), path).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });

  it("renders the same openapi.yaml the service publishes", async () => {
    const rendered: unknown = await (await fetch(`${service.url}/docs/json`)).json();
    const onDisk: unknown = parse(readFileSync(join(REPO_ROOT, "contract/service/openapi.yaml"), "utf8"));
    const published: unknown = parse(await (await fetch(`${service.url}/openapi.yaml`)).text());
    expect(rendered).toEqual(onDisk);
    expect(rendered).toEqual(published);
    expect(rendered).toEqual(contractDocument);
  });

  it("counts against no rate limit: neither a client's nor an address's", async () => {
    for (let i = 0; i < RATE_LIMIT * 2; i++) {
      const response = await fetch(`${service.url}/docs/json`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-remaining")).toBeNull();
    }
    // An anonymous /v1 request is counted against this address: its rate limit is still whole.
    const anonymous = await fetch(`${service.url}/v1/locations`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-ratelimit-remaining")).toBe(String(RATE_LIMIT - 1));
  });

  it("answers an unknown file under /docs with the standard 404 body", async () => {
    const response = await fetch(`${service.url}/docs/static/no-such-file.js`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe("not_found");
    expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
  });

  it("runs in a browser under its policy: every operation shown, Authorize and Try it out work, nothing blocked or fetched from outside", async () => {
    const browser = await chromium.launch(TEST_BROWSER_LAUNCH);
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("request", (request) => {
        if (new URL(request.url()).origin !== service.url) problems.push(`outside request: ${request.url()}`);
      });
      await page.exposeFunction("reportViolation", (text: string) => problems.push(`CSP: ${text}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
          report(`${event.violatedDirective} blocked ${event.blockedURI}`);
        });
      });
      await page.goto(`${service.url}/docs`);
      const operations = page.locator(".opblock-summary-path");
      await operations.filter({ hasText: "/v1/tasks/{id}" }).waitFor({ timeout: 20_000 });
      const shown = await operations.allTextContents();
      const documented = Object.keys((contractDocument as { paths: Record<string, unknown> }).paths);
      expect(new Set(shown.map((text) => text.replace(/\u200b/g, "").trim()))).toEqual(new Set(documented));
      expect(await page.locator(".info .title").textContent()).toContain("Vehicle Task Service");

      // "Authorize" fetches a token and "Try it out" calls the API, both from the page itself.
      await page.locator(".btn.authorize").click();
      await page.locator(".modal-ux input[id*=client_id]").fill("sandbox-full");
      await page.locator(".modal-ux input[id*=client_secret]").fill(fixtureSecret("sandbox-full"));
      const token = page.waitForResponse((response) => response.url().endsWith("/oauth/token"));
      await page.getByRole("button", { name: "Apply given OAuth2 credentials" }).click();
      expect((await token).status()).toBe(200);
      await page.locator(".modal-ux .close-modal").click();
      const operation = page.locator("#operations-locations-listLocations");
      await operation.locator(".opblock-summary").click();
      await operation.locator(".try-out__btn").click();
      const locations = page.waitForResponse((response) => response.url().endsWith("/v1/locations"));
      await operation.locator(".execute").click();
      expect((await locations).status()).toBe(200);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
