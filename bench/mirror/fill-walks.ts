import type { MirrorExecutor } from "@/lib/server/mirror/store/mirror-db";

// The walks of the fill, read back from the mirror as they happen: every window a walk applies
// carries the walk's start as its as_of, so windows first seen with one as_of were filled by one
// walk, and a window whose as_of changes later was walked again (a hot window's refresh) and
// spent calls on rows the mirror already held. A walk's last page is its only partial one, so the
// fewest calls a walk can take is ceil(rows / 500).

export const PAGE_ROWS = 500;

export interface FillWalk {
  windows: number;
  rows: number;
}

interface WindowRow {
  start: string;
  as_of: Date;
  rows: number;
}

export class WalkTracker {
  private readonly seen = new Map<string, number>();
  private readonly firstWalks = new Map<number, FillWalk>();
  rewalkedWindows = 0;
  rewalkedRows = 0;

  async look(db: MirrorExecutor): Promise<void> {
    const rows = await db.query<WindowRow>(
      `SELECT starts_at::text AS start, as_of, task_count AS rows FROM mirror_windows WHERE as_of IS NOT NULL`,
    );
    for (const row of rows) {
      const asOf = row.as_of.getTime();
      const before = this.seen.get(row.start);
      this.seen.set(row.start, asOf);
      if (before === asOf) continue;
      if (before !== undefined) {
        this.rewalkedWindows++;
        this.rewalkedRows += row.rows;
        continue;
      }
      const walk = this.firstWalks.get(asOf) ?? { windows: 0, rows: 0 };
      this.firstWalks.set(asOf, { windows: walk.windows + 1, rows: walk.rows + row.rows });
    }
  }

  /** The walks that first filled windows, in time order. */
  get walks(): FillWalk[] {
    return [...this.firstWalks.entries()].sort(([a], [b]) => a - b).map(([, walk]) => walk);
  }

  get fewestCalls(): number {
    return this.walks.reduce((sum, walk) => sum + Math.max(1, Math.ceil(walk.rows / PAGE_ROWS)), 0);
  }
}
