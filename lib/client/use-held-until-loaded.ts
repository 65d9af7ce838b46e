"use client";
import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A lazily loaded part of a server-rendered page. Until its code is in, React keeps the server's
 * HTML for it (a boundary not yet hydrated); an ordinary update reaching that boundary meanwhile
 * (the page's data arriving) makes React drop the HTML and show the fallback, nothing, until the
 * code comes: the part blinked out for 0.3-1 s on a busy machine. So until the code is in, the part
 * gets the element of its first render (nothing reaches it, and it hydrates with the props the
 * server used); once in, a transition hands it the current element.
 */
export function useHeldUntilLoaded(element: ReactNode, code: Promise<unknown>): ReactNode {
  const first = useRef(element);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let mounted = true;
    code.then(
      () => {
        if (mounted) startTransition(() => setLoaded(true));
      },
      // Code that failed to load: the lazy part's own error boundary says so; the server's HTML stays.
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [code]);
  return loaded ? element : first.current;
}
