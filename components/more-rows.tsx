"use client";
import { useEffect, useRef } from "react";
import { ErrorNotice } from "./error-notice";

// The end of a list that loads in pages: how many rows of how many are shown, the next page loaded
// when this end scrolls into view, and a button for it (a keyboard, or no IntersectionObserver).
// A page that failed to load says so here, under the rows already shown, and is not asked for
// again by itself: the person retries.
export function MoreRows(props: {
  loaded: number;
  total: number;
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** Why the last next page did not load, or null. */
  failed: unknown;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loading, loadMore, failed } = props;
  // The latest callback, so a render with a new one does not observe afresh and load again.
  const load = useRef(loadMore);
  useEffect(() => {
    load.current = loadMore;
  }, [loadMore]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed !== null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);
  return (
    <div ref={sentinel} className="flex items-center gap-3 text-sm">
      <span>
        Showing {props.loaded.toLocaleString("en-US")} of {props.total.toLocaleString("en-US")}
      </span>
      {failed !== null ? (
        <ErrorNotice error={failed} fallback="More rows could not be loaded." onRetry={loadMore} />
      ) : (
        hasMore && (
          <button
            type="button"
            onClick={loadMore}
            disabled={loading}
            className="rounded border border-slate-400 px-2 py-1 disabled:opacity-60"
          >
            {loading ? "Loading…" : "Load more"}
          </button>
        )
      )}
    </div>
  );
}
