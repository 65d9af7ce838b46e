"use client";
import { startTransition, Suspense, useEffect, useState, type ReactNode } from "react";

/**
 * A lazily loaded part of a server-rendered page, in a Suspense boundary of its own, that gets the
 * element of its first render until the boundary has hydrated, and the current one after.
 *
 * Why: until a boundary hydrates, any update reaching it makes React give up the server's HTML.
 * - A boundary whose code is late: React shows the fallback (for these parts, nothing) until the
 *   code comes, so the part blinks out on a busy machine.
 * - A boundary the server streamed out of line (React does this with every large boundary, such
 *   as the grid with its rows): until the page's reveal script has moved the content
 *   into place, React renders the part in the browser instead, and for a moment the page holds
 *   both the streamed copy (hidden) and the browser's (a test once found two empty-state notices).
 * Waiting for the code to load was not enough for the second: the code can come before the reveal.
 * The boundary's own mark says when it has hydrated, whatever it waited for. A part mounted in the
 * browser later (after a client-side navigation) is held the same way until its code has come.
 *
 * Until then the part is inert: the server's buttons and fields show but have no handlers yet, and
 * a click or key on them would be lost. Inert, they take neither (nor focus), and tools that act
 * as a person does wait for them.
 */
export function HeldUntilHydrated({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  const part = (
    <Suspense fallback={fallback}>
      <HydratedMark onHydrated={setHydrated} />
      {children}
    </Suspense>
  );
  // The first render's element, kept as is: the very same element is no update to React.
  const [first] = useState(part);
  return (
    <div className="contents" inert={!hydrated}>
      {hydrated ? part : first}
    </div>
  );
}

/** Renders nothing; its effect runs once the boundary around it has hydrated (or rendered). */
function HydratedMark({ onHydrated }: { onHydrated: (hydrated: true) => void }) {
  useEffect(() => startTransition(() => onHydrated(true)), [onHydrated]);
  return null;
}
