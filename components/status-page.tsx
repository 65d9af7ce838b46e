/* eslint-disable @next/next/no-html-link-for-pages -- plain links on purpose, as said below: with
   Next's Link, its code came into the root error page's and the not-found page's chunks, which
   every page loads first (7 kB gzipped of each first load). */
import type { ReactNode } from "react";

// What stands in for a page that cannot be shown (not found, not valid, failed): what happened in
// words, and the ways on, so nobody is left on a dead end. Plain links: after a failure a full page
// load starts clean, and the root error page, which every page loads, stays small.
export function StatusPage({
  title,
  children,
  action,
  brand = false,
}: {
  title: string;
  children: ReactNode;
  /** A way on that fits this case (try again), shown first. */
  action?: ReactNode;
  /** The app's name above the title, for a page shown without any header. */
  brand?: boolean;
}) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 p-6" data-testid="status-page">
      {brand && (
        <a href="/tasks" className="font-semibold">
          Fleet Task Dashboard
        </a>
      )}
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="flex flex-col gap-2">{children}</div>
      <nav aria-label="Ways on" className="flex flex-wrap items-center gap-4 text-sm">
        {action}
        <a className="underline underline-offset-2" href="/tasks">
          Go to the tasks
        </a>
        <a className="underline underline-offset-2" href="/locations">
          Go to the locations
        </a>
      </nav>
    </main>
  );
}
