"use client";
import { useEffect, useState } from "react";
import { DashboardApiError } from "./dashboard-api";
import { retryDelay } from "./task-queries";

// While a query waits to be sent again by itself, what it waits for and the seconds left: the
// shared upstream budget (the dashboard API's Retry-After) or a service that did not answer (the
// backoff of task-queries.ts). Undefined when it is not waiting.

export interface RetryWait {
  seconds: number;
  /** The shared budget, rather than the service, holds it back. */
  budget: boolean;
  /** What went wrong, in the dashboard's words. */
  message: string;
}

export function useRetryWait(
  failureReason: unknown,
  failureCount: number,
  retrying: boolean,
): RetryWait | undefined {
  const error = retrying && failureReason instanceof DashboardApiError ? failureReason : undefined;
  // The same delay the query waits: retryDelay is given the failures before this one.
  const waitMs = error && failureCount > 0 ? retryDelay(failureCount - 1, error) : undefined;
  const [retryAt, setRetryAt] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    // The wait is counted from the moment this failure is committed, read once here and not at
    // each render; the countdown renders from it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is read at commit, not in render
    setRetryAt(waitMs === undefined ? undefined : Date.now() + waitMs);
  }, [waitMs, failureCount]);

  useEffect(() => {
    if (retryAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retryAt]);

  if (retryAt === undefined || !error) return undefined;
  return {
    seconds: Math.max(0, Math.ceil((retryAt - now) / 1000)),
    budget: error.isBudgetWait,
    message: error.message,
  };
}
