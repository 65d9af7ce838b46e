import "server-only";
import type { Redis } from "ioredis";

// When an emptied Redis started holding sign-outs (session-revocation.ts). The time is Redis's own
// (TIME), not the clock of whichever instance noticed first: cookies are stamped by every
// instance's clock, so all of them are compared with one clock, and the instances' clocks must
// agree with it (NTP), as session expiry needs anyway. One script, so that reading the time and
// setting the key cannot interleave with another instance's.
const START_VOUCHING = `
local time = redis.call('TIME')
redis.call('SET', KEYS[1], string.format('%.0f', time[1] * 1000 + math.floor(time[2] / 1000)), 'NX')
return redis.call('GET', KEYS[1])
`;

/** Sets the marker to Redis's current time unless it is set; returns the marker (ms). */
export async function startVouching(redis: Redis, key: string): Promise<number> {
  return Number(await redis.eval(START_VOUCHING, 1, key));
}
