"use client";
import "./globals.css";
import { StatusPage } from "@/components/status-page";
import { BODY_CLASS } from "./body-class";

// Any page that failed while rendering (no closer error boundary: each would add to every page's
// first load) ends here, in place of the root layout: so it brings its own html and body, and
// the app's name, as it has no header. The digest is what the server's log line carries, for
// support; the error's own text may hold details a browser must not see, so it is never shown.
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en">
      <body className={BODY_CLASS}>
        <title>Something went wrong · Fleet Task Dashboard</title>
        <StatusPage
          brand
          title="Something went wrong"
          action={
            <button
              type="button"
              onClick={reset}
              className="rounded border border-slate-400 px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              Try again
            </button>
          }
        >
          <p>This page could not be shown. Trying again often helps; if it does not, tell support.</p>
          {error.digest && (
            <p className="text-sm">
              Reference: <span className="font-mono">{error.digest}</span>
            </p>
          )}
        </StatusPage>
      </body>
    </html>
  );
}
