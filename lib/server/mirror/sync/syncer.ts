import "server-only";
import { BudgetExhaustedError, systemClock, type Clock, UpstreamError } from "../../upstream";
import { DAY_MS } from "@/contract/query/day";
import type { MirrorDb } from "../store/mirror-db";
import { applyLocations, applySlice } from "./apply";
import {
  applyFeedPage,
  dropFeedCursor,
  readFeedState,
  recordFeedStart,
  slicesUnderFeed,
  type FeedState,
} from "./feed";
import type { Leadership } from "./leader";
import { nextDueInMs, planNextWalk, type HeatSettings, type PlannedWalk, type SliceState } from "./plan";
import {
  alignSlices,
  horizonAt,
  noteViewed,
  noteViewedSlices,
  readSlices,
  sliceStartOf,
  ViewNotes,
  type Horizon,
} from "./slices";
import { SourceReplaced, type SyncSource } from "./source";
import {
  pruneSyncCalls,
  recordLeader,
  recordSyncCall,
  recordSyncError,
  SILENT_SYNC_LOG,
  type SyncLog,
} from "./status";
import { walkSlices } from "./walk";

// The sync loop: while this instance leads, keep the horizon's slices and the locations fresh,
// one planned walk at a time, and read the service's change feed when it offers one (feed.ts).
// Every upstream call goes through the shared budget at priority `sync` (the source passed in),
// so people never wait behind it.

export interface SyncerOptions {
  db: MirrorDb;
  source: SyncSource;
  leadership: Leadership;
  /** Names this instance in the status (host:pid). */
  instance: string;
  daysBack: number;
  daysAhead: number;
  heat: HeatSettings;
  locationsEveryMs?: number;
  /** How often the change feed is read once caught up: two calls a minute at the default. */
  feedEveryMs?: number;
  /** How often a service that offered no feed is asked again (it may have been upgraded). */
  feedProbeEveryMs?: number;
  /** Most feed pages read in one step before the planned walks get a turn. */
  feedPagesPerStep?: number;
  /** The longest idle pause: how soon a view noted by another instance is seen. */
  idleMs?: number;
  /** Pause after a failed step, and between tries to become leader. */
  retryMs?: number;
  clock?: Clock;
  onError?: (error: unknown) => void;
  log?: SyncLog;
  /** Why the mirror must not be written now (its disk nearly full), or undefined. */
  writesBlocked?: () => Promise<string | undefined>;
  /**
   * The service this instance adopted the mirror for (adoptSource). Every write checks the mirror
   * still mirrors it; once another instance adopts it for another service, this syncer stops.
   */
  adopted?: string;
}

/** A side call's first wait after a failure; each failure in a row doubles it, up to the most. */
const SIDE_RETRY_FIRST_MS = 30_000;
const SIDE_RETRY_MOST_MS = 10 * 60_000;

type SideCall = "locations" | "change feed";

export class MirrorSyncer {
  private readonly stopping = new AbortController();
  private wake = new AbortController();
  private running: Promise<void> | undefined;
  private aligned: Horizon | undefined;
  private locationsAt = Number.NEGATIVE_INFINITY;
  /** When the feed last came back with nothing more ready. */
  private feedReadAt = Number.NEGATIVE_INFINITY;
  /** When this syncer first found a slice never synced (the fill's start); how long hot ones wait. */
  private fillStartedAt: number | undefined;
  private leading = false;
  private readonly clock: Clock;
  private readonly log: SyncLog;
  private readonly viewNotes = new ViewNotes();
  /** Why the sync writes nothing now; undefined while it may. */
  private blocked: string | undefined;
  /** Each side call's failures in a row, and when it may be tried again. */
  private readonly sideRetries: Record<SideCall, { failures: number; nextAt: number }> = {
    locations: { failures: 0, nextAt: Number.NEGATIVE_INFINITY },
    "change feed": { failures: 0, nextAt: Number.NEGATIVE_INFINITY },
  };

  constructor(private readonly options: SyncerOptions) {
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? SILENT_SYNC_LOG;
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** Whether this instance led at its last check. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** Why the sync writes nothing now (its disk nearly full); undefined while it may write. */
  get writesBlockedBecause(): string | undefined {
    return this.blocked;
  }

  /** "Someone looked at [from, to)": those slices go first (on whichever instance leads). */
  async noteViewed(from: Date, to: Date): Promise<void> {
    if (this.blocked || !this.viewNotes.take(from, to)) return;
    await noteViewed(this.options.db, from, to);
    this.wake.abort();
  }

  /**
   * "Someone looked at tasks at these instants" (a vehicle's history, a task): their days go first,
   * each day alone rather than the span between them, which may be the whole horizon.
   */
  async noteViewedAt(instants: readonly string[]): Promise<void> {
    if (this.blocked) return;
    const starts = [...new Set(instants.map((instant) => sliceStartOf(Date.parse(instant))))].filter(
      (start) => this.viewNotes.take(new Date(start), new Date(start + DAY_MS)),
    );
    if (starts.length === 0) return;
    await noteViewedSlices(this.options.db, starts);
    this.wake.abort();
  }

  /** Ends the loop; a walk under way is abandoned and its slice left as it was. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error("mirror sync stopped"));
    await this.running;
    await this.options.leadership.release();
  }

  private async loop(): Promise<void> {
    const { retryMs = 10_000 } = this.options;
    while (!this.stopping.signal.aborted) {
      try {
        if (await this.holdWrites()) {
          await this.pause(retryMs);
          continue;
        }
        const leads = await this.options.leadership.check();
        if (leads && !this.leading) await recordLeader(this.options.db, this.options.instance);
        this.leading = leads;
        await (leads ? this.step() : this.pause(retryMs));
      } catch (error) {
        if (this.stopping.signal.aborted) break;
        if (error instanceof SourceReplaced) {
          // For good: this instance reads a service the mirror no longer mirrors. Its lock goes,
          // so that an instance of the new service leads at once.
          this.log.warn(error.message);
          this.leading = false;
          await this.options.leadership.release();
          break;
        }
        this.options.onError?.(error);
        // onError has reported the failure; only the status's copy of it is lost, most likely to
        // the same database fault, and the next step's outcome is recorded anew.
        await recordSyncError(this.options.db, describe(error)).catch((recordError: unknown) =>
          this.log.debug("mirror sync: its last error not recorded for the status", recordError),
        );
        // A budget that refused sync says when a slot may free: asking sooner only fails again.
        await this.pause(
          error instanceof BudgetExhaustedError ? Math.max(retryMs, error.retryAfterMs) : retryMs,
        );
      }
    }
  }

  /**
   * Before writing what was read: a syncer that lost its leadership meanwhile (its lock's
   * connection dropped) writes nothing more, for another leads now; nor while writes are blocked.
   */
  private async mayWriteAfter(what: string): Promise<void> {
    if (!(await this.options.leadership.check()))
      throw new Error(`mirror sync: leadership lost after ${what}`);
    // Between the writes of one step too (a long walk writes many slices): the loop then says why.
    const blocked = await this.options.writesBlocked?.();
    if (blocked) throw new Error(`mirror sync: ${blocked}`);
  }

  /** True while writes must wait; says so once when they stop and once when they may go on. */
  private async holdWrites(): Promise<boolean> {
    const blocked = await this.options.writesBlocked?.();
    if (blocked && !this.blocked) {
      this.log.warn(`mirror sync paused: ${blocked}`);
      // A small write, within the reserve kept free: what the status says until the sync resumes.
      await recordSyncError(this.options.db, `Sync paused: ${blocked}.`).catch((error: unknown) =>
        this.log.debug("mirror sync: the pause not recorded for the status", error),
      );
    }
    if (!blocked && this.blocked) this.log.info("mirror sync resumed: its disk has room again");
    this.blocked = blocked;
    return blocked !== undefined;
  }

  /** One unit of work: the horizon, the locations when due, then one walk or an idle pause. */
  private async step(): Promise<void> {
    const { db, heat, locationsEveryMs = 5 * 60_000, idleMs = 5_000 } = this.options;
    const now = this.clock.now();
    const horizon = horizonAt(now, this.options.daysBack, this.options.daysAhead);
    if (this.aligned?.from !== horizon.from || this.aligned.to !== horizon.to) {
      await alignSlices(db, horizon);
      this.aligned = horizon;
    }
    if (now - this.locationsAt >= locationsEveryMs) {
      const read = await this.sideCall("locations", now, async () => {
        const asOf = new Date(now);
        const locations = await this.spend(() => this.options.source.listLocations(this.stopping.signal));
        await applyLocations(db, locations, asOf, this.options.adopted);
        await pruneSyncCalls(db);
        this.locationsAt = now;
        return true;
      });
      if (read) return;
    }
    // Read once: a feed step that changes it spends calls and ends the step.
    const feed = await readFeedState(db);
    const feedDueInMs =
      (await this.sideCall("change feed", now, () => this.feedStep(feed, now, horizon))) ??
      this.sideRetries["change feed"].nextAt - now;
    if (feedDueInMs === 0) return;
    const slices = slicesUnderFeed(await readSlices(db), feed, now, heat.feedSafetyNetMs);
    this.fillStartedAt = slices.some((s) => s.asOf === undefined) ? (this.fillStartedAt ?? now) : undefined;
    const walk = planNextWalk(slices, now, heat, this.fillStartedAt);
    if (!walk) {
      const locationsDue =
        Math.max(this.locationsAt + locationsEveryMs, this.sideRetries.locations.nextAt) - now;
      const sliceDue = nextDueInMs(slices, now, heat, this.fillStartedAt);
      return this.pause(Math.min(idleMs, sliceDue, locationsDue, feedDueInMs));
    }
    await this.walkAndApply(walk, new Date(now));
  }

  /**
   * One of a step's side calls, whose failure must not hold up the walks: a client without the
   * locations' scope, a gateway that refuses the feed's path, a feed failing for a while would
   * otherwise fail every step before its walk, and no slice would be filled again. It is reported,
   * tried again after a wait that doubles with each failure in a row, and the step goes on;
   * undefined when it failed or waits. A stop, a budget that refuses sync, or a mirror adopted
   * for another service ends the step as before: the walk would meet it too.
   */
  private async sideCall<T>(which: SideCall, now: number, call: () => Promise<T>): Promise<T | undefined> {
    const retry = this.sideRetries[which];
    if (now < retry.nextAt) return undefined;
    try {
      const result = await call();
      retry.failures = 0;
      return result;
    } catch (error) {
      if (
        this.stopping.signal.aborted ||
        error instanceof BudgetExhaustedError ||
        error instanceof SourceReplaced
      )
        throw error;
      retry.failures += 1;
      retry.nextAt = now + Math.min(SIDE_RETRY_MOST_MS, SIDE_RETRY_FIRST_MS * 2 ** (retry.failures - 1));
      this.options.onError?.(error);
      await recordSyncError(this.options.db, `${which}: ${describe(error)}`).catch((recordError: unknown) =>
        this.log.debug(`mirror sync: a failure of the ${which} not recorded for the status`, recordError),
      );
      return undefined;
    }
  }

  /**
   * The change feed's turn: finds whether the service offers one, takes its cursor, or reads it on
   * when due. 0 when it spent calls (the step ends there); otherwise ms until it is due again.
   */
  private async feedStep(state: FeedState, now: number, horizon: Horizon): Promise<number> {
    const { db, feedEveryMs = 30_000, feedProbeEveryMs = 10 * 60_000, feedPagesPerStep = 20 } = this.options;
    if (state.offered === false && state.checkedAt !== undefined && now - state.checkedAt < feedProbeEveryMs)
      return state.checkedAt + feedProbeEveryMs - now;
    const signal = this.stopping.signal;
    if (state.cursor === undefined) {
      const askedAt = new Date(now);
      const latest = await this.spend(() => this.options.source.listTaskChanges("latest", signal));
      if (latest) {
        await recordFeedStart(db, latest.next_cursor, askedAt, this.options.adopted);
        this.log.info("mirror sync: the service offers a change feed; reading it");
      } else {
        await dropFeedCursor(db, askedAt, false, this.options.adopted);
        if (state.offered !== false)
          this.log.info("mirror sync: the service offers no change feed; re-reading slices instead");
      }
      this.feedReadAt = Number.NEGATIVE_INFINITY;
      return 0;
    }
    if (now - this.feedReadAt < feedEveryMs) return this.feedReadAt + feedEveryMs - now;
    let cursor = state.cursor;
    for (let read = 0; read < feedPagesPerStep; read++) {
      const requestedAt = new Date(this.clock.now());
      let page;
      try {
        page = await this.spend(() => this.options.source.listTaskChanges({ cursor }, signal));
      } catch (error) {
        // A cursor the service refuses (its store was replaced, and its key with it) is of no
        // more use: a new one is taken, and the slices walked again, oldest first.
        if (!(error instanceof UpstreamError) || error.details.status !== 400) throw error;
        this.log.warn("mirror sync: the service refused the change feed's cursor; taking a new one");
        await dropFeedCursor(db, requestedAt, true, this.options.adopted);
        return 0;
      }
      if (!page) {
        await dropFeedCursor(db, requestedAt, false, this.options.adopted);
        this.log.warn("mirror sync: the service no longer offers its change feed; re-reading slices instead");
        return 0;
      }
      await this.mayWriteAfter("reading the change feed");
      await applyFeedPage(db, page, horizon, requestedAt, this.options.adopted);
      cursor = page.next_cursor;
      if (!page.has_more) {
        this.feedReadAt = now;
        break;
      }
    }
    return 0;
  }

  /**
   * A slice whose claim is lost ends the walk: the instance that took it walks the same due
   * slices and is ahead, so this walk's later calls would buy answers its claims would refuse too.
   * The next step plans from what the table holds then; the slice counts as that walk's, not ours.
   */
  private async walkAndApply(walk: PlannedWalk, asOf: Date): Promise<void> {
    const source = {
      listTasks: (query: Parameters<SyncSource["listTasks"]>[0]) =>
        this.spend(() => this.options.source.listTasks(query, this.stopping.signal)),
    };
    try {
      await walkSlices(source, walk, async (slice, tasks) => {
        // Aborted meanwhile: a stopping syncer hands over nothing more.
        this.stopping.signal.throwIfAborted();
        await this.mayWriteAfter("a walk's page");
        if (!(await applySlice(this.options.db, slice, tasks, asOf, this.options.adopted)))
          throw new ClaimLost(slice, asOf);
      });
    } catch (error) {
      if (!(error instanceof ClaimLost)) throw error;
      this.log.warn(error.message);
    }
  }

  /** Counts, for the status, each call that reached the service (not one that never got a slot). */
  private async spend<T>(call: () => Promise<T>): Promise<T> {
    let reached = true;
    try {
      // A stop does not wait for the call: a token or budget wait may outlast the dashboard's stop
      // deadline, and what the call brings back after a stop would be thrown away anyway.
      return await untilStopped(call(), this.stopping.signal);
    } catch (error) {
      reached = error instanceof UpstreamError;
      throw error;
    } finally {
      // A call the status does not count leaves its figure low until the hour passes; the sync
      // itself is unharmed, and the database's fault shows in the step that needs it next.
      if (reached)
        await recordSyncCall(this.options.db).catch((error: unknown) =>
          this.log.debug("mirror sync: a call not counted for the status", error),
        );
    }
  }

  private async pause(ms: number): Promise<void> {
    // A view noted since the last pause: look at the slices again at once.
    if (this.wake.signal.aborted) {
      this.wake = new AbortController();
      return;
    }
    const signal = AbortSignal.any([this.stopping.signal, this.wake.signal]);
    await this.clock.sleep(Math.max(1, ms), signal).catch((reason: unknown) => {
      // A stop or a noted view ends the pause early, as meant; a clock failing otherwise is a fault.
      if (!signal.aborted) throw reason;
    });
  }
}

/** Settles with the call, or with the stop's reason first; the call's own outcome then goes unused. */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason instanceof Error ? signal.reason : new Error("stopped"));
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    // Always attached, so a rejection after the stop (the call sees the same signal) is handled.
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** A slice whose apply found a newer walk's as_of, or no row (the horizon moved past it). */
class ClaimLost extends Error {
  constructor(slice: Pick<SliceState, "startsAt" | "endsAt">, asOf: Date) {
    const span = `${new Date(slice.startsAt).toISOString()} to ${new Date(slice.endsAt).toISOString()}`;
    super(
      `mirror sync: lost the claim on slice ${span} (this walk's as_of ${asOf.toISOString()}): ` +
        "another instance applied a newer walk of it or moved the horizon past it; this walk stops here",
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
