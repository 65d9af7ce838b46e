// `npm run programs -- export|import|list`: staff's overrides of the maintenance programs, as a
// JSON file to keep, review or carry to another dashboard. The import makes the overrides exactly
// those of the file, in one transaction, each change recorded in the audit trail.
import { readFile, writeFile } from "node:fs/promises";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import {
  listOverrides,
  openWorkspaceDb,
  overridesFile,
  readOverridesFile,
  replaceOverrides,
} from "../lib/server/workspace";

const USAGE = `Usage: npm run programs -- <command>
  export [FILE]   every override as JSON, to FILE or standard output
  import FILE     make the overrides exactly those of FILE (an export); prints what changed
  list            one line per override
The workspace is DASHBOARD_DATABASE_URL's database when set, else the PGlite directory
WORKSPACE_DATA_DIR (default .data/workspace), which a running dashboard holds: stop it first.`;

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [command, file] = positionals;
  if (!["export", "import", "list"].includes(command ?? "") || (command === "import" && !file)) {
    console.error(USAGE);
    return 2;
  }
  // Read first: a bad file is reported before the workspace is opened (or locked).
  const wanted = command === "import" ? readOverridesFile(await readFile(file!, "utf8")) : undefined;
  const db = await openWorkspaceDb({
    databaseUrl: process.env.DASHBOARD_DATABASE_URL || undefined,
    dataDir: process.env.WORKSPACE_DATA_DIR || ".data/workspace",
  });
  try {
    if (wanted) {
      const counts = await replaceOverrides(db, wanted, `command line (${userInfo().username})`);
      console.log(`Imported: ${counts.set} set, ${counts.removed} removed, ${counts.unchanged} unchanged.`);
      return 0;
    }
    const overrides = await listOverrides(db);
    if (command === "list") {
      for (const o of overrides) {
        const schedule =
          o.interval_days === null && o.interval_miles === null
            ? "the learned schedule"
            : [
                o.interval_days && `every ${o.interval_days} days`,
                o.interval_miles && `every ${o.interval_miles} miles`,
              ]
                .filter(Boolean)
                .join(" or ");
        const what = o.no_program
          ? "no program"
          : `${schedule}, due soon at ${o.due_soon_share ?? "the default"} of it`;
        console.log(`${o.task_type}\t${what}\tby ${o.changed_by} at ${o.changed_at}`);
      }
      return 0;
    }
    const text = overridesFile(overrides, new Date());
    if (file) await writeFile(file, text);
    else process.stdout.write(text);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
