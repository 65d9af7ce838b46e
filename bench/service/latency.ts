// Percentiles and timing. Samples are kept whole (a few hundred per case), so percentiles are exact
// order statistics rather than histogram buckets.

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of samples in milliseconds; p in 0..100. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    mean: samples.length > 0 ? total / samples.length : Number.NaN,
  };
}

/** Wall time of one awaited call, in milliseconds, from a monotonic clock. */
export async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
