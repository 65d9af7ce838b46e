// Order statistics for small samples: nearest-rank percentiles, so every figure is a value that
// was actually measured.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const max = (values: readonly number[]): number =>
  values.length === 0 ? Number.NaN : Math.max(...values);
