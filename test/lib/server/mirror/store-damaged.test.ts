// An embedded mirror whose files will not open is set aside beside its directory and opened anew,
// empty, for the sync to fill; two damaged copies are kept, older ones removed. A directory another
// process holds is never taken for damage.
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DataDirInUseError } from "@/platform/data-dir-lock";
import { openMirrorDb, openMirrorDbOrRebuild } from "@/lib/server/mirror/store/mirror-db";

const root = mkdtempSync(join(tmpdir(), "mirror-damaged-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Overwrites the first page of every third relation file: what a crash or a disk fault leaves. */
function damage(dataDir: string): void {
  const base = join(dataDir, "base");
  let file = 0;
  for (const database of readdirSync(base))
    for (const name of readdirSync(join(base, database))) {
      const path = join(base, database, name);
      if (statSync(path).size < 8192 || file++ % 3 !== 0) continue;
      const fd = openSync(path, "r+");
      writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 0);
      closeSync(fd);
    }
}

const damagedCopies = (dataDir: string) =>
  readdirSync(dirname(dataDir)).filter((name) => name.startsWith(`${basename(dataDir)}.damaged-`));

it("sets a damaged mirror aside, keeps the two newest damaged copies, and opens an empty one", async () => {
  const dataDir = join(root, "mirror");
  const first = await openMirrorDb({ databaseUrl: undefined, dataDir });
  await first.query(
    "INSERT INTO mirror_locations (id, name, timezone, address, as_of) VALUES ('loc', 'Depot', 'UTC', '-', now())",
  );
  await first.close();
  damage(dataDir);
  // Two copies set aside before.
  for (const stamp of ["2026-01-01T00-00-00-000Z", "2026-02-01T00-00-00-000Z"])
    mkdirSync(`${dataDir}.damaged-${stamp}`);
  await expect(openMirrorDb({ databaseUrl: undefined, dataDir })).rejects.toThrow();

  const { db, setAside } = await openMirrorDbOrRebuild({ databaseUrl: undefined, dataDir });
  try {
    expect(setAside?.path.startsWith(`${dataDir}.damaged-`)).toBe(true);
    expect(existsSync(join(setAside!.path, "base"))).toBe(true);
    expect(await db.query("SELECT id FROM mirror_locations")).toEqual([]);
    expect(damagedCopies(dataDir).sort()).toEqual([
      "mirror.damaged-2026-02-01T00-00-00-000Z",
      basename(setAside!.path),
    ]);
  } finally {
    await db.close();
  }
});

it("never takes a mirror another process holds for damage", async () => {
  const dataDir = join(root, "held");
  const holder = await openMirrorDb({ databaseUrl: undefined, dataDir });
  try {
    // The lock names this process: a second open in it is refused the same way another's would be.
    const lockPath = join(dataDir, "mirror.lock");
    const fd = openSync(lockPath, "w");
    writeSync(fd, String(process.ppid));
    closeSync(fd);
    await expect(openMirrorDbOrRebuild({ databaseUrl: undefined, dataDir })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    expect(damagedCopies(dataDir)).toEqual([]);
  } finally {
    await holder.close();
  }
});
