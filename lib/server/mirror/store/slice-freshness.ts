// How fresh a slice is, as every reader states it (coverage, status): its walk's as_of, or, while
// the service's change feed keeps the slice (walked after the feed's cursor was taken), the time
// of the feed's last read that came back caught up, whichever is later (sync/feed.ts).

/** SQL over `w` (mirror_windows) and `st` (mirror_sync_state, one row). */
export const SLICE_FRESH_AS_OF = `CASE WHEN st.feed_as_of IS NOT NULL AND w.as_of >= st.feed_since
  THEN greatest(w.as_of, st.feed_as_of) ELSE w.as_of END`;
