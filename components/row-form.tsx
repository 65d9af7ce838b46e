"use client";
import { useRef, useState, type ButtonHTMLAttributes } from "react";

// A table row's "Change" button opens a form in a row of its own beneath it. Saving or cancelling
// removes that form with the button just pressed in it, and focus would fall to the top of the page:
// a keyboard or screen reader user would start over, having heard nothing of what happened. So a
// closing form hands focus back to its row's button, and says what it changed in a status region
// that outlives it. The Staff page and the programs page share this.

/** What the status region says: counted, so the same words said twice are written, and heard, twice. */
export interface RowFormNews {
  words: string;
  count: number;
}

/** A page's news of what its row forms changed, and the means to say more. */
export function useRowFormNews(): [RowFormNews, (words: string) => void] {
  const [news, setNews] = useState<RowFormNews>({ words: "", count: 0 });
  const say = (words: string) => setNews((before) => ({ words, count: before.count + 1 }));
  return [news, say];
}

/** Always rendered while the table is, so a screen reader hears each change once it is written. */
export function RowFormStatus({ news }: { news: RowFormNews }) {
  return (
    <p role="status" className="sr-only" data-testid="row-form-status">
      <span key={news.count}>{news.words}</span>
    </p>
  );
}

/**
 * One row's form: refs for the button that opens it and for the row that holds it, and `close`,
 * which shuts the form with focus back on that button and says `outcome` when there is one.
 */
export function useRowForm(setOpen: (open: boolean) => void, say: (words: string) => void) {
  const opener = useRef<HTMLButtonElement>(null);
  const holder = useRef<HTMLTableRowElement>(null);
  const close = (outcome?: string) => {
    const focus = document.activeElement;
    // From inside the form, or from nowhere (the pressed button went); whoever moved on to
    // something else while a change was saved stays there.
    if (!focus || focus === document.body || holder.current?.contains(focus)) opener.current?.focus();
    setOpen(false);
    if (outcome) say(outcome);
  };
  return { opener, holder, close };
}

/**
 * A form's button that ignores presses while `busy` (a change on its way) yet keeps focus, where a
 * disabled one would drop it to the page: a refusal then finds the person on the button they
 * pressed, with its message read out. A submit button's cancelled click is no submission, however
 * it was pressed (Enter in a field of the form included).
 */
export function BusyButton({
  busy,
  onClick,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button
      {...props}
      aria-disabled={busy}
      className={`${className ?? ""} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
