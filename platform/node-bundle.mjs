// How both programs' Node entry points are bundled with esbuild (the service and its CLI by
// task-service/build.ts, the dashboard's HTTP server by next.config.mjs): their own modules joined
// into one file, every package left to load from node_modules as it is. JavaScript, so that
// next.config.mjs can read it without a TypeScript loader.
/** @satisfies {import("esbuild").BuildOptions} */
export const NODE_BUNDLE_OPTIONS = /** @type {const} */ ({
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});
