"use client";
import { useEffect, useId, useRef, useState } from "react";
import { useDebouncedCallback } from "@/lib/client/use-debounced-callback";

const DEBOUNCE_MS = 400;

// A free-text filter that commits after typing pauses (or at once on Enter), and follows the URL
// when back or forward changes it.
export function TextFilter({
  label,
  value,
  onCommit,
  suggestions,
  placeholder,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  suggestions?: readonly string[];
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const committed = useRef(value ?? "");
  const debounced = useDebouncedCallback((next: string) => commit(next), DEBOUNCE_MS);

  useEffect(() => {
    if ((value ?? "") !== committed.current) {
      committed.current = value ?? "";
      setText(value ?? "");
    }
  }, [value]);

  function commit(next: string) {
    const trimmed = next.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    onCommit(trimmed || undefined);
  }

  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type="search"
        value={text}
        placeholder={placeholder}
        list={suggestions ? `${id}-suggestions` : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.target.value);
          debounced.call(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            debounced.cancel();
            commit(text);
          }
        }}
        className="w-40 rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
      />
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </label>
  );
}
