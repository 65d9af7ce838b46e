"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { mirrorStatusQuery } from "@/lib/client/task-queries";
import { mirrorFreshness, type FreshnessTone } from "@/lib/client/mirror-freshness";
import { forgetAnswer, oldestShown, subscribeToMarks, type ShownAsOf } from "@/lib/client/shown-freshness";
import { useMenuDismissal } from "@/lib/client/use-menu-dismissal";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { useNow } from "@/lib/client/use-now";
import MirrorDetails from "./mirror-details";

// The header's word on how fresh the data on the screen is ("Data as of 3 min ago"), a button that
// discloses the mirror's details and which part of the page is oldest. Loaded after the page by
// mirror-freshness-slot.tsx; the details come with it (they are small).

const TONES: Record<FreshnessTone, string> = {
  ok: "border-slate-400",
  filling: "border-amber-500 text-amber-900 dark:text-amber-200",
  stale: "border-amber-500 text-amber-900 dark:text-amber-200",
  error: "border-red-500 text-red-800 dark:text-red-300",
};

/** The oldest data the page shows now, kept up to date as its queries come and go. */
function useShownAsOf(): ShownAsOf | undefined {
  const client = useQueryClient();
  const snapshot = useSyncExternalStore(
    (onChange) => {
      const stopQueries = client.getQueryCache().subscribe((event) => {
        if (event.type === "removed") forgetAnswer(event.query.queryHash);
        onChange();
      });
      const stopMarks = subscribeToMarks(onChange);
      return () => {
        stopQueries();
        stopMarks();
      };
    },
    () => {
      const oldest = oldestShown(client.getQueryCache().getAll());
      return oldest ? `${oldest.asOfMs} ${oldest.part}` : "";
    },
    () => "",
  );
  if (!snapshot) return undefined;
  const space = snapshot.indexOf(" ");
  return { asOfMs: Number(snapshot.slice(0, space)), part: snapshot.slice(space + 1) };
}

export default function MirrorFreshness() {
  const { data } = useQuery({ ...mirrorStatusQuery, refetchInterval: 30_000 });
  const shown = useShownAsOf();
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
  const freshness = mirrorFreshness(data, now, shown);
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
      {open && <Details wrapper={wrapper} button={button} close={close} id={panelId} shown={shown} />}
    </div>
  );
}

function Details({
  wrapper,
  button,
  close,
  id,
  shown,
}: {
  wrapper: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  close: () => void;
  id: string;
  shown: ShownAsOf | undefined;
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
      <MirrorDetails shown={shown} />
    </div>
  );
}
