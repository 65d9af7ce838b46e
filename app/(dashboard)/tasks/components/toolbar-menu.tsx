"use client";
import { Suspense, useCallback, useRef, useState, type ReactNode, type RefObject } from "react";

/** What a menu's panel needs to close like a menu (Esc, a click outside) and give focus back. */
export interface MenuControls {
  menu: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  close: () => void;
}

// A toolbar button that opens a panel below it. The panel is rendered only while open, so its
// code (a lazy component) loads the first time the menu opens, not with the page.
export function ToolbarMenu({
  label,
  loading,
  panel,
}: {
  label: string;
  /** Shown while the panel's code loads. */
  loading?: ReactNode;
  panel: (controls: MenuControls) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);

  return (
    <details
      ref={menu}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="relative text-sm"
    >
      <summary
        ref={button}
        className="cursor-pointer rounded border border-slate-400 px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        {label}
      </summary>
      {open && <Suspense fallback={loading}>{panel({ menu, button, close })}</Suspense>}
    </details>
  );
}
