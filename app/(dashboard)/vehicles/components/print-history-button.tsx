"use client";
import { printWhenReady } from "@/lib/client/print-preparation";

// Prints the vehicle's history for a workshop or an insurer (or saves it as a PDF through the
// print dialog): its odometer chart is drawn first, wherever the page is scrolled.
export function PrintHistoryButton() {
  return (
    <button
      type="button"
      onClick={() => void printWhenReady()}
      className="rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
      data-testid="print-history"
    >
      Print history
    </button>
  );
}
