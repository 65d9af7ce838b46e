// `BENCH_UI_ONLY=first-load-js npm run bench:ui`: first-load JS (first-load-js.ts) of every kind of
// page, alone and in a minute, as a table: /tasks against its target, the others beside it, and
// what all signed-in pages share (framework, React, the dashboard's layout).
import type { Browser } from "@playwright/test";
import { cookieHeader, signIn, type Staff } from "./browser";
import { waitForMirror } from "./filter-change";
import { measureFirstLoadJs, type RouteJs } from "./first-load-js";

/**
 * Issue 16: what /tasks may make a browser load before its first screen, "gzipped". The issue names
 * no level, and a browser receives the bytes `next start` sends (its own gzip, about 0.9 kB more
 * than gzip -9 here), so the target is met only when both are under it: gzip -9 alone once read
 * "met" while the bytes sent were 160.3 kB.
 */
const TASKS_TARGET_BYTES = 160_000;
/** Issue 28: the maintenance pages' first-load JS, by the same reading. */
const MAINTENANCE_TARGET_BYTES = 165_000;
const MAINTENANCE_ROUTES = new Set(["/due", "/compliance", "/vehicles", "/due/programs"]);
const under = (route: RouteJs, bytes: number) => route.gzipBytes < bytes && route.wireBytes < bytes;
/** The vehicle page renders its history on the server only once the mirror holds it. */
const MIRROR_FILL_MS = 15 * 60_000;

export async function firstLoadJsReport(options: {
  browser: Browser;
  baseUrl: string;
  staff: Staff;
  /** Any vehicle with tasks: its page is the one measured. */
  vehicleId: string;
  machine: string;
  log: (line: string) => void;
}): Promise<string> {
  const { browser, baseUrl, staff, vehicleId, machine, log } = options;
  const session = await signIn(browser, baseUrl, staff);
  const cookie = cookieHeader(session, baseUrl);
  log("waiting for the mirror to sync its horizon (the vehicle page's server-rendered state)");
  await waitForMirror(baseUrl, cookie, MIRROR_FILL_MS);
  const vehicle = `/vehicles/${encodeURIComponent(vehicleId)}`;
  const signedIn = await measureFirstLoadJs(baseUrl, [
    { route: "/tasks", cookie },
    { route: "/locations", cookie },
    { route: vehicle, cookie },
    { route: "/due", cookie },
    { route: "/compliance", cookie },
    { route: "/vehicles", cookie },
    { route: "/due/programs", cookie },
  ]);
  const all = await measureFirstLoadJs(baseUrl, [
    { route: "/tasks", cookie },
    { route: "/sign-in", cookie: undefined },
  ]);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const tasks = signedIn.routes[0]!;
  const rows = [...signedIn.routes, all.routes[1]!].map((route) => {
    const bytes =
      route.route === "/tasks"
        ? TASKS_TARGET_BYTES
        : MAINTENANCE_ROUTES.has(route.route)
          ? MAINTENANCE_TARGET_BYTES
          : undefined;
    const target =
      bytes === undefined
        ? ""
        : `< ${kb(bytes)} (gzip -9 and as sent): ${under(route, bytes) ? "met" : "**not met**"}`;
    const name = route.route === vehicle ? "/vehicles/[vehicle_id]" : route.route;
    return `| \`${name}\` | ${kb(route.gzipBytes)} | ${route.scripts} | ${kb(route.wireBytes)} | ${kb(route.browserBytes)} | ${target} |`;
  });
  const pageOwn = signedIn.scripts
    .filter((script) => tasks.paths.includes(script.path) && script.routes.length === 1)
    .reduce((sum, script) => sum + script.gzipBytes, 0);
  return [
    `First-load JS per route (the HTML's scripts, gzip -9; ${machine})`,
    "",
    "| route | gzip -9 | scripts | as sent, gzip | as sent to a browser (brotli) | target |",
    "|---|---:|---:|---:|---:|---|",
    ...rows,
    `| shared by the signed-in routes | ${kb(signedIn.sharedGzipBytes)} | | | | |`,
    `| shared by all (with \`/sign-in\`) | ${kb(all.sharedGzipBytes)} | | | | |`,
    `| \`/tasks\`' own scripts | ${kb(pageOwn)} | | | | |`,
  ].join("\n");
}
