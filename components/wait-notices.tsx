import type { ReactNode } from "react";
import { Notice } from "./notice";

// What a request is waiting for, with a countdown: shown only while one waits, so apart from the
// plain notice (notice.tsx), which pages draw in their first screen and so in their first load.

/**
 * A request waiting for the shared upstream budget: refused and retried after the seconds given
 * (`seconds`), or still queued for a slot the budget says frees in about `freesIn` seconds.
 */
export function BudgetWaitNotice({ seconds, freesIn }: { seconds?: number; freesIn?: number }) {
  return (
    <Notice tone="wait" testId="budget-wait">
      Waiting for the shared upstream budget: everyone&apos;s requests share it.{" "}
      {seconds !== undefined ? (
        retryingIn(seconds)
      ) : freesIn === undefined ? (
        "Loading by itself when a slot frees."
      ) : (
        <Ticking
          shown={`Loading by itself when a slot frees, in about ${freesIn} s.`}
          spoken="Loading by itself when a slot frees."
        />
      )}
    </Notice>
  );
}

/** A request the service did not answer, sent again by itself after a growing pause. */
export function ServiceWaitNotice({ message, seconds }: { message: string; seconds: number }) {
  return (
    <Notice tone="wait" testId="service-wait">
      {message} {retryingIn(seconds)}
    </Notice>
  );
}

/** The countdown, and once it is over, that the request is out (it may take a while to answer). */
function retryingIn(seconds: number): ReactNode {
  return seconds > 0 ? (
    <Ticking shown={`Retrying by itself in ${seconds} s.`} spoken="Retrying by itself shortly." />
  ) : (
    "Retrying now…"
  );
}

/**
 * A sentence whose figure changes every second, shown as it is but read to a screen reader as one
 * steady sentence: the notice is a live region, which would otherwise read it out every second.
 */
function Ticking({ shown, spoken }: { shown: string; spoken: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
