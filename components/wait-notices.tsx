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
      {seconds !== undefined
        ? retryingIn(seconds)
        : `Loading by itself when a slot frees${freesIn === undefined ? "" : `, in about ${freesIn} s`}.`}
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
function retryingIn(seconds: number): string {
  return seconds > 0 ? `Retrying by itself in ${seconds} s.` : "Retrying now…";
}
