// Runs `work` once the element is near the viewport and the browser has an idle moment: the
// chart's code and drawing then never compete with the page's first paint and hydration, and a
// chart scrolled past is never paid for.

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Calls `callback` in an idle period (at the latest after `timeoutMs`); returns a canceller. */
export function whenIdle(callback: () => void, timeoutMs = 1_000): () => void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => idle.cancelIdleCallback?.(handle);
  }
  // Safari has no requestIdleCallback: a timer still lets hydration's tasks go first.
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}

/** Calls `work` once `element` comes within `margin` of the viewport, in an idle period after. */
export function whenIdleInView(element: Element, work: () => void, margin = "200px"): () => void {
  let cancelIdle: (() => void) | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cancelIdle = whenIdle(work);
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancelIdle?.();
  };
}
