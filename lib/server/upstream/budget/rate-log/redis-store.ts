import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { RateLogGrant, RateLogState } from "./rate-log";

// The shared rate log's operations in Redis, one Lua script call each. Each script runs
// atomically in Redis, so "count, then record" cannot interleave between instances. Time is Redis
// TIME, never an instance's clock: instances whose clocks disagree still agree on which grants are
// inside the rate period. (Redis >= 5 replicates scripts by effect, which is what allows TIME
// before a write.) Errors propagate: deciding what to do when Redis is away is RedisRateLog's job.
//
// KEYS[1] is the sorted set of entries (score = ms on Redis's clock), KEYS[2] the pause key.

const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local periodMs = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - periodMs)
local count = redis.call('ZCARD', KEYS[1])
`;

// Appends the log's state: count, ms until the oldest entry leaves (-1 when empty), pause left.
const STATE = `
local paused = redis.call('PTTL', KEYS[2])
if paused < 0 then paused = 0 end
local function state()
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local free = -1
  if oldest[2] then free = tonumber(oldest[2]) + periodMs - now end
  return {count, free, paused}
end
`;

/** ARGV: periodMs, maxInLog, member. Returns {granted, count, freeInMs, pausedForMs}. */
const ACQUIRE_SCRIPT = `${PRELUDE}${STATE}
local granted = 0
if paused == 0 and count < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], periodMs)
  count = count + 1
  granted = 1
end
local s = state()
return {granted, s[1], s[2], s[3]}
`;

/** ARGV: periodMs. Returns {count, freeInMs, pausedForMs}. */
const INSPECT_SCRIPT = `${PRELUDE}${STATE}
return state()
`;

/**
 * ARGV: periodMs, minTotal, extra, member prefix, ageOutMs. Adds max(extra, minTotal - count)
 * phantoms, back-dated to leave the log after ageOutMs (capped, so a garbage header cannot make
 * Redis loop for long). Returns how many were added.
 */
const PHANTOMS_SCRIPT = `${PRELUDE}
local add = math.min(10000, math.max(tonumber(ARGV[3]), tonumber(ARGV[2]) - count))
local at = now - periodMs + math.min(periodMs, math.max(1, tonumber(ARGV[5])))
for i = 1, add do
  redis.call('ZADD', KEYS[1], at, ARGV[4] .. ':' .. i)
end
if add > 0 then redis.call('PEXPIRE', KEYS[1], periodMs) end
return math.max(add, 0)
`;

/**
 * ARGV: periodMs, member prefix, then the lifetimes (ms) of the entries the log should hold at
 * least, longest first. Adds the longest-lived of them beyond the count the log holds already
 * ("raise to", so instances handing back the same calls do not add them twice). Returns how many.
 */
const RAISE_WITH_LIFETIMES_SCRIPT = `${PRELUDE}
local add = math.min(10000, #ARGV - 2 - count)
for i = 1, add do
  local at = now - periodMs + math.min(periodMs, math.max(1, tonumber(ARGV[2 + i])))
  redis.call('ZADD', KEYS[1], at, ARGV[2] .. ':' .. i)
end
if add > 0 then redis.call('PEXPIRE', KEYS[1], periodMs) end
return math.max(add, 0)
`;

/** KEYS[1] pause key; ARGV: ms. Extends the pause, never shortens it. */
const PAUSE_SCRIPT = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then
  redis.call('SET', KEYS[1], '1', 'PX', ms)
end
return 1
`;

/** Reads a script reply as numbers; anything else is a protocol error worth failing over on. */
function numbersFromReply(reply: unknown, length: number): number[] {
  if (!Array.isArray(reply) || reply.length !== length) throw new TypeError("unexpected Redis script reply");
  return reply.map((value) => {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new TypeError("unexpected Redis script reply");
    return n;
  });
}

/** The most grants of this instance kept for releaseNewest. */
const MAX_RELEASABLE = 100;

export class RedisRateLogStore {
  /** Where the limit some instance learned is shared. */
  readonly limitKey: string;
  private readonly logKey: string;
  private readonly pauseKey: string;
  /** Entry names must be unique across instances, or ZADD would overwrite instead of add. */
  private readonly memberPrefix = randomUUID();
  private sequence = 0;
  /** This instance's latest grants, newest last: the ones releaseNewest may take back. */
  private readonly granted: string[] = [];

  constructor(
    private readonly redis: Redis,
    key: string,
    private readonly periodMs: number,
  ) {
    // These names are the ones instances of the previous version read and write: two versions may
    // share one Redis during an upgrade, so they stay as they are whatever the code calls them.
    this.limitKey = `${key}:limit`;
    // One hash tag, so both keys land in the same slot should this ever run on a Redis Cluster.
    this.logKey = `{${key}}:log`;
    this.pauseKey = `{${key}}:pause`;
  }

  async tryAcquire(maxInLog: number): Promise<RateLogGrant> {
    const keys = [this.logKey, this.pauseKey];
    const member = this.member();
    const reply = await this.redis.eval(ACQUIRE_SCRIPT, 2, ...keys, this.periodMs, maxInLog, member);
    const [granted, ...state] = numbersFromReply(reply, 4) as [number, number, number, number];
    if (granted === 1) {
      this.granted.push(member);
      // A call is released at once or not at all: only the last few are worth keeping.
      if (this.granted.length > MAX_RELEASABLE) this.granted.shift();
    }
    return { granted: granted === 1, ...toState(state) };
  }

  /** Removes this instance's newest grant from the log (one that left it already is gone anyway). */
  async releaseNewest(): Promise<void> {
    const member = this.granted.pop();
    if (member !== undefined) await this.redis.zrem(this.logKey, member);
  }

  async inspect(): Promise<RateLogState> {
    const reply = await this.redis.eval(INSPECT_SCRIPT, 2, this.logKey, this.pauseKey, this.periodMs);
    return toState(numbersFromReply(reply, 3) as [number, number, number]);
  }

  /** Adds max(extra, minTotal - count) phantoms that leave the log after ageOutInMs. */
  async addPhantoms(minTotal: number, extra: number, ageOutInMs: number): Promise<void> {
    const args = [minTotal, extra].map((n) => Math.max(0, Math.round(n)));
    const ageOut = Math.max(1, Math.round(ageOutInMs));
    const prefix = `${this.member()}:p`;
    await this.redis.eval(PHANTOMS_SCRIPT, 1, this.logKey, this.periodMs, ...args, prefix, ageOut);
  }

  /** Raises the count to `lifetimes.length` entries, adding the longest-lived ones missing. */
  async raiseWithLifetimes(lifetimes: number[]): Promise<void> {
    if (lifetimes.length === 0) return;
    const longestFirst = [...lifetimes].sort((a, b) => b - a).map((ms) => Math.max(1, Math.round(ms)));
    const prefix = `${this.member()}:h`;
    await this.redis.eval(
      RAISE_WITH_LIFETIMES_SCRIPT,
      1,
      this.logKey,
      this.periodMs,
      prefix,
      ...longestFirst,
    );
  }

  async pause(forMs: number): Promise<void> {
    await this.redis.eval(PAUSE_SCRIPT, 1, this.pauseKey, Math.max(1, Math.ceil(forMs)));
  }

  private member(): string {
    this.sequence += 1;
    return `${this.memberPrefix}:${this.sequence}`;
  }
}

function toState([count, free, paused]: [number, number, number]): RateLogState {
  return { count, freeInMs: free < 0 ? undefined : free, pausedForMs: paused, share: 1 };
}
