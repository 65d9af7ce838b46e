import path from "node:path";
import { NODE_BUNDLE_OPTIONS } from "./platform/node-bundle.mjs";
import { SECURITY_HEADERS } from "./scripts/security-headers.mjs";
import { precompressStatic } from "./scripts/static-precompression.mjs";

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
    // loading TypeScript through tsx. Built with the app, so it is never older than the app. And
    // the browser's scripts and styles compressed once, for that server to send as they are.
    async runAfterProductionCompile({ distDir, projectDir }) {
      const { build } = await import("esbuild");
      const buildDir = path.resolve(projectDir, distDir);
      await Promise.all([
        build({
          absWorkingDir: projectDir,
          entryPoints: ["scripts/dashboard-server.ts"],
          outfile: path.join(buildDir, "dashboard-server.mjs"),
          ...NODE_BUNDLE_OPTIONS,
        }),
        precompressStatic(buildDir),
      ]);
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
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

export default nextConfig;
