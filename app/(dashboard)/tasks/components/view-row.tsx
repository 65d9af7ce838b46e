"use client";
import { useState, type FormEvent } from "react";
import type { SavedView } from "@/lib/client/api-types";
import { VIEW_NAME_MAX } from "@/lib/task-format/view-params";
import { changeView, deleteView, setStartView, viewLink } from "@/lib/client/saved-views";
import { ANSWERS_ESCAPE } from "@/lib/client/use-menu-dismissal";
import type { ViewAction } from "./views-menu-panel";

// One saved view in the views menu: its name opens it; its owner renames, shares or unshares and
// deletes it (an admin may delete a shared one); anyone may start with it; a shared one has a link.
// Renaming and deleting ask in place, focus on the question, so the keyboard never leaves the row:
// once answered (or cancelled with Esc, which then leaves the menu open), focus is back on the
// button that asked.

/** A question asked in place takes the focus as it appears, so the keyboard answers it next. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

type Question = "rename" | "delete";

const SMALL = "rounded px-1.5 py-0.5 underline-offset-2 hover:underline disabled:opacity-50";

export function ViewRow({
  view,
  isStart,
  busy,
  act,
  onOpen,
  afterDelete,
}: {
  view: SavedView;
  isStart: boolean;
  busy: boolean;
  act: ViewAction;
  onOpen: () => void;
  afterDelete: () => void;
}) {
  const [asking, setAsking] = useState<Question | undefined>(undefined);
  // The button whose question was last answered, focused as it comes back in place of the question.
  const [answered, setAnswered] = useState<Question | undefined>(undefined);
  const answer = (question: Question) => {
    setAsking(undefined);
    setAnswered(question);
  };
  const focusIfAnswered = (question: Question) => (answered === question ? focusOnMount : undefined);
  const [link, setLink] = useState<string | undefined>(undefined);
  const name = `“${view.name}”`;

  const copyLink = async () => {
    const text = viewLink(view, window.location.origin);
    setLink(text);
    // A page served over plain HTTP (other than localhost) has no clipboard: the link is shown to copy.
    const copied = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    );
    await act(
      () => Promise.resolve(),
      copied ? `Link to ${name} copied.` : `Copy the link to ${name} below.`,
    );
  };

  const remove = async () => {
    if (await act(() => deleteView(view), `Deleted ${name}.`)) afterDelete();
  };

  return (
    <li className="flex flex-col gap-1 rounded border border-slate-200 p-2 dark:border-slate-700">
      <div className="flex items-baseline justify-between gap-2">
        <button type="button" onClick={onOpen} className="text-left font-medium underline underline-offset-2">
          <span className="sr-only">Open the view </span>
          {view.name}
        </button>
        <span className="shrink-0 text-xs text-slate-700 dark:text-slate-300">
          {[view.shared && (view.mine ? "Shared" : `by ${view.owner}`), isStart && "Start view"]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </div>
      {asking === "rename" ? (
        <RenameForm view={view} act={act} busy={busy} done={() => answer("rename")} />
      ) : asking === "delete" ? (
        <div role="group" aria-label={`Delete ${name}?`} className="flex items-center gap-2">
          <span>
            Delete {name}
            {view.shared ? " for everyone" : ""}?
          </span>
          <button type="button" className={SMALL} disabled={busy} onClick={() => void remove()}>
            Delete
          </button>
          {/* Focused first: the safe answer is where the keyboard lands. */}
          <button type="button" className={SMALL} ref={focusOnMount} onClick={() => answer("delete")}>
            Keep
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-x-1 text-xs">
          {view.mine && (
            <>
              <button
                type="button"
                className={SMALL}
                disabled={busy}
                ref={focusIfAnswered("rename")}
                onClick={() => setAsking("rename")}
              >
                Rename <span className="sr-only">{name}</span>
              </button>
              <button
                type="button"
                className={SMALL}
                disabled={busy}
                onClick={() =>
                  void act(
                    () => changeView(view, { shared: !view.shared }),
                    view.shared ? `${name} is yours alone again.` : `${name} is shared with everyone.`,
                  )
                }
              >
                {view.shared ? "Stop sharing" : "Share"} <span className="sr-only">{name}</span>
              </button>
            </>
          )}
          <button
            type="button"
            className={SMALL}
            disabled={busy}
            onClick={() =>
              void act(
                () => setStartView(isStart ? null : view),
                isStart
                  ? "Tasks opens with the default view again."
                  : `Tasks opens with ${name} from now on.`,
              )
            }
          >
            {isStart ? "Stop starting with it" : "Set as my start view"}{" "}
            <span className="sr-only">{name}</span>
          </button>
          {view.shared && (
            <button type="button" className={SMALL} disabled={busy} onClick={() => void copyLink()}>
              Copy link <span className="sr-only">to {name}</span>
            </button>
          )}
          {view.deletable && (
            <button
              type="button"
              className={SMALL}
              disabled={busy}
              ref={focusIfAnswered("delete")}
              onClick={() => setAsking("delete")}
            >
              Delete <span className="sr-only">{name}</span>
            </button>
          )}
        </div>
      )}
      {link && (
        <label className="flex flex-col gap-1 text-xs">
          Link to {name}
          <input
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-950"
          />
        </label>
      )}
    </li>
  );
}

function RenameForm({
  view,
  act,
  busy,
  done,
}: {
  view: SavedView;
  act: ViewAction;
  busy: boolean;
  done: () => void;
}) {
  const [name, setName] = useState(view.name);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (await act(() => changeView(view, { name: trimmed }), `Renamed to “${trimmed}”.`)) done();
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      {...{ [ANSWERS_ESCAPE]: "" }}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Not the task drawer's Esc either: this one only cancels the rename.
        event.stopPropagation();
        done();
      }}
      className="flex items-center gap-2"
    >
      <label className="flex flex-1 items-center gap-2">
        New name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={VIEW_NAME_MAX}
          ref={focusOnMount}
          className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-950"
        />
      </label>
      <button type="submit" className={SMALL} disabled={busy || !name.trim()}>
        Save
      </button>
      <button type="button" className={SMALL} onClick={done}>
        Cancel
      </button>
    </form>
  );
}
