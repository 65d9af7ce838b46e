"use client";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useRef, useState, type RefObject } from "react";
import { mirrorStatusQuery } from "@/lib/client/task-queries";
import { mirrorFreshness, type FreshnessTone } from "@/lib/client/mirror-freshness";
import { useMenuDismissal } from "@/lib/client/use-menu-dismissal";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { useNow } from "@/lib/client/use-now";
import MirrorDetails from "./mirror-details";

// The header's word on the task mirror ("Synced 1 min ago"), a button that discloses its details.
// Loaded after the page by mirror-freshness-slot.tsx; the details come with it (they are small).

const TONES: Record<FreshnessTone, string> = {
  ok: "border-slate-400",
  filling: "border-amber-500 text-amber-900 dark:text-amber-200",
  stale: "border-amber-500 text-amber-900 dark:text-amber-200",
  error: "border-red-500 text-red-800 dark:text-red-300",
};

export default function MirrorFreshness() {
  const { data } = useQuery({ ...mirrorStatusQuery, refetchInterval: 30_000 });
  const [open, setOpen] = useState(false);
  const now = useNow(data !== undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();
  // Hydrated after the page (lazy): by then /locations' counts may have fetched the same status,
  // and a first render with it would not match the server's empty slot (React error 418).
  const inBrowser = useInBrowser();
  if (!data || !inBrowser) return null;
  const freshness = mirrorFreshness(data, now);
  if (!freshness.label) return null;
  return (
    <div ref={wrapper} className="relative text-xs" data-testid="mirror-freshness">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`rounded border px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800 ${TONES[freshness.tone]}`}
        data-tone={freshness.tone}
      >
        <span className="sr-only">Task data: </span>
        {freshness.label}
      </button>
      {open && <Details wrapper={wrapper} button={button} close={close} id={panelId} />}
    </div>
  );
}

function Details({
  wrapper,
  button,
  close,
  id,
}: {
  wrapper: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  close: () => void;
  id: string;
}) {
  useMenuDismissal({ menu: wrapper, button, close });
  return (
    <div
      id={id}
      role="region"
      aria-label="Task data sync"
      className="absolute right-0 z-40 mt-1 w-80 max-w-[90vw] rounded border border-slate-300 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-950"
      data-testid="mirror-details"
    >
      <MirrorDetails />
    </div>
  );
}
