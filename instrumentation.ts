// Runs once when the dashboard's server starts. The backend (token, budget, and the task mirror's
// sync) starts here rather than at the first API request, so a fresh deployment fills its mirror
// while nobody is looking yet, and the first person does not wait for the mirror's store to open.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startBackendAtBoot } = await import("./lib/server/bff/backend-at-boot");
  startBackendAtBoot();
}
