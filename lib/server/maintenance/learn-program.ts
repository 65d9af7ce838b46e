// A maintenance program learned from what the fleet did: for one task type, the gaps between a
// vehicle's consecutive completed jobs of that type. A program is "every D days or M miles, whichever
// comes first", so each on-schedule gap ends near D days or near M miles, whichever the vehicle
// reached first; a type done irregularly (damage repair, a car wash) has gaps spread all over.

export interface Gap {
  vehicleId: string;
  days: number;
  miles: number;
}

export interface LearnedProgram {
  interval_days: number | null;
  interval_miles: number | null;
  /** Gaps the program was learned from, the vehicles they came from, and their spread. */
  sample: {
    gaps: number;
    vehicles: number;
    /** Share of gaps that ended within 80% to 110% of the interval (the program's fit). */
    on_interval_share: number;
    days: { p25: number; p50: number; p75: number };
    miles: { p25: number; p50: number; p75: number };
  };
}

/** Fewer repeats than this say nothing about a schedule. */
export const MIN_GAPS = 30;
/** A program must explain at least this share of the gaps. */
export const MIN_FIT = 0.6;
/** A second dimension (days and miles) must explain this much more than one alone. */
const SECOND_DIMENSION_GAIN = 0.1;
const FIT_LOW = 0.8;
const FIT_HIGH = 1.1;
/** The interval is where nearly every on-schedule job was done by: the gaps' 90th percentile. */
const INTERVAL_QUANTILE = 0.9;

/** The gap list's quantile q (0..1), nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** How far through its interval a gap ended: the larger of its days and miles shares. */
export function intervalShare(
  gap: { days: number; miles: number },
  days: number | null,
  miles: number | null,
) {
  return Math.max(days === null ? 0 : gap.days / days, miles === null ? 0 : gap.miles / miles);
}

function fit(gaps: readonly Gap[], days: number | null, miles: number | null): number {
  const within = gaps.filter((gap) => {
    const share = intervalShare(gap, days, miles);
    return share >= FIT_LOW && share <= FIT_HIGH;
  });
  return within.length / gaps.length;
}

/** The program these gaps follow, or null when there are too few or they follow none. */
export function learnProgram(gaps: readonly Gap[]): LearnedProgram | null {
  if (gaps.length < MIN_GAPS) return null;
  const days = ascending(gaps.map((gap) => gap.days));
  const miles = ascending(gaps.map((gap) => gap.miles));
  const dayInterval = Math.max(1, Math.round(quantile(days, INTERVAL_QUANTILE)));
  const mileInterval = Math.max(100, Math.round(quantile(miles, INTERVAL_QUANTILE) / 100) * 100);
  const single = [
    { days: dayInterval, miles: null, fit: fit(gaps, dayInterval, null) },
    { days: null, miles: mileInterval, fit: fit(gaps, null, mileInterval) },
  ].sort((a, b) => b.fit - a.fit)[0]!;
  const both = { days: dayInterval, miles: mileInterval, fit: fit(gaps, dayInterval, mileInterval) };
  const chosen = both.fit >= single.fit + SECOND_DIMENSION_GAIN ? both : single;
  if (chosen.fit < MIN_FIT) return null;
  const spread = (sorted: number[]) => ({
    p25: Math.round(quantile(sorted, 0.25)),
    p50: Math.round(quantile(sorted, 0.5)),
    p75: Math.round(quantile(sorted, 0.75)),
  });
  return {
    interval_days: chosen.days,
    interval_miles: chosen.miles,
    sample: {
      gaps: gaps.length,
      vehicles: new Set(gaps.map((gap) => gap.vehicleId)).size,
      on_interval_share: Math.round(chosen.fit * 1000) / 1000,
      days: spread(days),
      miles: spread(miles),
    },
  };
}
