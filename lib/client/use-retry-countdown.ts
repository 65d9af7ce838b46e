"use client";
import { useEffect, useState } from "react";
import { DashboardApiError } from "./dashboard-api";

// While a query waits for the shared upstream budget, the seconds until it retries by itself
// (the dashboard API's Retry-After); undefined when it is not waiting.
export function useRetryCountdown(
  failureReason: unknown,
  failureCount: number,
  retrying: boolean,
): number | undefined {
  const waitSeconds =
    retrying && failureReason instanceof DashboardApiError && failureReason.isBudgetWait
      ? (failureReason.retryAfterSeconds ?? 5)
      : undefined;
  const [retryAt, setRetryAt] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setRetryAt(waitSeconds === undefined ? undefined : Date.now() + waitSeconds * 1000);
  }, [waitSeconds, failureCount]);

  useEffect(() => {
    if (retryAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retryAt]);

  return retryAt === undefined ? undefined : Math.max(0, Math.ceil((retryAt - now) / 1000));
}
