// Keyed bijections of [0, range): a balanced Feistel network over the next power of four, with
// "cycle walking" to stay inside the range. Used wherever values must be unique yet look scattered
// (task ids, fleet numbers, VIN serials).

import { hash32, mix32 } from "../../../platform/prng";

const ROUNDS = 4;
/** Halves of up to 26 bits keep every intermediate value an exact integer below 2^52. */
export const MAX_PERMUTATION_RANGE = 2 ** 52;

export function createPermutation(key: number, range: number): (value: number) => number {
  if (!Number.isSafeInteger(range) || range < 1 || range > MAX_PERMUTATION_RANGE) {
    throw new RangeError(`permutation range must be an integer in 1..2^52, got ${range}`);
  }
  const halfBits = Math.max(1, Math.ceil(Math.log2(range) / 2));
  const halfSize = 2 ** halfBits;
  const halfMask = halfSize - 1;
  const [k0 = 0, k1 = 0, k2 = 0, k3 = 0] = Array.from({ length: ROUNDS }, (_, round) => hash32(key, round));
  const feistel = (value: number): number => {
    let left = Math.floor(value / halfSize);
    let right = value % halfSize;
    let next = left ^ (mix32(right ^ k0) & halfMask);
    left = right;
    right = next;
    next = left ^ (mix32(right ^ k1) & halfMask);
    left = right;
    right = next;
    next = left ^ (mix32(right ^ k2) & halfMask);
    left = right;
    right = next;
    next = left ^ (mix32(right ^ k3) & halfMask);
    return right * halfSize + next;
  };
  return (value) => {
    if (!Number.isSafeInteger(value) || value < 0 || value >= range) {
      throw new RangeError(`value ${value} outside the permutation range 0..${range - 1}`);
    }
    // The network permutes [0, 4^halfBits); re-applying it until the result lands in range still
    // gives a bijection of [0, range), and takes fewer than four steps on average.
    let result = feistel(value);
    while (result >= range) result = feistel(result);
    return result;
  };
}
