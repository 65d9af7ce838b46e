import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { startDashboardProcess, type DashboardProcess } from "../../harness/dashboard-process";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { DEMO_STAFF } from "../global-setup";
import { runFolder } from "./run-folder";

// A dashboard of a test's own on the suite's service, with the demo staff member, for settings the
// shared dashboard must not have (MIRROR=off, a mirror that cannot open). `settings` gets the
// test's own folder, for any file the settings name; the dashboard logs there too, and the folder
// is retired (its log kept, the rest removed) when the dashboard exits.

export async function startOwnDashboard(
  name: string,
  settings: (dir: string) => Record<string, string>,
): Promise<DashboardProcess> {
  const folder = runFolder(name);
  const dir = folder.path;
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  const dashboard = await startDashboardProcess({
    env: {
      VTS_BASE_URL: process.env.E2E_SERVICE_URL!,
      VTS_CLIENT_ID: "dashboard-e2e",
      VTS_CLIENT_SECRET: process.env.E2E_CLIENT_SECRET!,
      AUTH_SECRET: randomBytes(33).toString("base64url"),
      STAFF_FILE: staffFile,
      ...settings(dir),
    },
    logFile: join(dir, "dashboard.log"),
  }).catch((error: unknown) => {
    folder.retire();
    throw error;
  });
  void dashboard.exited.then(() => folder.retire());
  return dashboard;
}
