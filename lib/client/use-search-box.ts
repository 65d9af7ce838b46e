"use client";
import { useState } from "react";
import { useDebouncedCallback } from "./use-debounced-callback";

/**
 * A search box whose text the URL keeps once typing pauses. When the URL's text changes for
 * another reason (a link to the same page without it, back or forward), the box shows the URL's;
 * never while the person's own typing is on its way there, which would undo their last keys.
 */
export function useSearchBox(
  urlText: string,
  send: (text: string) => void,
  delayMs: number,
): { text: string; type: (text: string) => void } {
  const [text, setText] = useState(urlText);
  const [seen, setSeen] = useState({ url: urlText, sent: urlText });
  if (urlText !== seen.url) {
    setSeen({ url: urlText, sent: seen.sent });
    // The URL keeps the text trimmed.
    if (urlText !== seen.sent.trim()) setText(urlText);
  }
  const sendLater = useDebouncedCallback((value: string) => {
    setSeen((before) => ({ ...before, sent: value }));
    send(value);
  }, delayMs);
  return {
    text,
    type: (value: string) => {
      setText(value);
      sendLater.call(value);
    },
  };
}
