// Seeded pseudo-random numbers: the service's sandbox generator draws everything from here, so the
// same seed always reproduces the same data (no Math.random anywhere), and tests and benchmarks of
// either program draw their random cases from it with a fixed seed.

/** A 32-bit bijective integer mixer (Chris Wellons' "lowbias32"); the finaliser of splitmix32. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}

/**
 * Derives a stream key from a key and a sub-index. For a fixed key it is a bijection of the index, so
 * two tasks of one run never share a random stream.
 */
export function hash32(key: number, index: number): number {
  return mix32((mix32(key) + index) >>> 0);
}

/**
 * Folds any safe-integer seed (negative and above 2^32 included) into a 32-bit key. Seeds below 2^32
 * map to distinct keys, so small different seeds always give different data.
 */
export function seedKey(seed: number): number {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  const wide = BigInt.asUintN(64, BigInt(seed));
  const low = Number(wide & 0xffffffffn);
  const high = Number(wide >> 32n);
  return (mix32(low) ^ mix32(high ^ 0x5bd1e995)) >>> 0;
}

/**
 * splitmix32: a counter passed through mix32. It is reseeded per task, which makes every task
 * independent of the ones before it (cheap, and a change in one rule does not reshuffle all data).
 */
export class Rng {
  private state: number;

  constructor(seed = 0) {
    this.state = seed >>> 0;
  }

  reseed(seed: number): this {
    this.state = seed >>> 0;
    return this;
  }

  nextUint32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    return mix32(this.state);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform in [low, high). */
  between(low: number, high: number): number {
    return low + this.next() * (high - low);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** Indexed read that fails loudly instead of returning undefined (noUncheckedIndexedAccess). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range 0..${items.length - 1}`);
  return item;
}

/** Picks items in proportion to their weights with a binary search over cumulative weights. */
export class WeightedTable<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    const kept = entries.filter(([, weight]) => weight > 0);
    if (kept.length === 0) throw new RangeError("a weighted table needs at least one positive weight");
    this.items = kept.map(([item]) => item);
    this.cumulative = new Float64Array(kept.length);
    let sum = 0;
    kept.forEach(([, weight], i) => {
      sum += weight;
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let low = 0;
    let high = this.items.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    return at(this.items, low);
  }
}
