"use client";
import { usePathname } from "next/navigation";
import { lazy, Suspense } from "react";
import { AppLinksMarkup } from "./app-links-markup";

// Next's Link (with its router helpers) loads after the page: on /tasks nothing else of the first
// screen needs it, and the page has a first-load budget (docs/benchmarks.md). Until then
// the same links are plain ones, which work as links do before any script has run.
const AppLinks = lazy(() => import("./app-links"));

export function AppLinksSlot() {
  const pathname = usePathname();
  return (
    <Suspense fallback={<AppLinksMarkup anchor="a" pathname={pathname} />}>
      <AppLinks />
    </Suspense>
  );
}
