"use client";
import { useEffect } from "react";
import { markShown } from "@/lib/client/shown-freshness";

// Marks a part the server rendered with its data (no query of its own) as shown, with how fresh
// that data is, for the header's "Data as of" (lib/client/shown-freshness.ts).
export function ShownAsOf({ part, asOf }: { part: string; asOf: string }) {
  useEffect(() => markShown({ part, asOfMs: Date.parse(asOf) }), [part, asOf]);
  return null;
}
