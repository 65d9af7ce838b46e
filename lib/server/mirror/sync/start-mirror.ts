import "server-only";
import { hostname } from "node:os";
import type { DashboardEnv } from "../../env";
import type { VtsClient } from "../../upstream";
import { CoverageCache, type CoverageCacheLog, type CoverageRange } from "../read/coverage-cache";
import type { Coverage } from "../read/coverage";
import { diskTooFull } from "../store/disk-space";
import { openMirrorDbOrRebuild, type MirrorDb } from "../store/mirror-db";
import { DAY_MS } from "@/contract/query/day";
import { advisoryLeadership, soleLeadership } from "./leader";
import { DEFAULT_HEAT } from "./plan";
import { adoptSource, syncSource } from "./source";
import { mirrorStatus, recordSyncError, type MirrorStatus, type SyncLog } from "./status";
import { MirrorSyncer } from "./syncer";

// The mirror as the dashboard's backend holds it: the database every instance reads, and the
// syncer that runs while this instance leads. A restart reopens the persisted mirror, which is
// served at once, and the syncer carries on from the slices' as_of.

export interface Mirror {
  db: MirrorDb;
  syncer: MirrorSyncer;
  status(): Promise<MirrorStatus>;
  /** Whether the mirror may answer for the range (read/coverage.ts). */
  coverage(range: CoverageRange): Promise<Coverage>;
  /** "Someone looked at [from, to)": those slices are refreshed first. */
  noteViewed(from: Date, to: Date): Promise<void>;
  /** "Someone looked at tasks at these instants": their days are refreshed first. */
  noteViewedAt(instants: readonly string[]): Promise<void>;
  /** What is wrong with the mirror now, for the health check (no secret, no path). */
  problems(): string[];
  close(): Promise<void>;
}

export async function startMirror(
  env: DashboardEnv,
  client: VtsClient,
  onError: (error: unknown) => void,
  log?: SyncLog,
): Promise<Mirror> {
  const databaseUrl = env.DASHBOARD_DATABASE_URL;
  const adopted = `${env.VTS_BASE_URL} ${env.VTS_CLIENT_ID}`;
  const { db, setAside } = await openMirrorDbOrRebuild(
    { databaseUrl, dataDir: env.MIRROR_DATA_DIR },
    (error) => log?.debug("mirror: an idle database connection failed; the next query reconnects", error),
  );
  try {
    if (setAside) {
      const message =
        `The mirror's files would not open (${setAside.reason}); they were set aside in ` +
        `${setAside.path}, and the mirror is filled again from the service.`;
      log?.warn(`mirror: ${message}`);
      await recordSyncError(db, message);
    }
    await adoptSource(db, adopted);
  } catch (error) {
    await db.close();
    throw error;
  }
  const syncer = new MirrorSyncer({
    db,
    source: syncSource(client),
    leadership: databaseUrl ? advisoryLeadership(databaseUrl, log) : soleLeadership,
    instance: `${hostname()}:${process.pid}`,
    daysBack: env.MIRROR_DAYS_BACK,
    daysAhead: env.MIRROR_DAYS_AHEAD,
    heat: { ...DEFAULT_HEAT, walkMs: env.VTS_MAX_WINDOW_DAYS * DAY_MS },
    onError,
    log,
    adopted,
    // A shared PostgreSQL's disk is its operator's; an embedded mirror's is this process's to mind.
    ...(databaseUrl
      ? {}
      : {
          writesBlocked: () => diskTooFull(env.MIRROR_DATA_DIR, env.MIRROR_MIN_FREE_MB * 1_048_576),
        }),
  });
  syncer.start();
  return mirrorOf(db, syncer, log);
}

/** The mirror as the backend holds it, around its database and its (started) syncer. */
export function mirrorOf(db: MirrorDb, syncer: MirrorSyncer, log?: CoverageCacheLog): Mirror {
  const coverage = new CoverageCache(db, log);
  // Requests meanwhile read the slices with SQL; the first LISTEN takes a few milliseconds.
  void coverage.start();
  return {
    db,
    syncer,
    status: () => mirrorStatus(db),
    coverage: (range) => coverage.coverage(range),
    noteViewed: (from, to) => syncer.noteViewed(from, to),
    noteViewedAt: (instants) => syncer.noteViewedAt(instants),
    problems: () => (syncer.writesBlockedBecause ? ["mirror_disk_nearly_full"] : []),
    async close() {
      await syncer.stop();
      await coverage.close();
      await db.close();
    },
  };
}
