import path from "node:path";
import { NODE_BUNDLE_OPTIONS } from "./platform/node-bundle.mjs";

// Security headers for every response; the per-request CSP (with a script nonce) is set in proxy.ts.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Not "no-referrer": under it Chromium sends `Origin: null` with a form post, and Next then
  // refuses the sign-in form's server action when it is submitted before JavaScript has loaded.
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A second build directory lets a benchmark or a test run build beside a developer's `.next`.
  distDir: globalThis.process.env.NEXT_DIST_DIR || ".next",
  // Source maps for the browser's scripts only when asked: bench/ui/first-load-modules.ts reads them
  // to tell which modules a page's first load holds.
  productionBrowserSourceMaps: globalThis.process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  // `npm test` type-checks the whole repository (service, dashboard, tests) in one tsc run;
  // a second, partial pass during the build would only repeat it.
  typescript: { ignoreBuildErrors: true },
  compiler: {
    // The dashboard's own HTTP server (scripts/dashboard-server.ts) as one file beside the build it
    // serves: every start (npm start, each test's dashboard) runs plain JavaScript instead of
    // loading TypeScript through tsx. Built with the app, so it is never older than the app.
    async runAfterProductionCompile({ distDir, projectDir }) {
      const { build } = await import("esbuild");
      await build({
        absWorkingDir: projectDir,
        entryPoints: ["scripts/dashboard-server.ts"],
        outfile: path.join(path.resolve(projectDir, distDir), "dashboard-server.mjs"),
        ...NODE_BUNDLE_OPTIONS,
      });
    },
  },
  reactStrictMode: true,
  turbopack: {
    resolveAlias: {
      // TanStack Store asks for the React 17 shim of useSyncExternalStore; React 19 has the hook
      // itself, so the shim's fallback is dead weight in every table page's first load.
      "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector",
    },
  },
  // The mirror's embedded PostgreSQL loads its WASM and extension files from its own package
  // folder at run time: bundled, it would look for them in .next and fail. (pg is external already.)
  serverExternalPackages: ["@electric-sql/pglite"],
  // The service's own code and its tests are not part of the web app.
  outputFileTracingExcludes: { "*": ["task-service/**", "bench/**", "e2e/**", "test/**"] },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
