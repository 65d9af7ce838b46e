"use client";
import { lazy, Suspense } from "react";

// The header's mirror freshness, loaded after the page: every page's first load carries the header,
// and /tasks must stay under its first-load budget, which the freshness, its details and the
// mirror's client would strain. React's own lazy, so no loader runtime comes with it.
const MirrorFreshness = lazy(() => import("./mirror-freshness"));

export function MirrorFreshnessSlot() {
  return (
    <Suspense fallback={null}>
      <MirrorFreshness />
    </Suspense>
  );
}
