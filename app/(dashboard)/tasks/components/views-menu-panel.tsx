"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type RefObject } from "react";
import type { SavedView } from "@/lib/client/api-types";
import { VIEW_NAME_MAX } from "@/lib/task-format/view-params";
import { saveView, viewsQuery, viewStateOf } from "@/lib/client/saved-views";
import { useMenuDismissal } from "@/lib/client/use-menu-dismissal";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { ViewRow } from "./view-row";

// The open views menu (views-menu.tsx): the form that saves the page as it is shown, then the
// person's own views and those others share. It closes like a menu: Esc (focus back to its
// button) or a click elsewhere; opening a view closes it too.

export type ViewAction = (work: () => Promise<unknown>, done: string) => Promise<boolean>;

const FIELD = "rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-950";

export function ViewsMenuPanel({
  state,
  menu,
  button,
  close,
}: {
  state: TaskListState;
  menu: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  close: () => void;
}) {
  useMenuDismissal({ menu, button, close });
  const client = useQueryClient();
  const views = useQuery(viewsQuery);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | undefined>(undefined);
  const mineId = useId();
  const sharedId = useId();

  const act: ViewAction = async (work, done) => {
    setBusy(true);
    try {
      await work();
      setSaid({ text: done, failed: false });
      // A list still on its way was read before this change: it is dropped, not waited for (an
      // invalidation alone would wait for it when the menu has no list yet).
      await client.cancelQueries({ queryKey: viewsQuery.queryKey });
      await client.invalidateQueries({ queryKey: viewsQuery.queryKey });
      return true;
    } catch (error) {
      setSaid({ text: error instanceof Error ? error.message : "The change was not made.", failed: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const open = (view: SavedView) => {
    state.openView(view);
    close();
    button.current?.focus();
  };

  const all = views.data?.data ?? [];
  const groups = [
    { id: mineId, label: "My views", rows: all.filter((view) => view.mine), empty: "None saved yet." },
    {
      id: sharedId,
      label: "Shared by others",
      rows: all.filter((view) => !view.mine),
      empty: "None shared.",
    },
  ];

  return (
    <div className="absolute z-20 mt-1 flex max-h-[70vh] w-[26rem] max-w-[90vw] flex-col gap-3 overflow-y-auto rounded border border-slate-300 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
      <SaveViewForm state={state} act={act} busy={busy} />
      {views.isError && <p role="alert">The saved views could not be loaded: {views.error.message}</p>}
      {views.isPending && <p>Loading the saved views…</p>}
      {views.isSuccess &&
        groups.map((group) => (
          <div key={group.id} className="flex flex-col gap-1">
            <p id={group.id} className="font-semibold">
              {group.label}
            </p>
            {group.rows.length === 0 ? (
              <p className="text-slate-700 dark:text-slate-300">{group.empty}</p>
            ) : (
              <ul aria-labelledby={group.id} className="flex flex-col gap-2">
                {group.rows.map((view) => (
                  <ViewRow
                    key={view.id}
                    view={view}
                    isStart={views.data.start_view_id === view.id}
                    busy={busy}
                    act={act}
                    onOpen={() => open(view)}
                    afterDelete={() => button.current?.focus()}
                  />
                ))}
              </ul>
            )}
          </div>
        ))}
      {/* Two live regions, always there, so a screen reader hears each message once it is written. */}
      <p role="status">{said && !said.failed ? said.text : ""}</p>
      <p role="alert" className="text-red-800 dark:text-red-300">
        {said?.failed ? said.text : ""}
      </p>
    </div>
  );
}

function SaveViewForm({ state, act, busy }: { state: TaskListState; act: ViewAction; busy: boolean }) {
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (await act(() => saveView(trimmed, shared, viewStateOf(state)), `Saved “${trimmed}”.`)) setName("");
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 font-medium">
        Save the current view as
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={VIEW_NAME_MAX}
          className={`${FIELD} font-normal`}
        />
      </label>
      <div className="flex items-center justify-between gap-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
          Share with everyone (each sees their own locations)
        </label>
        <button
          type="submit"
          disabled={busy || !name.trim()}
          className="rounded border border-slate-400 px-3 py-1"
        >
          Save
        </button>
      </div>
    </form>
  );
}
