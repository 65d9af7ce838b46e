import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "vitest";
import { accessToken, bearer, startServiceProcess } from "../support/service-process";

it("explore shutdown", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "vts-explore-"));
  const t0 = Date.now();
  const svc = await startServiceProcess({ VTS_DATA_DIR: dir, VTS_SEED_TASKS: "2000" });
  console.log("start ms", Date.now() - t0);
  const token = await accessToken(svc.url, "sandbox-full", "sandbox-full-secret");
  const to = new Date(Date.now()).toISOString();
  const from = new Date(Date.now() - 90 * 86400_000).toISOString();
  const q = `/v1/tasks?from=${from}&to=${to}&limit=500`;
  let t = Date.now();
  const r = await fetch(svc.url + q, { headers: bearer(token) });
  const b = await r.json() as { data: unknown[] };
  console.log("one request ms", Date.now() - t, b.data.length);
  t = Date.now();
  const results = Array.from({ length: 20 }, (_, i) =>
    fetch(svc.url + q, { headers: { ...bearer(token), "x-request-id": `req-inflight-${i}` } }).then(
      async (res) => `${res.status} ${res.headers.get("connection")} ${(await res.text()).length} at ${Date.now() - t}`,
      (e: Error) => `ERR ${e.message} ${String((e.cause as Error)?.message)} at ${Date.now() - t}`,
    ),
  );
  while ((svc.stdout().match(/req-inflight-/g) ?? []).length < 20) await new Promise((r) => setTimeout(r, 5));
  console.log("all in at", Date.now() - t);
  const stopped = svc.stop();
  await new Promise((r) => setTimeout(r, 20));
  const late = Array.from({ length: 5 }, () =>
    fetch(svc.url + q, { headers: bearer(token) }).then(
      async (res) => `${res.status} ${await res.text()}`,
      (e: Error) => `ERR ${e.message} ${String((e.cause as {code?:string})?.code)}`,
    ),
  );
  console.log(await Promise.all(results));
  console.log(await Promise.all(late));
  console.log("exit", await stopped, existsSync(join(dir, "vts.lock")));
  console.log(svc.stdout().split("\n").filter((l) => /shutting|stopped|Service Unavailable|503/.test(l)).join("\n"));
  console.log(svc.stderr());
  rmSync(dir, { recursive: true, force: true });
});
