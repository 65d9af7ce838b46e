import "server-only";
import { appendFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

// Without Redis, an instance keeps its sign-outs in a file too, so that a restart does not forget
// them and let a copied cookie of a signed-out session back in. JSON lines, appended; rewritten
// with only the unexpired records once most lines have expired. Writes run one at a time, so an
// append never goes to a file a rewrite has just replaced.

export class SignedOutFile {
  private lines = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  /** The records that have not expired by `now` (ms). */
  async load(now: number): Promise<Map<string, number>> {
    const live = new Map<string, number>();
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return live;
      throw error;
    }
    for (const line of text.split("\n").filter(Boolean)) {
      this.lines += 1;
      const record = parsed(line);
      if (record && record.until > now) live.set(record.sid, record.until);
    }
    return live;
  }

  /** Saves one record; `live` (which holds it already) is what a rewrite keeps. */
  save(sessionId: string, untilMs: number, live: ReadonlyMap<string, number>): Promise<void> {
    const write = this.queue.then(() => this.write(sessionId, untilMs, live));
    // The caller is told of a failure through the promise returned; the next write only waits
    // for this one to settle, whichever way.
    this.queue = Promise.allSettled([write]);
    return write;
  }

  private async write(sessionId: string, untilMs: number, live: ReadonlyMap<string, number>) {
    await mkdir(dirname(this.path), { recursive: true });
    if (this.lines < 2 * live.size + 100) {
      await appendFile(this.path, line(sessionId, untilMs), { mode: 0o600 });
      this.lines += 1;
      return;
    }
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, [...live].map(([sid, until]) => line(sid, until)).join(""), { mode: 0o600 });
    await rename(temporary, this.path);
    this.lines = live.size;
  }
}

const line = (sid: string, until: number) => `${JSON.stringify({ sid, until })}\n`;

/** A record, or undefined for a line a crash cut short. */
function parsed(text: string): { sid: string; until: number } | undefined {
  try {
    const { sid, until } = JSON.parse(text) as { sid?: unknown; until?: unknown };
    return typeof sid === "string" && typeof until === "number" ? { sid, until } : undefined;
  } catch {
    return undefined;
  }
}
