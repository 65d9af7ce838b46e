"use client";
import { useEffect, useState } from "react";

// The time now, refreshed every second while `ticking`: countdowns and "no rows for a while" must
// move on even when nothing else re-renders.
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
