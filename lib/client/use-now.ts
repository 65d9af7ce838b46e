"use client";
import { useSyncExternalStore } from "react";

// The time now, refreshed every `everyMs` while `ticking`: countdowns and "no rows for a while" must
// move on even when nothing else re-renders. One clock per period, shared by every component that
// shows it and running only while one of them ticks. Read without ticking (and on the server), it
// is at most one period old, and the same instant for every read within that period.

interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();
const noSubscription = () => () => {};

function clockOf(everyMs: number): Clock {
  const existing = clocks.get(everyMs);
  if (existing) return existing;
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    subscribe: (listener) => {
      if (clock.listeners.size === 0) {
        clock.now = Date.now();
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          clock.listeners.forEach((notify) => notify());
        }, everyMs);
      }
      clock.listeners.add(listener);
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size === 0) clearInterval(clock.timer);
      };
    },
    read: () => {
      const now = Date.now();
      if (clock.listeners.size === 0 && now - clock.now >= everyMs) clock.now = now;
      return clock.now;
    },
  };
  clocks.set(everyMs, clock);
  return clock;
}

export function useNow(ticking: boolean, everyMs = 1_000): number {
  const clock = clockOf(everyMs);
  return useSyncExternalStore(ticking ? clock.subscribe : noSubscription, clock.read, clock.read);
}
