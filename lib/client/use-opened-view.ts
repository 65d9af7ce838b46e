"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { OpenedView } from "./api-types";
import { viewSearchOf } from "./saved-views";
import { parseTableView, rememberView } from "./table-view";

// A saved view opened on the tasks page, and what the page owes the person about it: how many
// locations of its filter they may not see (left out by the server), whether that left it nothing
// to show, or why a view's link opened the default view instead.

export type ViewNotice =
  | { kind: "hidden"; name: string; count: number; opened: boolean }
  | { kind: "missing" | "unavailable" };

export function noticeOf(opened: OpenedView): ViewNotice | undefined {
  if ("problem" in opened) return { kind: opened.problem };
  const { view } = opened;
  const count = view.hidden_location_count;
  return count > 0
    ? { kind: "hidden", name: view.name, count, opened: viewSearchOf(view) !== undefined }
    : undefined;
}

/** Whether the server opened `opened` for this address: a view's link, or a bare /tasks (a start view). */
function opensAt(opened: OpenedView, search: string): boolean {
  const linked = new URLSearchParams(search).get("view");
  if ("problem" in opened) return linked !== null;
  return linked === opened.view.id || search === "";
}

/**
 * The view the server opened stands for the address it was opened at (the server rendered the page
 * with it) until the address is replaced with the view's own; a later change that comes back to
 * that address (clearing every filter) is that change, not the view again.
 */
export function useOpenedView(opened: OpenedView | undefined, urlSearch: string) {
  const router = useRouter();
  const [pending, setPending] = useState(() =>
    opened && opensAt(opened, urlSearch) ? { at: urlSearch, opened } : undefined,
  );
  const [notice, setNotice] = useState(() => pending && noticeOf(pending.opened));
  // Once the address has moved on, the view has been opened: coming back to that address later
  // is a change of the person's own.
  if (pending && pending.at !== urlSearch) setPending(undefined);
  const search = pending && ("view" in pending.opened ? (viewSearchOf(pending.opened.view) ?? "") : "");

  useEffect(() => {
    if (search === undefined) return;
    // Its columns and widths are this browser's choice from now on, as a choice made in the menus is.
    if (search) rememberView(parseTableView(new URLSearchParams(search), {}));
    router.replace(search ? `/tasks?${search}` : "/tasks", { scroll: false });
  }, [search, router]);

  return { search: pending?.at === urlSearch ? search : undefined, notice, setNotice };
}
