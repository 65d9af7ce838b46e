"use client";
import { useLayoutEffect, type RefObject } from "react";

const TAB_STOPS = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

/**
 * Tab and Shift+Tab go round a modal dialog's controls instead of leaving it for the page behind,
 * which a keyboard user cannot see into (the WAI-ARIA dialog pattern). Stops are looked up at each
 * press: the dialog's content changes while it is open (a task loads, a details element opens).
 * Set up in the commit that shows the dialog, so a Tab pressed as it appears is already held.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
      const stops = [...element.querySelectorAll<HTMLElement>(TAB_STOPS)].filter((stop) =>
        stop.checkVisibility(),
      );
      const edge = event.shiftKey ? stops[0] : stops.at(-1);
      const wrapTo = event.shiftKey ? stops.at(-1) : stops[0];
      if (!wrapTo) {
        event.preventDefault();
      } else if (document.activeElement === edge || document.activeElement === element) {
        event.preventDefault();
        wrapTo.focus();
      }
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [container]);
}
