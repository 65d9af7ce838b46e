import "server-only";
import { isProbePayload } from "@/platform/sql/postgres-listener";
import type { Subscription } from "@/platform/sql/sql-db";
import type { MirrorDb } from "../store/mirror-db";
import {
  coverageOfSnapshot,
  horizonCoverageOfSnapshot,
  mirrorCoverage,
  mirrorHorizonCoverage,
  readSliceSnapshot,
  type Coverage,
  type SliceSnapshot,
} from "./coverage";

// The coverage verdict of every mirrored request, decided from a snapshot of the sync slices held in
// memory, so a request costs no round trip to the database for it: coverage is asked on every
// mirrored request, and a round trip each would cost more than the page it guards. The snapshot is
// dropped the moment the database says a slice changed: a trigger (store/migrations.ts, migration 5)
// sends the notification in the changing transaction, whoever writes, and PostgreSQL delivers it
// at commit.
//
// What is promised: a verdict is never older than the last change this instance has been told of,
// nor read longer than SNAPSHOT_MAX_AGE_MS ago.
// On a shared PostgreSQL another instance's commit reaches this one about one network hop later (as
// a read through the pool would have seen it at most that much earlier); on PGlite, in process,
// before the committing statement returns. While the listening connection is down (at start, after
// a loss) nothing is trusted and every request reads the slices with SQL, as before; after it comes
// back the snapshot starts empty, since notifications sent meanwhile are lost.

/**
 * The channel the trigger of migration 5 spells out (an applied migration never changes; its
 * stored name predates the code's "slice", store/migrations.ts says why it stays).
 */
export const SLICES_CHANGED_CHANNEL = "mirror_windows_changed";

/**
 * A snapshot is read again once this old, whatever the notifications say: a listening connection
 * that died without an error is noticed only by its probe (5 s, plus 3 s for the answer), and until
 * then no notification comes. One read per 5 s per instance bounds how long that can mislead.
 */
export const SNAPSHOT_MAX_AGE_MS = 5_000;

/** A failed first LISTEN is tried again this often (the listener itself retries only later losses). */
const RELISTEN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface CoverageCacheLog {
  info(message: string): void;
  warn(message: string): void;
}

const SILENT: CoverageCacheLog = { info: () => {}, warn: () => {} };

export type CoverageRange = { from: string; to: string } | "horizon";

export class CoverageCache {
  /** Only while listening can a snapshot be trusted; until then every request reads SQL. */
  private listening = false;
  /** Bumped by every notification and gap, so a load that raced one is used once, not kept. */
  private generation = 0;
  private snapshot: { slices: SliceSnapshot; loadedAt: number } | undefined;
  /** The load in flight, shared by the requests of its generation. */
  private loading: { generation: number; snapshot: Promise<SliceSnapshot> } | undefined;
  private subscription: Subscription | undefined;
  private subscribing: Promise<void> | undefined;
  private relistenTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly db: MirrorDb,
    private readonly log: CoverageCacheLog = SILENT,
    private readonly maxAgeMs = SNAPSHOT_MAX_AGE_MS,
  ) {}

  /** Starts listening; resolves after the first attempt, which, failed, is retried in the background. */
  start(): Promise<void> {
    this.subscribing = this.subscribe();
    return this.subscribing;
  }

  /** Whether the snapshot may be used (tests wait for it). */
  get trusted(): boolean {
    return this.listening;
  }

  async coverage(range: CoverageRange): Promise<Coverage> {
    if (range === "horizon") {
      if (!this.listening) return mirrorHorizonCoverage(this.db);
      return horizonCoverageOfSnapshot(await this.current());
    }
    const fromMs = Date.parse(range.from);
    const toMs = Date.parse(range.to);
    // Only an instant written to the millisecond, as the request parsers write it, means the same
    // here as to PostgreSQL; anything else is left to the server's reading of it.
    if (!this.listening || !isCanonical(range.from, fromMs) || !isCanonical(range.to, toMs))
      return mirrorCoverage(this.db, range.from, range.to);
    return coverageOfSnapshot(await this.current(), fromMs, toMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relistenTimer);
    this.restart(false);
    await this.subscribing;
    await this.subscription?.close();
    this.subscription = undefined;
  }

  private current(): SliceSnapshot | Promise<SliceSnapshot> {
    if (this.snapshot && performance.now() - this.snapshot.loadedAt < this.maxAgeMs)
      return this.snapshot.slices;
    const generation = this.generation;
    const started = performance.now();
    if (this.loading?.generation === generation) return this.loading.snapshot;
    const snapshot = readSliceSnapshot(this.db).then((loaded) => {
      // A notification during the read may be about a commit it did not see: this call uses it,
      // the next one loads again.
      if (this.listening && generation === this.generation)
        this.snapshot = { slices: loaded, loadedAt: started };
      return loaded;
    });
    const loading = { generation, snapshot };
    this.loading = loading;
    const settle = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    snapshot.then(settle, settle);
    return snapshot;
  }

  private async subscribe(): Promise<void> {
    try {
      const subscription = await this.db.listen(SLICES_CHANGED_CHANNEL, {
        onNotify: (payload) => {
          // A listener's liveness probe says nothing changed; the listener drops them, this makes sure.
          if (!isProbePayload(payload)) this.restart(this.listening);
        },
        onListening: (listening) => {
          this.restart(listening);
          if (listening) this.log.info("mirror coverage kept in memory: listening for slice changes");
          else this.log.warn("mirror coverage read per request until listening for slice changes again");
        },
        onTrouble: (message) => this.log.warn(`mirror slice changes: ${message}`),
      });
      if (this.closed) await subscription.close();
      else this.subscription = subscription;
      this.failures = 0;
    } catch {
      // Why it failed went to onTrouble (a message without the connection string).
      if (this.closed) return;
      const delay = RELISTEN_DELAYS_MS[Math.min(this.failures, RELISTEN_DELAYS_MS.length - 1)];
      this.failures += 1;
      this.log.warn(`mirror coverage read per request; listening again in ${delay} ms`);
      this.relistenTimer = setTimeout(() => {
        this.subscribing = this.subscribe();
      }, delay);
      this.relistenTimer.unref();
    }
  }

  private restart(listening: boolean): void {
    this.generation += 1;
    this.snapshot = undefined;
    this.listening = listening && !this.closed;
  }
}

function isCanonical(text: string, ms: number): boolean {
  return Number.isFinite(ms) && new Date(ms).toISOString() === text;
}
