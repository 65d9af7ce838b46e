import type { ReactNode } from "react";

// A line the page owes the person: an error (announced at once) or a wait (announced politely).

const TONES = {
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  wait: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
};

export function Notice({
  tone,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`rounded border p-2 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}

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
