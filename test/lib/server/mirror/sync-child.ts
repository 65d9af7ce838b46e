// A dashboard backend with its mirror, alone in a process, for the kill -9 test: it reports the
// mirror's progress on stdout ("synced N/M") and closes the backend on SIGTERM.
import { createBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";

const backend = await createBackend(parseDashboardEnv(process.env), { mirror: true });
const mirror = backend.mirror;
if (!mirror) throw new Error("the mirror did not open");

const report = setInterval(() => {
  void mirror.status().then(
    (status) => process.stdout.write(`synced ${status.windows.synced}/${status.windows.total}\n`),
    () => {},
  );
  // Often enough to stop a sync part way; each report is a few queries the sync waits behind.
}, 200);

process.once("SIGTERM", () => {
  clearInterval(report);
  void backend.close().then(() => process.exit(0));
});
