import { useSyncExternalStore } from "react";
import { browserTimeZone } from "./browser-zone";

// False while the server renders a page and while the browser hydrates it, true after. Text that
// depends on the browser's zone, locale or clock is written only then: the server renders in its
// own zone and at its own moment, and a text that differs at hydration is React error 418 (and an
// input keeps the server's value).

const noSubscription = () => () => {};

export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The zone a page writes its days and times in, by the rule above: UTC until hydrated, then the browser's. */
export function usePageZone(): string {
  return useInBrowser() ? browserTimeZone() : "UTC";
}
