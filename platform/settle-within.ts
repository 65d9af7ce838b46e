// A piece of work given a deadline: it is handed a signal that aborts at the deadline, and its
// caller gets `late` then, whether or not the work heeds the signal. A caller that must answer in
// time (a page's first render, a health probe) never waits on work that ignores its abort.
// node:timers' own functions: a test that fakes the global timers cannot move or stop this deadline.
import { clearTimeout, setTimeout } from "node:timers";

export async function settleWithin<T, L>(
  deadlineMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  late: L,
): Promise<T | L> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<L>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(late);
    }, deadlineMs);
  });
  try {
    return await Promise.race([work(controller.signal), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
