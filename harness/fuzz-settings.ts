// One seed and one case count for every randomised test (the service's API fuzz, the mirror's
// random query walks): the suite runs a fixed seed, so a red run is a regression, never bad luck,
// and a moderate number of cases, so it stays quick; a long local hunt raises both from the shell.
//   FUZZ_SEED=N       replays seed N; FUZZ_SEED=random draws a new one (each failure names its seed)
//   FUZZ_SCALE=k      multiplies every test's default case count by k (e.g. 10 for a long run)

const DEFAULT_SEED = 20_261_122;

export function fuzzSeed(): number {
  const fromEnv = process.env.FUZZ_SEED;
  if (fromEnv === "random") return Math.floor(Math.random() * 2 ** 32);
  if (fromEnv !== undefined && fromEnv !== "") {
    const seed = Number(fromEnv);
    if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got "${fromEnv}"`);
    return seed >>> 0;
  }
  return DEFAULT_SEED;
}

export function fuzzScale(): number {
  const scale = Number(process.env.FUZZ_SCALE ?? "1");
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** A count of cases scaled by FUZZ_SCALE, never below one. */
export function fuzzCount(base: number): number {
  return Math.max(1, Math.round(base * fuzzScale()));
}

/**
 * fast-check's settings for a property of `baseRuns` cases: the suite's seed and FUZZ_SCALE. On a
 * failure fast-check shrinks the case to a minimal one and reports it with the seed and path that
 * replay it.
 */
export function propertySettings(baseRuns: number): { seed: number; numRuns: number } {
  return { seed: fuzzSeed() | 0, numRuns: fuzzCount(baseRuns) };
}
