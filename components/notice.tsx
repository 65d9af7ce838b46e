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
