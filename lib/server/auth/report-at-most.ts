import "server-only";

// Something that can happen on every request (a store down, a forged cookie) is reported once per
// interval, with how many times it happened since: one line a minute tells an operator as much as
// thousands would, and a visitor cannot flood the log.

export function reportAtMostEvery(
  intervalMs: number,
  report: (error: unknown, suppressed: number) => void,
  now: () => number = Date.now,
): (error: unknown) => void {
  let lastReport = -Infinity;
  let suppressed = 0;
  return (error) => {
    if (now() - lastReport < intervalMs) {
      suppressed += 1;
      return;
    }
    lastReport = now();
    report(error, suppressed);
    suppressed = 0;
  };
}
