import "server-only";

// Lua for the shared request window. Each script runs atomically in Redis, so "count, then record"
// cannot interleave between instances. Time is Redis TIME, never an instance's clock: instances
// whose clocks disagree still agree on which grants are inside the window. (Redis >= 5 replicates
// scripts by effect, which is what allows TIME before a write.)
//
// KEYS[1] is the sorted set of entries (score = ms on Redis's clock), KEYS[2] the pause key.

const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local windowMs = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
`;

// Appends the window state: count, ms until the oldest entry leaves (-1 when empty), pause left.
const STATE = `
local paused = redis.call('PTTL', KEYS[2])
if paused < 0 then paused = 0 end
local function state()
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local free = -1
  if oldest[2] then free = tonumber(oldest[2]) + windowMs - now end
  return {count, free, paused}
end
`;

/** ARGV: windowMs, maxInWindow, member. Returns {granted, count, freeInMs, pausedForMs}. */
export const ACQUIRE_SCRIPT = `${PRELUDE}${STATE}
local granted = 0
if paused == 0 and count < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], windowMs)
  count = count + 1
  granted = 1
end
local s = state()
return {granted, s[1], s[2], s[3]}
`;

/** ARGV: windowMs. Returns {count, freeInMs, pausedForMs}. */
export const INSPECT_SCRIPT = `${PRELUDE}${STATE}
return state()
`;

/**
 * ARGV: windowMs, minTotal, extra, member prefix, ageOutMs. Adds max(extra, minTotal - count)
 * phantoms, back-dated to leave the window after ageOutMs (capped, so a garbage header cannot make
 * Redis loop for long). Returns how many were added.
 */
export const PHANTOMS_SCRIPT = `${PRELUDE}
local add = math.min(10000, math.max(tonumber(ARGV[3]), tonumber(ARGV[2]) - count))
local at = now - windowMs + math.min(windowMs, math.max(1, tonumber(ARGV[5])))
for i = 1, add do
  redis.call('ZADD', KEYS[1], at, ARGV[4] .. ':' .. i)
end
if add > 0 then redis.call('PEXPIRE', KEYS[1], windowMs) end
return math.max(add, 0)
`;

/**
 * ARGV: windowMs, member prefix, then the lifetimes (ms) of the entries the window should hold at
 * least, longest first. Adds the longest-lived of them beyond the count the window holds already
 * ("raise to", so instances handing back the same calls do not add them twice). Returns how many.
 */
export const RAISE_WITH_LIFETIMES_SCRIPT = `${PRELUDE}
local add = math.min(10000, #ARGV - 2 - count)
for i = 1, add do
  local at = now - windowMs + math.min(windowMs, math.max(1, tonumber(ARGV[2 + i])))
  redis.call('ZADD', KEYS[1], at, ARGV[2] .. ':' .. i)
end
if add > 0 then redis.call('PEXPIRE', KEYS[1], windowMs) end
return math.max(add, 0)
`;

/** KEYS[1] pause key; ARGV: ms. Extends the pause, never shortens it. */
export const PAUSE_SCRIPT = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then
  redis.call('SET', KEYS[1], '1', 'PX', ms)
end
return 1
`;

/** Reads a script reply as numbers; anything else is a protocol error worth failing over on. */
export function numbersFromReply(reply: unknown, length: number): number[] {
  if (!Array.isArray(reply) || reply.length !== length) throw new TypeError("unexpected Redis script reply");
  return reply.map((value) => {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new TypeError("unexpected Redis script reply");
    return n;
  });
}
