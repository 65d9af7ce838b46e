"use client";
import type { ReactNode } from "react";

/**
 * A link a keyboard user meets first, hidden until it has focus, that moves focus to the element
 * `targetId` names. It moves focus only: followed as a #fragment, it would leave a history entry
 * Next's router ignores (Esc from a drawer opened next would take two presses) and scroll the list
 * when that entry came back. Without JavaScript it is a plain fragment link.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="sr-only rounded bg-white px-2 py-1 underline focus:not-sr-only dark:bg-slate-900"
    >
      {children}
    </a>
  );
}
